import { sql } from 'drizzle-orm';
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
