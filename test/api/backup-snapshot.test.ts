import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, pgliteExtensions, type DatabaseHandle } from '../../src/server/db/client';
import { createTestApp, type TestApp } from '../support/app';

// The snapshot PGlite takes for a backup while writes keep coming (PGlite project only): it holds
// whole transactions or none of them.

const dir = mkdtempSync(path.join(tmpdir(), 'esop-snapshot-'));
let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await openPglite(dir);
  await database.migrate();
  t = await createTestApp({ database });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function countsIn(tar: Uint8Array) {
  const copy = await PGlite.create({
    extensions: await pgliteExtensions(),
    loadDataDir: new Blob([new Uint8Array(tar)], { type: 'application/x-tar' }),
  });
  try {
    const { rows } = await copy.query<{ companies: number; audited: number }>(
      `select (select count(*)::int from company) as companies,
              (select count(*)::int from audit_event
                where entity_type = 'company' and action = 'create') as audited`,
    );
    return rows[0]!;
  } finally {
    await copy.close();
  }
}

describe('the backup snapshot of a running PGlite', () => {
  it('taken amid concurrent writes, holds each write with its audit row or neither', async () => {
    const user = await t.signUp();
    const create = (i: number) =>
      t.request('/api/v1/company', {
        method: 'POST',
        body: { companyName: `Concurrent ${i} B.V.` },
        cookie: user.cookie,
      });
    // Three writers, each creating 20 companies one after the other.
    const statuses: number[] = [];
    const writers = [0, 1, 2].map(async (w) => {
      for (let i = 0; i < 20; i++) statuses.push((await create(w * 20 + i)).status);
    });
    // Snapshots taken while the writers run.
    while (statuses.length < 10) await new Promise((resolve) => setTimeout(resolve, 10));
    const first = await database.dump!();
    const second = await database.dump!();
    await Promise.all(writers);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const last = await database.dump!();

    const a = await countsIn(first);
    const b = await countsIn(second);
    const c = await countsIn(last);
    // Every company in a snapshot has its audit row (one transaction), and later snapshots see more.
    for (const counts of [a, b, c]) expect(counts.audited).toBe(counts.companies);
    expect(a.companies).toBeLessThanOrEqual(b.companies);
    expect(c.companies).toBe(60);
    // The snapshots were really taken amid the writes, not before or after all of them.
    expect(a.companies).toBeLessThan(60);
  }, 120_000);
});
