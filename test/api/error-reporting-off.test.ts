import * as Sentry from '@sentry/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/env';
import { createErrorReporter, noErrorReporter } from '../../src/server/error-reporting/reporter';
import { createTestApp, silentLogger, type TestApp } from '../support/app';
import { startFakeSentry, type FakeSentry } from '../support/fake-sentry';

// Without SENTRY_DSN error reporting is off: the SDK is not initialised, nothing is sent, the
// browser is told so (decision 014). Its own file: the SDK is process-wide.

let sentry: FakeSentry;
let t: TestApp;
beforeAll(async () => {
  sentry = await startFakeSentry();
  t = await createTestApp({
    reporter: await createErrorReporter(loadEnv({ NODE_ENV: 'test' }), silentLogger),
  });
});
afterAll(async () => {
  await sentry.close();
});

it('without SENTRY_DSN a 500 is answered, the SDK stays uninitialised and nothing is sent', async () => {
  expect(await createErrorReporter(loadEnv({ NODE_ENV: 'test' }), silentLogger)).toBe(
    noErrorReporter,
  );
  const meta = await t.request('/api/v1/meta');
  expect(((await meta.json()) as { errorReporting: unknown }).errorReporting).toBeNull();

  const lawyer = await t.signUp();
  await t.database.close();
  const res = await t.request('/api/v1/company', { cookie: lawyer.cookie });
  expect(res.status).toBe(500);
  // Give a (wrongly) running SDK time to send.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(Sentry.isInitialized()).toBe(false);
  expect(Sentry.getClient()).toBeUndefined();
  expect(sentry.requests).toEqual([]);
});
