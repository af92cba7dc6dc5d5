import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { startFakeSentry, type FakeSentry } from '../test/support/fake-sentry';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from '../test/support/process';
import { outboxUrl } from '../src/server/http/outbox';
import { watchCspViolations } from './support/csp';
import { L, T } from './support/i18n';
import { newUser } from './support/users';

// Error reporting in the browser (issue 11; decision 014): with SENTRY_DSN on the server the page
// loads the Sentry SDK and delivers its errors and unhandled rejections to the ingest, under the
// Content-Security-Policy and without personal data; without it the SDK is never fetched.

const EMAIL = 'eva.private@esop-crm.test';
const isSentryChunk = (url: string) => /\/assets\/[^/]*sentry[^/]*\.js/i.test(url);

/** A plain error thrown by a timer. */
async function throwInPage(page: Page) {
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Thrown in the page (e2e)');
    });
  });
}

/** A promise rejected without a handler. */
async function rejectInPage(page: Page) {
  await page.evaluate(() => {
    void Promise.reject(new Error('Rejected in the page (e2e)'));
  });
}

test.describe('with SENTRY_DSN', () => {
  // The configured Origin header is the main test server's; this one has its own.
  test.use({ extraHTTPHeaders: {} });
  let sentry: FakeSentry;
  let server: ServerProcess;
  let dataDir: string;
  const secret = randomBytes(32).toString('hex');

  test.beforeAll(async () => {
    sentry = await startFakeSentry('77');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'esop-e2e-sentry-'));
    const port = await freePort();
    server = spawnServer({
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: secret,
      AUTH_RATE_LIMIT: 'off',
      SENTRY_DSN: sentry.dsn,
      SENTRY_ENVIRONMENT: 'e2e',
      SENTRY_RELEASE: 'esop-crm@e2e-1',
    });
    await waitForHealth(server);
  });
  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await server?.exited;
    await sentry?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('page errors and unhandled rejections reach the ingest, scrubbed, under the CSP', async ({
    page,
  }) => {
    const violations = await watchCspViolations(page);
    const sdkLoaded = page.waitForResponse((response) => isSentryChunk(response.url()));
    // A query string with an e-mail address: it must not travel with the report.
    const response = await page.goto(`${server.url}/auth/sign-in?hint=${EMAIL}`);
    expect(response!.headers()['content-security-policy']).toContain(
      `connect-src 'self' ${server.url} ${sentry.origin}`,
    );
    expect((await sdkLoaded).status()).toBe(200);
    await page.getByLabel(T('auth.field.email'), { exact: true }).fill(EMAIL);

    // One after the other: the SDK ignores a rejection reported in the same turn as an error it
    // has just caught in a timer.
    await throwInPage(page);
    await sentry.waitForEvents(1, 45_000);
    await rejectInPage(page);
    const events = await sentry.waitForEvents(2, 45_000);
    const messages = events.flatMap((event) =>
      (event.exception as { values: { value: string }[] }).values.map((v) => v.value),
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Thrown in the page (e2e)'),
        expect.stringContaining('Rejected in the page (e2e)'),
      ]),
    );
    for (const event of events) {
      expect(event).toMatchObject({ release: 'esop-crm@e2e-1', environment: 'e2e' });
      expect(event.request).toEqual({ url: `${server.url}/auth/sign-in` });
    }
    const raw = sentry.envelopes.map((e) => e.raw).join('\n');
    expect(raw).not.toContain('eva.private');
    expect(raw).not.toMatch(/"cookies"|"ip_address"|"headers"/);
    expect(await violations()).toEqual([]);
  });

  test('a signed-in user is reported by id only', async ({ page }) => {
    const user = newUser({ name: 'Vera Secret-Name' });
    const signUp = await page.request.post(`${server.url}/api/auth/sign-up/email`, {
      headers: { origin: server.url },
      data: { name: user.name, email: user.email, password: user.password },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    // This server runs in local mode: the verification link is in its outbox (on this machine).
    await page.request.get(outboxUrl(server.url, secret));
    const outbox = await (await page.request.get(`${server.url}/dev/outbox`)).text();
    const link = /https?:\/\/[^\s"<&]+\/api\/auth\/verify-email\?token=[\w.-]+/.exec(outbox)?.[0];
    expect(link, 'verification link in the outbox').toBeTruthy();
    expect((await page.request.get(link!)).status()).toBeLessThan(400);

    const violations = await watchCspViolations(page);
    const sdkLoaded = page.waitForResponse((response) => isSentryChunk(response.url()));
    await page.goto(`${server.url}/auth/sign-in`);
    await sdkLoaded;
    // On this server (support/auth's signIn goes to the main one).
    await page.getByLabel(T('auth.field.email'), { exact: true }).fill(user.email);
    await page.getByLabel(T('auth.field.password'), { exact: true }).fill(user.password);
    await page.getByRole('button', { name: T('auth.signIn.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/companies(\?.*)?$/);
    const me = (await (await page.request.get(`${server.url}/api/v1/me`)).json()) as {
      user: { id: string };
    };
    const before = sentry.events().length;
    await throwInPage(page);
    const events = await sentry.waitForEvents(before + 1, 45_000);
    const event = events[before]!;
    expect(event.user).toEqual({ id: me.user.id });
    const raw = sentry.envelopes.map((e) => e.raw).join('\n');
    for (const secret of [user.email, 'Vera', 'Secret-Name']) expect(raw).not.toContain(secret);
    expect(await violations()).toEqual([]);
  });
});

test('without SENTRY_DSN the Sentry SDK is never requested', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/auth/sign-in');
  await expect(
    page.getByRole('button', { name: T('auth.signIn.submit'), exact: true }),
  ).toBeVisible();
  await throwInPage(page);
  await rejectInPage(page);
  await page.goto('/auth/sign-up');
  await expect(page.getByRole('button', { name: L('Create account') })).toBeVisible();
  expect(requested.filter(isSentryChunk)).toEqual([]);
  // Every request stayed on this server: nothing went to an ingest.
  const origin = new URL(page.url()).origin;
  expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual(
    [],
  );
});
