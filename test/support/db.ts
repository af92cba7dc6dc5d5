import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  migrationsFolder,
  openPglite,
  openPostgres,
  type DatabaseHandle,
} from '../../src/server/db/client';

/**
 * A freshly migrated PGlite's data directory, kept in the temp directory under a name made of
 * the migrations' own hash: starting from it takes a third of a new cluster's initdb and
 * migrations, which every API test file would otherwise pay for. The first file to need it
 * writes it (a rename, so a file running beside it reads either none or all of it).
 */
async function migratedPglite(): Promise<DatabaseHandle> {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(folder, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(full));
  }
  const archive = path.join(tmpdir(), `esop-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(archive)) return openPglite(undefined, readFileSync(archive));
  const handle = await openPglite(undefined);
  await handle.migrate();
  const partial = `${archive}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, await handle.dump!());
  renameSync(partial, archive);
  return handle;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new
 * database on the TEST_DATABASE_URL server that is dropped again on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB !== 'postgres') {
    return migratedPglite();
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `esop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { max: 4 });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
