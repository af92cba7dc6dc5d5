import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import type { ErrorCode } from '../contracts/errors';
import { applyAdminEmails, createAuth } from './auth/auth';
import { startBackupChannel } from './backup/channel';
import { configureClock } from './clock';
import { localSecret } from './data-dir';
import { openDatabase, type DatabaseHandle } from './db/client';
import type { Env } from './env';
import type { ErrorReporter } from './error-reporting/reporter';
import { createApp } from './http/app';
import { startJobScheduler } from './jobs/scheduler';
import { startTrashPurge } from './jobs/trash-purge';
import { failInterruptedImports, settleImports } from './modules/imports/service';
import { failInterruptedDocumentJobs, settleDocumentJobs } from './modules/documents/service';
import { outboxUrl } from './http/outbox';
import type { Logger } from './logger';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer';
import { createSmsSender } from './mail/sms';

export interface RunningServer {
  url: string;
  /** Local mode: the outbox link with its key (printed at start-up). */
  outboxUrl?: string;
  port: number;
  database: DatabaseHandle;
  auth: ReturnType<typeof createAuth>;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), closes everything. */
  close(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  env: Env;
  logger: Logger;
  /** Built SPA directory; default dist/web under the working directory. */
  staticDir?: string;
  /** A database opened beforehand (main.ts opens it while the modules load); else opened here. */
  opened?: OpenedDatabase;
  /** Error reporting (main.ts creates it first, so that start-up errors are reported too). */
  reporter?: ErrorReporter;
  /** Runs after migrations, before listening (demo seeding). */
  beforeListen?: (ctx: {
    database: DatabaseHandle;
    auth: ReturnType<typeof createAuth>;
  }) => Promise<void>;
}

/** How long a stopping server keeps answering 503 after its last in-flight request (ms). */
const SHUTDOWN_DRAIN_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The answer to a request that arrives after shutdown began. */
function shuttingDown(): Response {
  const code: ErrorCode = 'SERVICE_UNAVAILABLE';
  return Response.json(
    {
      error: {
        code,
        message: 'The server is restarting; try again in a moment',
      },
    },
    { status: 503, headers: { connection: 'close', 'retry-after': '5' } },
  );
}

/** Opens the database, migrates, wires auth, mail and HTTP, and listens on `env.PORT`. */
export interface OpenedDatabase {
  database: DatabaseHandle;
  /** Releases the data directory lock (PGlite only). */
  release: () => void;
}

