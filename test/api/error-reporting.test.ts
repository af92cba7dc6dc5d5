import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import * as Sentry from '@sentry/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/env';
import { createErrorReporter, type ErrorReporter } from '../../src/server/error-reporting/reporter';
import { createTestApp, silentLogger, type TestApp } from '../support/app';
import { ok } from '../support/equity';
import { startFakeSentry, type FakeSentry } from '../support/fake-sentry';

// Issue 11, "Failures visible": a database failure answered 5xx reaches the error-reporting
// service (a local fake of Sentry's ingest), with the release, the environment and the user id,
// and nothing personal or financial from the request (decision 014).

const SENTRY_ENV = { SENTRY_ENVIRONMENT: 'staging-eu', SENTRY_RELEASE: 'esop-crm@9.8.7-test' };

// Figures of the request that must not travel: a valuation's amounts and share count.
const FIGURES = {
  enterpriseValue: '98765432',
  debt: '1357911',
  cash: '2468024',
  fullyDilutedShares: 4_444_777,
};
const TOKEN_IN_QUERY = 'tok3n-in-the-query-string';

let sentry: FakeSentry;
let reporter: ErrorReporter;
let t: TestApp;
let user: Awaited<ReturnType<TestApp['signUp']>>;

beforeAll(async () => {
  sentry = await startFakeSentry('4242');
  const env = { SENTRY_DSN: sentry.dsn, ...SENTRY_ENV };
  reporter = await createErrorReporter(loadEnv({ NODE_ENV: 'test', ...env }), silentLogger);
  t = await createTestApp({ env, reporter });
  user = await t.signUp({ name: 'Rita Reporter', email: 'rita.reporter@example.com' });
});
afterAll(async () => {
  await t?.close();
  await sentry?.close();
});

describe('error reporting with SENTRY_DSN', () => {
  it('initialises the SDK with the DSN, release and environment', () => {
    expect(Sentry.isInitialized()).toBe(true);
    const options = Sentry.getClient()!.getOptions();
    expect(options.dsn).toBe(sentry.dsn);
    expect(options.release).toBe(SENTRY_ENV.SENTRY_RELEASE);
    expect(options.environment).toBe(SENTRY_ENV.SENTRY_ENVIRONMENT);
  });

  it('tells the browser where to report (GET /api/v1/meta)', async () => {
    const meta = await t.request('/api/v1/meta');
    expect(((await meta.json()) as { errorReporting: unknown }).errorReporting).toEqual({
      dsn: sentry.dsn,
      environment: 'staging-eu',
      release: 'esop-crm@9.8.7-test',
    });
  });

  it('reports a database failure answered 500 with the user id only, and no 4xx', async () => {
    const company = await ok<{ id: string }>(t, user.cookie, '/company', 'POST', {
      companyName: 'Outage B.V.',
    });
    const path = `/api/v1/company/${company.id}/valuations?access_token=${TOKEN_IN_QUERY}`;
    const valuation = {
      effectiveDate: '2025-01-01',
      purpose: 'tax_fmv',
      method: 'opm',
      provider: 'Valuers & Co',
      dlomPercent: '30',
      ...FIGURES,
    };

    // A 4xx first: the caller's mistake, never reported.
    const refused = await t.request(path, {
      method: 'POST',
      cookie: user.cookie,
      body: { ...valuation, effectiveDate: 'not a date' },
    });
    expect(refused.status).toBe(400);

    // The valuation table goes away under the running server (an outage of that part of the
    // database): the write fails after the caller was identified.
    await t.db.execute(sql`alter table valuation rename to valuation_offline`);
    try {
      const failed = await t.request(path, {
        method: 'POST',
        cookie: user.cookie,
        body: valuation,
      });
      expect(failed.status).toBe(500);
    } finally {
      await t.db.execute(sql`alter table valuation_offline rename to valuation`);
    }

    const [event, ...more] = await sentry.waitForEvents(1);
    expect(more).toEqual([]); // the 400 was not reported
    expect(sentry.envelopes[0]!.project).toBe('4242');
    expect(event).toMatchObject({
      release: 'esop-crm@9.8.7-test',
      environment: 'staging-eu',
      user: { id: user.userId },
      tags: { method: 'POST', status: '500', route: expect.stringContaining('valuations') },
    });
    expect(Object.keys(event!.user as object)).toEqual(['id']);
    const exception = (event!.exception as { values: { type: string; value: string }[] }).values;
    expect(exception.map((e) => e.value).join('\n')).toMatch(/valuation/);

    // Nothing personal or financial anywhere in what was sent.
    const raw = sentry.envelopes.map((e) => e.raw).join('\n');
    const sessionToken = decodeURIComponent(user.cookie.split('=')[1]!.split(';')[0]!);
    for (const secret of [
      user.email,
      'rita.reporter',
      sessionToken.split('.')[0]!,
      TOKEN_IN_QUERY,
      FIGURES.enterpriseValue,
      FIGURES.debt,
      FIGURES.cash,
      String(FIGURES.fullyDilutedShares),
      'Valuers & Co',
    ]) {
      expect(raw, `"${secret}" was sent`).not.toContain(secret);
    }
    expect(raw).not.toMatch(/"cookies"|"data"|"ip_address"|"breadcrumbs"/);
    expect(event!.request ?? {}).not.toHaveProperty('headers.cookie');
  });

  it('reports a database outage (the connection gone) answered 500', async () => {
    const before = sentry.events().length;
    const other = await createTestApp({ env: { SENTRY_DSN: sentry.dsn, ...SENTRY_ENV }, reporter });
    const lawyer = await other.signUp({ email: 'olaf.outage@example.com' });
    await other.database.close();
    const res = await other.request('/api/v1/company', { cookie: lawyer.cookie });
    expect(res.status).toBe(500);
    const events = await sentry.waitForEvents(before + 1);
    const raw = sentry.envelopes.map((e) => e.raw).join('\n');
    expect(events[before]).toMatchObject({ tags: { method: 'GET', status: '500' } });
    expect(raw).not.toContain('olaf.outage');
  });

  it.each(['rejection', 'exception'])(
    'reports an unhandled %s of the server process, which then ends as Node would',
    async (kind) => {
      const ingest = await startFakeSentry('5151');
      try {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'test/support/unhandled-error.ts', kind],
          {
            env: { PATH: process.env.PATH, NODE_ENV: 'test', SENTRY_DSN: ingest.dsn },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        expect(code).not.toBe(0);
        const [event] = await ingest.waitForEvents(1);
        const values = (event!.exception as { values: { value: string; mechanism: unknown }[] })
          .values;
        expect(values.at(-1)).toMatchObject({
          value: expect.stringMatching(/^Un\w+ \w+ in the server \(test\)$/),
          mechanism: { handled: false },
        });
        expect(event).toMatchObject({
          environment: 'test',
          release: expect.stringMatching(/^esop-crm@/),
        });
      } finally {
        await ingest.close();
      }
    },
  );
});
