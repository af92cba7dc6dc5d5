import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createAuth } from './auth/auth';
import { lockDataDir, localSecret } from './data-dir';
import { openPglite, openPostgres, type DatabaseHandle } from './db/client';
import type { Env } from './env';
import { createApp } from './http/app';
import type { Logger } from './logger';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer';
import { createRedisStorage } from './redis-storage';

export interface RunningServer {
  url: string;
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
  /** Runs after migrations, before listening (demo seeding). */
  beforeListen?: (ctx: {
    database: DatabaseHandle;
    auth: ReturnType<typeof createAuth>;
  }) => Promise<void>;
}

/** Opens the database, migrates, wires auth, mail and HTTP, and listens on `env.PORT`. */
export async function startServer({
  env,
  logger,
  staticDir,
  beforeListen,
}: StartOptions): Promise<RunningServer> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn();
    cleanups.length = 0;
  };
  try {
    let database: DatabaseHandle;
    if (env.DATABASE_URL) {
      database = await openPostgres(env.DATABASE_URL);
    } else {
      cleanups.push(lockDataDir(env.DATA_DIR));
      database = await openPglite(env.DATA_DIR);
    }
    cleanups.push(() => database.close());
    await database.migrate();

    const secret = env.BETTER_AUTH_SECRET ?? localSecret(env.DATA_DIR);
    if (env.AUTH_RATE_LIMIT === 'off') {
      logger.warn(
        'AUTH_RATE_LIMIT=off: authentication rate limits are disabled. Use this for test rigs only.',
      );
    }
    let secondaryStorage;
    if (env.REDIS_URL) {
      const redis = createRedisStorage(env.REDIS_URL);
      secondaryStorage = redis.storage;
      cleanups.push(redis.close);
    }
    const mailer: Mailer = env.SMTP_URL
      ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
      : createOutboxMailer({ db: database.db, logger });
    cleanups.push(() => mailer.close());

    const auth = createAuth({ db: database.db, env, secret, mailer, logger, secondaryStorage });
    await beforeListen?.({ database, auth });

    const app = createApp({
      env,
      db: database.db,
      auth,
      mailer,
      logger,
      secret,
      secondaryStorage: Boolean(secondaryStorage),
      staticDir: staticDir ?? path.resolve('dist/web'),
      ping: async () => {
        await database.db.execute(sql`select 1`);
      },
    });

    const server: ServerType = await new Promise((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
      s.once('error', reject);
    });
    const port = (server.address() as AddressInfo).port;

    return {
      url: env.APP_URL,
      port,
      database,
      auth,
      async close(graceMs = 4000) {
        const httpServer = server as import('node:http').Server;
        const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        httpServer.closeIdleConnections?.();
        const timer = setTimeout(() => httpServer.closeAllConnections?.(), graceMs);
        await closed;
        clearTimeout(timer);
        await cleanup();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
