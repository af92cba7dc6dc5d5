import autocannon from 'autocannon';
import type { Logger as DrizzleLogger } from 'drizzle-orm';
import { companyListQuerySchema } from '../src/contracts/company';
import type { Database } from '../src/server/db/client';
import type { Actor } from '../src/server/http/context';
import { listCompanies } from '../src/server/modules/companies/service';

export const CONNECTIONS = 50;
export const DURATION_S = 10;
export const WARMUP_S = 3;
export const LIST_PATH = '/api/v1/company?limit=50';

export interface RateResult {
  /** Completed operations per second (API: requests; driver: list = page query + count). */
  ratePerS: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  durationS: number;
}

export interface ApiResult extends RateResult {
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** GET `path` with the session cookie: `CONNECTIONS` connections for `durationS` seconds. */
export async function loadApi(url: string, cookie: string, durationS: number): Promise<ApiResult> {
  const result = await autocannon({
    url: `${url}${LIST_PATH}`,
    connections: CONNECTIONS,
    duration: durationS,
    timeout: 10,
    headers: { cookie, accept: 'application/json' },
  });
  return {
    ratePerS: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result['2xx'],
    durationS: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** A drizzle logger that records the SQL and parameters of every query it sees. */
export function recordingLogger(into: CapturedQuery[]): DrizzleLogger {
  return { logQuery: (sql, params) => into.push({ sql, params }) };
}

/**
 * Runs the real `listCompanies` service once for the first page of 50 through a drizzle instance
 * whose logger is `recorded`, so the driver baseline issues exactly the SQL the API issues
 * (the page query with `limit 51` and the `count(*)` for the total).
 */
export async function captureListQueries(
  db: Database,
  recorded: CapturedQuery[],
  actor: Actor,
): Promise<{ queries: CapturedQuery[]; total: number; items: number }> {
  recorded.length = 0;
  const page = await listCompanies({
    db,
    actor,
    input: companyListQuerySchema.parse({ limit: 50 }),
  });
  if (recorded.length !== 2) {
    throw new Error(`expected listCompanies to issue 2 queries, saw ${recorded.length}`);
  }
  return { queries: [...recorded], total: page.total, items: page.items.length };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

/**
 * `concurrency` loops calling `op` back to back for `durationS` seconds; each call's latency is
 * recorded. The client decides how much runs in parallel (a pg Pool of 10, PGlite one at a time).
 */
export async function loadDriver(
  op: () => Promise<void>,
  durationS: number,
  concurrency = CONNECTIONS,
): Promise<RateResult> {
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + durationS * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      await op();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsedS = (performance.now() - start) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    ratePerS: latencies.length / elapsedS,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    total: latencies.length,
    durationS: elapsedS,
  };
}
