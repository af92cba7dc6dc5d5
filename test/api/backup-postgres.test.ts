import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/client';
import { createTestApp, type TestApp } from '../support/app';

// `npm run backup` with DATABASE_URL runs pg_dump; the README's pg_restore brings it back
// (api-postgres project only: it needs TEST_DATABASE_URL).

const root = path.resolve(import.meta.dirname, '../..');
const adminUrl = process.env.TEST_DATABASE_URL!;
const dir = mkdtempSync(path.join(tmpdir(), 'esop-pgdump-'));
const names = [1, 2].map(() => `esop_backup_${randomBytes(5).toString('hex')}`);
const urlOf = (name: string) =>
  Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
let t: TestApp;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  for (const name of names) await admin(`CREATE DATABASE ${name}`);
  const database = await openPostgres(urlOf(names[0]!), { max: 2 });
  await database.migrate();
  t = await createTestApp({ database });
}, 60_000);
afterAll(async () => {
  await t?.close();
  for (const name of names) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(dir, { recursive: true, force: true });
});

function cli(command: 'backup' | 'restore', args: string[], databaseUrl: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/backup.ts'), command, ...args],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATABASE_URL: databaseUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('backups on PostgreSQL', () => {
  it('npm run backup runs pg_dump; pg_restore as the README says brings the data back', async () => {
    const user = await t.signUp();
    const created = await t.request('/api/v1/company', {
      method: 'POST',
      body: { companyName: 'Dumped B.V.' },
      cookie: user.cookie,
    });
    expect(created.status).toBe(201);

    const file = path.join(dir, 'esop.dump');
    const backup = await cli('backup', ['--out', file], urlOf(names[0]!));
    expect(backup.output).toContain('Backed up the PostgreSQL database with pg_dump');
    expect(backup.code).toBe(0);

    // npm run restore does not touch PostgreSQL: it says how.
    const restore = await cli('restore', [file], urlOf(names[1]!));
    expect(restore.code).toBe(1);
    expect(restore.output).toContain('pg_restore --clean --if-exists --no-owner');

    const restored = spawnSync(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', `--dbname=${urlOf(names[1]!)}`, file],
      { encoding: 'utf8' },
    );
    expect(restored.status, restored.stderr).toBe(0);
    const copy = new pg.Client({ connectionString: urlOf(names[1]!) });
    await copy.connect();
    try {
      const { rows } = await copy.query<{ company_name: string }>(
        'select company_name from company',
      );
      expect(rows.map((r) => r.company_name)).toEqual(['Dumped B.V.']);
    } finally {
      await copy.end();
    }
  }, 120_000);
});
