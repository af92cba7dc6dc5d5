import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * Independent reads, side by side where the handle allows it.
 *
 * Drizzle queries run when awaited, on the handle's connection. On the node-postgres pool each
 * query borrows its own connection, so `Promise.all` over several of them runs in parallel. A
 * transaction is one connection (one pg client): queries sent to it concurrently pile up in the
 * client's queue, which pg deprecates ("Calling client.query() when the client is already
 * executing a query", an error in pg@9). PGlite is one connection too and queues them anyway.
 *
 * So: `concurrently(db, [() => a, () => b])` starts the thunks together on a pool and one after
 * another (in order) on anything else. The results come back as a tuple, as with Promise.all.
 */
export async function concurrently<const T extends readonly (() => PromiseLike<unknown>)[]>(
  db: DbOrTx,
  thunks: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (allowsConcurrentQueries(db)) return (await Promise.all(thunks.map((t) => t()))) as Results;
  const results: unknown[] = [];
  for (const thunk of thunks) results.push(await thunk());
  return results as Results;
}

/**
 * Whether queries on `db` may be in flight together: only on a connection pool, never in a
 * transaction (which holds one pooled client) nor on a single connection (PGlite, pg.Client).
 */
export function allowsConcurrentQueries(db: DbOrTx): boolean {
  if (is(db, PgTransaction)) return false;
  // drizzle() keeps the driver's client on the database as `$client`; transactions have none.
  const client = (db as { $client?: unknown }).$client;
  return isPool(client);
}

/** A pg Pool, recognised the way drizzle's node-postgres session does (no import of pg here). */
function isPool(client: unknown): boolean {
  if (typeof client !== 'object' || client === null) return false;
  const name = (Object.getPrototypeOf(client) as { constructor?: { name?: string } } | null)
    ?.constructor?.name;
  return typeof name === 'string' && name.includes('Pool');
}
