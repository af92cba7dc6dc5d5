import type { SecondaryStorage } from 'better-auth';
import { sql } from 'drizzle-orm';
import { createAuth } from '../../src/server/auth/auth';
import type { DatabaseHandle } from '../../src/server/db/client';
import { loadEnv, type Env } from '../../src/server/env';
import type { ErrorReporter } from '../../src/server/error-reporting/reporter';
import { createApp } from '../../src/server/http/app';
import type { Logger } from '../../src/server/logger';
import { createOutboxMailer, type Mailer, type MailMessage } from '../../src/server/mail/mailer';
import { createSmsSender } from '../../src/server/mail/sms';
import { createTestDatabase } from './db';
import { responseValidator } from './openapi';
import type { OpenApiDocument } from '../../src/server/http/openapi';

export const TEST_ORIGIN = 'http://localhost:3000';

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** A mailer that keeps what it sends in memory (tests read the links from it). */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    mode: 'smtp',
    sent,
    async send(message) {
      sent.push(message);
    },
    async close() {},
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mail?: 'memory' | 'outbox';
  database?: DatabaseHandle;
  secondaryStorage?: SecondaryStorage;
  /** A built SPA directory to serve (default: none, API only). */
  staticDir?: string;
  /** Error reporting (test/api/error-reporting.test.ts). */
  reporter?: ErrorReporter;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The real Hono app on a fresh database, with helpers to sign users up and call the API. */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = options.database ?? (await createTestDatabase());
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    APP_URL: TEST_ORIGIN,
    DATA_DIR: '/nonexistent-test-data-dir',
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    AUTH_RATE_LIMIT: 'off',
    // A cheap scrypt (decision 034; refused in production, which some tests run as);
    // test/api/password-hashing.test.ts checks the real one.
    ...(options.env?.NODE_ENV === 'production' ? {} : { TEST_PASSWORD_HASHING: 'fast' }),
    // `npm run test:clock` runs the date-sensitive suites with the business clock pinned.
    ...(process.env.TEST_CLOCK ? { TEST_CLOCK: process.env.TEST_CLOCK } : {}),
    ...options.env,
  });
  const memory = memoryMailer();
  const mailer =
    options.mail === 'outbox'
      ? createOutboxMailer({ db: database.db, logger: silentLogger })
      : memory;
  const auth = createAuth({
    db: database.db,
    env,
    secret: env.BETTER_AUTH_SECRET!,
    mailer,
    sms: createSmsSender({ db: database.db, logger: silentLogger }),
    logger: silentLogger,
    secondaryStorage: options.secondaryStorage,
  });
  const app = createApp({
    env,
    db: database.db,
    auth,
    mailer,
    logger: silentLogger,
    secret: env.BETTER_AUTH_SECRET!,
    secondaryStorage: options.secondaryStorage,
    staticDir: options.staticDir,
    reporter: options.reporter,
    ping: async () => {
      await database.db.execute(sql`select 1`);
    },
  });

  /** Sends a request through the app; JSON bodies are serialized, the Origin header is set. */
  async function request(
    path: string,
    init: {
      method?: string;
      body?: unknown;
      /** Sent as is: text, bytes, or a form (multipart, its boundary set by the request). */
      rawBody?: string | Uint8Array<ArrayBuffer> | FormData;
      headers?: Record<string, string>;
      cookie?: string;
      remoteAddress?: string;
    } = {},
  ) {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | Uint8Array<ArrayBuffer> | FormData | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const bindings = init.remoteAddress
      ? {
          incoming: {
            socket: { remoteAddress: init.remoteAddress, remotePort: 40000, remoteFamily: 'IPv4' },
          },
        }
      : undefined;
    const method = init.method ?? 'GET';
    const res = await app.request(`${TEST_ORIGIN}${path}`, { method, headers, body }, bindings);
    if (path.startsWith('/api/v1/') && !path.startsWith('/api/v1/openapi.json')) {
      await checkAgainstDocument(method, path, res);
    }
    return res;
  }

  // Every /api/v1 answer in every API test is checked against the OpenAPI document: a status
  // it does not list or a body that does not match its schema fails the test (issue 11).
  let check: ReturnType<typeof responseValidator> | undefined;
  async function checkAgainstDocument(method: string, path: string, res: Response) {
    check ??= responseValidator(
      (await (await app.request(`${TEST_ORIGIN}/api/v1/openapi.json`)).json()) as OpenApiDocument,
      { undocumented: 'ignore' },
    );
    const type = res.headers.get('content-type') ?? '';
    const text = type.includes('json') ? await res.clone().text() : '';
    const problems = check(method, path, res.status, text ? JSON.parse(text) : undefined);
    if (problems.length > 0) {
      throw new Error(`The answer differs from the OpenAPI document:\n${problems.join('\n')}`);
    }
  }

  let counter = 0;
  /** Signs a new user up, verifies the address through the mailed link and signs in. */
  async function signUp(overrides: { name?: string; email?: string; password?: string } = {}) {
    counter += 1;
    const email =
      overrides.email ?? `lawyer${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = overrides.password ?? 'correct horse battery';
    const name = overrides.name ?? `Lawyer ${counter}`;
    const res = await request('/api/auth/sign-up/email', {
      method: 'POST',
      body: { name, email, password },
    });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    const mail = memory.sent.findLast((m) => m.to === email);
    const link = mail?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
    if (!link) throw new Error(`no verification mail for ${email}`);
    const url = new URL(link);
    const verified = await request(`${url.pathname}${url.search}`);
    if (verified.status >= 400) throw new Error(`verification failed: ${verified.status}`);
    return signIn(email, password).then((s) => ({ ...s, name, password }));
  }

  async function signIn(email: string, password: string) {
    const res = await request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email, password },
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const body = (await res.json()) as { user: { id: string } };
    const session = await request('/api/auth/get-session', { cookie });
    const data = (await session.json()) as { session: { activeOrganizationId: string } };
    return {
      email,
      cookie,
      userId: body.user.id,
      organizationId: data.session.activeOrganizationId,
    };
  }

  return {
    app,
    env,
    auth,
    database,
    db: database.db,
    mails: memory.sent,
    request,
    signUp,
    signIn,
    close: () => database.close(),
  };
}
