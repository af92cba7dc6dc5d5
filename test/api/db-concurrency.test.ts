import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allowsConcurrentQueries, concurrently } from '../../src/server/db/concurrently';
import { createTestApp, type TestApp } from '../support/app';
import { equityFixture, ok } from '../support/equity';

// A transaction is one connection: queries sent to it side by side queue in the pg client, which
// pg deprecates ("Calling client.query() when the client is already executing a query", an error
// in pg@9). `concurrently` runs reads in parallel on the pool only.

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let ann: Awaited<ReturnType<TestApp['signUp']>>;

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp({ name: 'Ann Advocaat' });
});
afterAll(() => t.close());

/** Thunks that record when they start and settle, settling after a turn of the event loop. */
function probes(n: number) {
  const log: string[] = [];
  const thunks = Array.from({ length: n }, (_, i) => async () => {
    log.push(`start ${i}`);
    await new Promise((resolve) => setImmediate(resolve));
    log.push(`end ${i}`);
    return i * 10;
  });
  return { log, thunks };
}

const sequential = ['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2'];

describe('concurrently', () => {
  it('runs the thunks one after another in a transaction, keeping the order of the results', async () => {
    await t.db.transaction(async (tx) => {
      expect(allowsConcurrentQueries(tx)).toBe(false);
      const { log, thunks } = probes(3);
      expect(await concurrently(tx, thunks)).toEqual([0, 10, 20]);
      expect(log).toEqual(sequential);
    });
  });

  it('runs them side by side on the pg pool, one after another on PGlite', async () => {
    expect(allowsConcurrentQueries(t.db)).toBe(onPostgres);
    const { log, thunks } = probes(3);
    expect(await concurrently(t.db, thunks)).toEqual([0, 10, 20]);
    expect(log).toEqual(
      onPostgres ? ['start 0', 'start 1', 'start 2', 'end 0', 'end 1', 'end 2'] : sequential,
    );
  });

  it('returns what real queries return', async () => {
    const one = (n: number) => async () =>
      ((await t.db.execute(sql`select ${n}::int as n`)) as { rows: { n: number }[] }).rows[0]?.n;
    expect(await concurrently(t.db, [one(1), one(2)])).toEqual([1, 2]);
  });
});

describe.runIf(onPostgres)('one query at a time on each pg client', () => {
  // Every pg client (a pooled connection, or the one a transaction holds) counts the queries it
  // has in flight; a query sent while another is running on the same client is an overlap.
  const inFlight = new WeakMap<object, number>();
  const overlaps: string[] = [];
  let queries = 0;
  const original = pg.Client.prototype.query;

  beforeAll(() => {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = describeQuery(args[0]);
      const running = inFlight.get(this) ?? 0;
      if (running > 0) overlaps.push(text);
      inFlight.set(this, running + 1);
      queries += 1;
      let done = false;
      const settle = () => {
        if (done) return;
        done = true;
        inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
      };
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function')
        args[last] = (...r: unknown[]) => {
          settle();
          return (callback as (...r: unknown[]) => unknown)(...r);
        };
      const result = (original as (...a: unknown[]) => unknown).apply(this, args);
      if (result && typeof (result as Promise<unknown>).then === 'function')
        (result as Promise<unknown>).then(settle, settle);
      return result;
    } as typeof original;
  });
  afterAll(() => {
    pg.Client.prototype.query = original;
  });
  afterEach(() => {
    const seen = overlaps.splice(0);
    expect(seen, 'queries sent to a pg client already running one').toEqual([]);
  });

  it('holds for the write paths that read in a transaction', async () => {
    // Register events (ledger replay), plans and grants (pool checks), a valuation deriving its
    // fully diluted shares from the cap table.
    const f = await equityFixture(t, ann.cookie);
    const base = `/company/${f.companyId}`;
    const call = (path: string, method: string, body?: unknown) =>
      t.request(`/api/v1${base}${path}`, { method, body, cookie: ann.cookie });

    // Deletes refused for what still depends on the row.
    expect((await call(`/share-classes/${f.commonId}`, 'DELETE')).status).toBe(409);
    expect((await call(`/stakeholders/${f.founderId}`, 'DELETE')).status).toBe(409);
    expect((await call(`/stakeholders/${f.stakId}`, 'DELETE')).status).toBe(409);
    // A transfer of more than the holder has: the register's violation names the parties.
    const transfer = await call('/share-events', 'POST', {
      type: 'transfer',
      shareClassId: f.commonId,
      date: '2024-04-01',
      shareCount: 100000,
      fromStakeholderId: f.founderId,
      toStakeholderId: f.stakId,
    });
    expect(transfer.status).toBe(409);
    // Updates that recompute figures inside the transaction.
    await ok(t, ann.cookie, `${base}/plans/${f.planId}`, 'PATCH', { poolSize: 1200 });
    await ok(t, ann.cookie, `${base}/share-classes/${f.commonId}`, 'PATCH', {
      sharesAuthorized: 100000,
    });
    await ok(t, ann.cookie, `${base}/valuations`, 'POST', {
      effectiveDate: '2024-12-31',
      purpose: 'tax_fmv',
      method: 'opm',
      enterpriseValue: '2000000',
    });
    expect(queries).toBeGreaterThan(50);
  });

  it('holds for the reads on the pool', async () => {
    const f = await equityFixture(t, ann.cookie, 'Reads B.V.');
    const base = `/company/${f.companyId}`;
    for (const path of [
      '/cap-table',
      '/summary',
      '/share-classes',
      '/plans',
      '/grants',
      '/valuations',
      '/valuation-metrics',
    ])
      await ok(t, ann.cookie, `${base}${path}`);
    await ok(t, ann.cookie, '/upcoming?days=365');
    await ok(t, ann.cookie, '/valuation-alerts');
    await ok(t, ann.cookie, '/vesting-templates');
    await ok(t, ann.cookie, '/company');
  });
});

function describeQuery(config: unknown): string {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object' && 'text' in config) return String(config.text);
  return String(config);
}
