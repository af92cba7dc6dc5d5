import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

// The drivers are imported when a database is opened: a server on PGlite never loads pg and the
// other way round, which keeps the cold start short.

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services take it where a write must be atomic. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

/** Runs `fn` in the caller's transaction `outer` when there is one, else in a new transaction. */
export function inTransaction<T>(
  db: Database,
  outer: Transaction | undefined,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return outer ? fn(outer) : db.transaction(fn);
}

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Runs the committed migrations. */
  migrate(): Promise<void>;
  /** Flushes and closes (PGlite: CHECKPOINT first, since fsync is off). */
  close(): Promise<void>;
  /**
   * PGlite only: a consistent snapshot of the data directory as a tar archive (backups). Taken
   * between transactions: PGlite runs one query at a time, and no transaction is open meanwhile.
   */
  dump?(): Promise<Uint8Array>;
}

/** Where the committed migrations live (next to this file in src/, copied next to the bundle). */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, 'migrations'),
    path.join(here, 'db', 'migrations'),
    path.join(here, '..', 'migrations'),
  ];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * The extensions every PGlite of ours loads: `unaccent`, which the search configuration
 * `simple_unaccent` (migration 0014) uses in generated columns, so a PGlite without it could not
 * write a company, stakeholder, contact, note or task.
 */
export async function pgliteExtensions() {
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  return { unaccent };
}

/**
 * Embedded PostgreSQL (PGlite) in `dataDir`, or in memory when `dataDir` is undefined; started
 * from a data directory archive (`dump()`'s tar) when `from` is given.
 */
export async function openPglite(
  dataDir: string | undefined,
  from?: Uint8Array,
): Promise<DatabaseHandle> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    extensions: await pgliteExtensions(),
    ...(dataDir ? { dataDir: path.join(dataDir, 'pg') } : {}),
    ...(from
      ? { loadDataDir: new Blob([new Uint8Array(from)], { type: 'application/x-tar' }) }
      : {}),
  });
  // PGlite runs each query synchronously on the main thread and chains queued queries through
  // promise callbacks, which never yields to I/O: under load new connections starved for seconds.
  // Yielding to the event loop before each query keeps the server fair.
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await new Promise((resolve) => setImmediate(resolve));
    return query(...args);
  }) as typeof client.query;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    migrate: () =>
      migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsFolder() }),
    async close() {
      if (client.closed) return;
      await client.exec('CHECKPOINT');
      await client.close();
    },
    async dump() {
      // The checkpoint flushes the buffers, so the copy needs little WAL replay when opened.
      // Holding the transaction lock, no transaction is open while the files are copied (and
      // PostgreSQL's recovery would roll back one that were).
      await client.exec('CHECKPOINT');
      const tar = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
      return new Uint8Array(await tar.arrayBuffer());
    },
  };
}

/** PostgreSQL over a pg Pool (`DATABASE_URL`). */
export async function openPostgres(
  url: string,
  options: { max?: number } = {},
): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client's error (server restart) must not crash the process; the pool reconnects.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder: migrationsFolder() }),
    async close() {
      await pool.end();
    },
  };
}

/**
 * Opens the database the environment names: PostgreSQL for DATABASE_URL, else PGlite in
 * DATA_DIR behind the directory's lock file. Returns the handle and the lock's release.
 */
export async function openDatabase(env: { DATABASE_URL?: string; DATA_DIR: string }) {
  if (env.DATABASE_URL)
    return { database: await openPostgres(env.DATABASE_URL), release: () => {} };
  const { lockDataDir } = await import('../data-dir');
  const release = lockDataDir(env.DATA_DIR);
  try {
    return { database: await openPglite(env.DATA_DIR), release };
  } catch (err) {
    release();
    throw err;
  }
}
