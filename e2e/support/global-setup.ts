import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { linkIn, waitForMail } from './mail';
import { startMailServer, type MailServer } from './mail-server';
import { TEST_PASSWORD } from './users';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TMP_DIR = path.join(ROOT, 'e2e/.tmp');
export const SERVER_LOG = path.join(TMP_DIR, 'server.log');
export const A11Y_RECORD = path.join(TMP_DIR, 'a11y-checked.txt');

const STARTUP_TIMEOUT_MS = 60_000;

/**
 * The platform administrator of the e2e server (ADMIN_EMAILS): whoever signs up with this
 * address becomes admin. Workers read it as E2E_ADMIN_EMAIL (e2e/admin.spec.ts).
 */
export const E2E_ADMIN_EMAIL = 'platform-admin@esop-crm.test';
/** A second administrator, the sweep's (e2e/screens.spec.ts), whose saved language is its own. */
export const E2E_SWEEP_ADMIN_EMAIL = 'sweep-admin@esop-crm.test';

/** What global setup started; global teardown (same runner process) stops it. */
export interface Harness {
  server: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
  mail: MailServer;
  dataDir: string;
  /** The PostgreSQL database made for this run (E2E_DATABASE_URL), dropped at teardown. */
  database?: { adminUrl: string; name: string };
}

declare global {
  var __esopE2E: Harness | undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(
  url: string,
  exited: Harness['exited'],
  output: () => string,
): Promise<void> {
  let gone: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void exited.then((result) => (gone = result));
  const deadline = performance.now() + STARTUP_TIMEOUT_MS;
  let last = 'no answer yet';
  while (performance.now() < deadline) {
    if (gone) {
      throw new Error(
        `The app server exited during start-up (code ${gone.code}, signal ${gone.signal}).\n` +
          `--- server output ---\n${output()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The app server did not answer 200 on ${url} within ${STARTUP_TIMEOUT_MS / 1000} s ` +
      `(last: ${last}).\n--- server output ---\n${output()}`,
  );
}

function databaseUrl({ adminUrl, name }: { adminUrl: string; name: string }): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createDatabase(adminUrl: string) {
  const name = `esop_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return { adminUrl, name };
}

export async function dropDatabase({ adminUrl, name }: { adminUrl: string; name: string }) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * A platform administrator's account (an address in ADMIN_EMAILS, the password every test user
 * has), signed up and verified once per run: journeys running side by side each only sign in.
 */
async function createAdmin(baseURL: string, email: string): Promise<void> {
  const headers = { origin: baseURL, 'content-type': 'application/json' };
  const signedUp = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Ada Admin', email, password: TEST_PASSWORD }),
  });
  if (signedUp.status !== 200)
    throw new Error(`[e2e] admin sign-up: HTTP ${signedUp.status} ${await signedUp.text()}`);
  const mail = await waitForMail(email);
  const verified = await fetch(linkIn(mail, `${baseURL}/api/auth/verify-email`), {
    redirect: 'manual',
  });
  if (verified.status >= 400) throw new Error(`[e2e] admin verification: HTTP ${verified.status}`);
}

/**
 * Starts the SMTP test server + mailbox endpoint and the real app server (fresh PGlite in a temp
 * DATA_DIR), then hands their URLs to the workers through process.env (Playwright passes the
 * environment set here on to the worker processes, where playwright.config.ts reads it).
 */
export default async function globalSetup(): Promise<void> {
  mkdirSync(TMP_DIR, { recursive: true });
  if (!existsSync(path.join(ROOT, 'dist/web/index.html'))) {
    console.warn(
      '[e2e] dist/web/index.html is missing: run `npm run test:e2e` (it builds the SPA).',
    );
  }

  const mail = await startMailServer();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'esop-e2e-'));
  // E2E_DATABASE_URL (a PostgreSQL server the runner may create databases on): the app runs on a
  // new database there instead of PGlite, as a production deployment does (scripts/e2e.mjs).
  const database = process.env.E2E_DATABASE_URL
    ? await createDatabase(process.env.E2E_DATABASE_URL)
    : undefined;
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;

  // Start from the caller's environment (PATH, HOME…) minus anything that would point the server
  // at another database, cache or configuration.
  const inherited = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'TRUSTED_ORIGINS', 'HOST', 'DEMO', 'LOG_LEVEL']) {
    delete inherited[key];
  }
  const log = createWriteStream(SERVER_LOG);
  const lines: string[] = [];
  const server = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: databaseUrl(database) } : {}),
      SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
      MAIL_FROM: 'ESOP CRM <no-reply@esop-crm.test>',
      AUTH_RATE_LIMIT: 'off',
      // A cheap scrypt (decision 034): the journeys sign up over a hundred people.
      TEST_PASSWORD_HASHING: 'fast',
      ADMIN_EMAILS: `${E2E_ADMIN_EMAIL},${E2E_SWEEP_ADMIN_EMAIL}`,
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      NODE_ENV: 'test',
      // `npm run test:clock` pins the business clock (the journeys pin the browser's the same way).
      ...(process.env.TEST_CLOCK ? { TEST_CLOCK: process.env.TEST_CLOCK } : {}),
    },
  });
  for (const stream of [server.stdout, server.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      lines.push(...chunk.toString('utf8').split('\n'));
      if (lines.length > 400) lines.splice(0, lines.length - 400);
    });
  }
  const output = () => lines.join('\n').trim() || '(no output)';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    server.on('exit', (code, signal) => {
      log.end();
      resolve({ code, signal });
    }),
  );

  globalThis.__esopE2E = { server, exited, output, mail, dataDir, database };
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, exited, output);
  } catch (error) {
    server.kill('SIGKILL');
    await exited;
    await mail.close();
    await rm(dataDir, { recursive: true, force: true });
    if (database) await dropDatabase(database);
    globalThis.__esopE2E = undefined;
    throw error;
  }

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_MAILBOX_URL = mail.mailboxUrl;
  process.env.E2E_ADMIN_EMAIL = E2E_ADMIN_EMAIL;
  process.env.E2E_SWEEP_ADMIN_EMAIL = E2E_SWEEP_ADMIN_EMAIL;
  await createAdmin(baseURL, E2E_ADMIN_EMAIL);
  await createAdmin(baseURL, E2E_SWEEP_ADMIN_EMAIL);
  // What a11y checks the run's workers made (e2e/support/test.ts): each page shape once per run.
  rmSync(A11Y_RECORD, { force: true });
  process.env.E2E_A11Y_RECORD = A11Y_RECORD;
  console.log(
    `[e2e] app ${baseURL} on ${database ? `PostgreSQL (${database.name})` : 'PGlite'} · smtp 127.0.0.1:${mail.smtpPort} · mailbox ${mail.mailboxUrl}`,
  );
  console.log(`[e2e] server log: ${path.relative(ROOT, SERVER_LOG)}`);
}
