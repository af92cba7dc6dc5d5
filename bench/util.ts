import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../src/server/db/client';

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export async function serverVersionOf(db: Database): Promise<string> {
  // Both drivers answer `execute` with `{ rows }`.
  const result = (await db.execute(sql`show server_version`)) as {
    rows: { server_version: string }[];
  };
  return result.rows[0]?.server_version ?? 'unknown';
}

/** The lines a healthy server prints at LOG_LEVEL=warn with AUTH_RATE_LIMIT=off. */
export function unexpectedOutput(output: string): string[] {
  return output
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l && !l.includes('AUTH_RATE_LIMIT=off'));
}

/** Rows for a bulk insert into a Drizzle table. */
export type Rows<T extends { $inferInsert: unknown }> = T['$inferInsert'][];

export interface Latency {
  medianMs: number;
  minMs: number;
  maxMs: number;
  runsMs: number[];
}

/** Runs `op` `warmupRuns` times untimed, then `runs` times one after another, timing each. */
export async function timeRuns(
  { warmupRuns, runs }: { warmupRuns: number; runs: number },
  op: () => Promise<void>,
): Promise<Latency> {
  for (let i = 0; i < warmupRuns; i++) await op();
  const runsMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await op();
    runsMs.push(performance.now() - t0);
  }
  return {
    medianMs: median(runsMs),
    minMs: Math.min(...runsMs),
    maxMs: Math.max(...runsMs),
    runsMs,
  };
}

/** Records a problem when the server printed warnings or errors during a run. */
export function checkOutput(label: string, output: string[], problems: string[]) {
  if (output.length > 0)
    problems.push(`${label}: the server printed ${output.length} line(s) of warnings or errors`);
}

/**
 * A fresh database `<prefix>_<random>` on the PostgreSQL server of `adminUrl` for the length of
 * `fn`, dropped afterwards (also when `fn` throws).
 */
export async function withScratchDatabase<T>(
  adminUrl: string,
  prefix: string,
  fn: (db: { name: string; url: string }) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn({ name, url: url.toString() });
  } finally {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }
}