export async function startServer({
  env,
  logger,
  staticDir,
  beforeListen,
  opened,
  reporter,
}: StartOptions): Promise<RunningServer> {
  // Before the demo seed (beforeListen), which dates its data from today.
  configureClock(env);
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn();
    cleanups.length = 0;
  };
  const t0 = performance.now();
  const phase = (name: string) =>
    logger.debug(`startup: ${name} at ${Math.round(performance.now() - t0)} ms`);
  try {
    const { database, release } = opened ?? (await openDatabase(env));
    cleanups.push(release);
    cleanups.push(() => database.close());
    await database.migrate();
    await applyAdminEmails(database.db, env);
    phase('migrated');

    const secret = env.BETTER_AUTH_SECRET ?? localSecret(env.DATA_DIR);
    if (env.AUTH_RATE_LIMIT === 'off') {
      logger.warn(
        'AUTH_RATE_LIMIT=off: authentication rate limits are disabled. Use this for test rigs only.',
      );
    }
    if (env.TEST_PASSWORD_HASHING) {
      logger.warn(
        'TEST_PASSWORD_HASHING=fast: passwords are hashed with a cheap scrypt. Use this for test rigs only.',
      );
    }
    let secondaryStorage;
    if (env.REDIS_URL) {
      const { createRedisStorage } = await import('./redis-storage');
      const redis = createRedisStorage(env.REDIS_URL);
      secondaryStorage = redis.storage;
      cleanups.push(redis.close);
    }
    const mailer: Mailer = env.SMTP_URL
      ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
      : createOutboxMailer({ db: database.db, logger });
    cleanups.push(() => mailer.close());

    const sms = createSmsSender({
      webhookUrl: env.SMS_WEBHOOK_URL,
      db: database.db,
      logger,
      production: env.NODE_ENV === 'production',
    });
    const auth = createAuth({
      db: database.db,
      env,
      secret,
      mailer,
      sms,
      logger,
      secondaryStorage,
    });
    phase('auth configured');
    await beforeListen?.({ database, auth });

    const app = createApp({
      env,
      db: database.db,
      auth,
      mailer,
      logger,
      secret,
      secondaryStorage,
      staticDir: staticDir ?? path.resolve('dist/web'),
      reporter,
      ping: async () => {
        await database.db.execute(sql`select 1`);
      },
    });

    phase('app built');
    // A commit left running by a process that stopped: its transaction rolled back (issue 13).
    const interrupted = await failInterruptedImports(database.db);
    if (interrupted > 0) logger.info(`imports: ${interrupted} interrupted commit(s) marked failed`);
    // Shutdown lets a commit under way finish (or fail) before the database closes.
    cleanups.push(() => settleImports());
    // The same for a batch of documents (issue 14): nothing of it is stored until its end.
    const batches = await failInterruptedDocumentJobs(database.db);
    if (batches > 0) logger.info(`documents: ${batches} interrupted batch(es) marked failed`);
    cleanups.push(() => settleDocumentJobs());
    // Purges the trash of items deleted over 30 days ago, now and hourly; stopped (its current
    // item finished) before the database closes.
    const trashPurge = startTrashPurge({ db: database.db, logger });
    cleanups.push(() => trashPurge.stop());
    // The job queue (decision 030): daily digests each minute; stopped (its current job
    // finished) before the mailer and the database close.
    const jobs = startJobScheduler({ db: database.db, mailer, logger, appUrl: env.APP_URL });
    cleanups.push(() => jobs.stop());
    // PGlite is one connection in this process: `npm run backup` asks it for the snapshot.
    if (database.dump) {
      const dump = database.dump.bind(database);
      cleanups.push(await startBackupChannel({ dataDir: env.DATA_DIR, dump, logger }));
    }
    // Requests in flight: shutdown waits for them before it closes the database, even when
    // their client has already gone away. Once shutdown has begun, a request arriving on an open
    // keep-alive connection is answered 503 at once (it never reaches the database), and every
    // answer closes its connection (issue 11: SIGTERM under load reset in-flight requests).
    let inFlight = 0;
    let stopping = false;
    const fetch: typeof app.fetch = async (...args) => {
      if (stopping) return shuttingDown();
      inFlight += 1;
      try {
        const response = await app.fetch(...args);
        if (stopping) {
          try {
            response.headers.set('connection', 'close');
          } catch {
            // immutable headers: the connection is closed with the server anyway
          }
        }
        return response;
      } finally {
        inFlight -= 1;
      }
    };
    const server: ServerType = await new Promise((resolve, reject) => {
      const s = serve({ fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
      s.once('error', reject);
    });
    const port = (server.address() as AddressInfo).port;

    return {
      url: env.APP_URL,
      outboxUrl:
        mailer.mode === 'outbox' && env.NODE_ENV !== 'production'
          ? outboxUrl(env.APP_URL, secret)
          : undefined,
      port,
      database,
      auth,
      async close(graceMs = 8000) {
        const deadline = performance.now() + graceMs;
        const httpServer = server as import('node:http').Server;
        stopping = true;
        // Keep listening while in-flight requests finish: connections still in the listen
        // backlog and requests on open keep-alive connections get a clean 503 (Connection:
        // close) instead of a reset, and clients hammering on keep-alive learn to stop.
        while (inFlight > 0 && performance.now() < deadline) await sleep(10);
        await sleep(Math.min(SHUTDOWN_DRAIN_MS, Math.max(0, deadline - performance.now())));
        // Stops listening and closes the idle connections; anything still running past the
        // deadline is cut off.
        const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        httpServer.closeIdleConnections?.();
        httpServer.closeAllConnections?.();
        await closed;
        await cleanup();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
