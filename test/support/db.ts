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
  const archive = path.join(tmpdir(), `esop-test-pglite-${migrationsHash()}.tar`);
  if (existsSync(archive)) return openPglite(undefined, readFileSync(archive));
  const handle = await openPglite(undefined);
  await handle.migrate();
  const partial = `${archive}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, await handle.dump!());
  renameSync(partial, archive);
  return handle;
}

/** The migrations' own hash: a database migrated from other migrations is not reused. */
function migrationsHash(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(folder, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * On PostgreSQL, a migrated template database named after the migrations' hash: each test file's
 * database is a copy of it (`CREATE DATABASE … TEMPLATE`), which takes a fraction of running the
 * migrations anew. The first file to need it makes it, under an advisory lock, and drops the
 * templates of earlier migrations.
 */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `esop_test_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock(hashtext('esop_test_template'))");
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const old = await admin.query(
        "SELECT datname FROM pg_database WHERE datname LIKE 'esop\\_test\\_template\\_%'",
      );
      for (const { datname } of old.rows as { datname: string }[]) {
        await admin.query(`ALTER DATABASE ${datname} IS_TEMPLATE false`);
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      await admin.query(`CREATE DATABASE ${name}`);
      const handle = await openPostgres(databaseUrl(adminUrl, name), { max: 1 });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE ${name} IS_TEMPLATE true`);
    }
    return name;
  } finally {
    await admin.query("SELECT pg_advisory_unlock(hashtext('esop_test_template'))");
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new
 * database on the TEST_DATABASE_URL server, copied from the migrated template and dropped again
 * on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB !== 'postgres') {
    return migratedPglite();
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = await postgresTemplate(adminUrl);
  const name = `esop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const handle = await openPostgres(databaseUrl(adminUrl, name), { max: 4 });
  // Already migrated: this only confirms it (drizzle finds every migration applied).
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
