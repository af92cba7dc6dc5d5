import { systemNow } from '../clock';
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from '../data-dir';
import { migrationsFolder, openPglite, pgliteExtensions } from '../db/client';
import {
  AUTH_SECRET_FILE,
  BackupArchiveError,
  packBackup,
  PGDATA_FILE,
  unpackBackup,
} from './archive';
import { requestSnapshot } from './channel';

/**
 * `npm run backup` / `npm run restore` for the embedded database (decision 015), and
 * `pg_dump` for PostgreSQL.
 */

/** The PGlite directory and the local auth secret inside DATA_DIR (see db/client.ts, data-dir.ts). */
const PG_DIR = 'pg';
const SECRET_FILE = 'auth-secret';

export class BackupError extends Error {}

/** e.g. 20261124-093015, in UTC: file names that sort by time. */
export function stamp(date = systemNow()): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, '');
}

/** Where a backup goes: the given file, or a time-stamped file in the given (or ./backups) dir. */
export function outputPath(out: string | undefined, extension: string, now = systemNow()): string {
  const target = out ?? 'backups';
  const isDir = target.endsWith('/') || (existsSync(target) && statSync(target).isDirectory());
  if (!out || isDir) return path.join(target, `esop-crm-${stamp(now)}${extension}`);
  return target;
}

function writePrivate(file: string, data: Uint8Array) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temp = `${file}.partial`;
  writeFileSync(temp, data, { mode: 0o600 });
  renameSync(temp, file);
}

export interface BackupResult {
  file: string;
  bytes: number;
  source: 'running-server' | 'stopped';
  includesSecret: boolean;
  ms: number;
}

/**
 * Backs up the embedded database in `dataDir`: from the running server through its backup
 * channel, or — no server running — by opening the data directory itself (under its lock).
 */
export async function backupDataDir(options: {
  dataDir: string;
  out: string;
}): Promise<BackupResult> {
  const started = performance.now();
  const { dataDir, out } = options;
  if (!existsSync(path.join(dataDir, PG_DIR))) {
    throw new BackupError(`There is no embedded database in ${path.resolve(dataDir)} to back up.`);
  }
  let source: BackupResult['source'] = 'running-server';
  let pgdata = await requestSnapshot(dataDir);
  if (!pgdata) {
    source = 'stopped';
    let release: () => void;
    try {
      release = lockDataDir(dataDir);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      // A server holds the data directory but offers no snapshot (starting, or an old version).
      pgdata = await requestSnapshot(dataDir);
      if (!pgdata) {
        throw new BackupError(
          `${err.message}\nIt did not answer the backup request: wait until it has started, or stop it and run the backup again.`,
        );
      }
      source = 'running-server';
      release = () => {};
    }
    try {
      pgdata ??= await snapshotStopped(dataDir);
    } finally {
      release();
    }
  }
  const secretFile = path.join(dataDir, SECRET_FILE);
  const files: Record<string, Uint8Array> = { [PGDATA_FILE]: pgdata };
  if (existsSync(secretFile)) files[AUTH_SECRET_FILE] = readFileSync(secretFile);
  const archive = packBackup(files, { createdAt: systemNow(), source });
  writePrivate(out, archive);
  return {
    file: out,
    bytes: archive.length,
    source,
    includesSecret: AUTH_SECRET_FILE in files,
    ms: Math.round(performance.now() - started),
  };
}

async function snapshotStopped(dataDir: string): Promise<Uint8Array> {
  const database = await openPglite(dataDir);
  try {
    return await database.dump!();
  } finally {
    await database.close();
  }
}

/** The newest migration this version of ESOP CRM knows (its journal's timestamp). */
function newestKnownMigration(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

export interface RestoreResult {
  /** Where the replaced database (and auth secret) were moved; null when there was none. */
  aside: string | null;
  createdAt: string;
  ms: number;
}

/**
 * Restores a backup into `dataDir`. Refuses while a server uses it (the lock). The archive is
 * checked (checksums), then loaded into a new directory and opened as a database before
 * anything is replaced; the previous database and auth secret are kept in
 * `before-restore-<time>/`.
 */
export async function restoreDataDir(options: {
  dataDir: string;
  archive: string;
}): Promise<RestoreResult> {
  const started = performance.now();
  const { dataDir } = options;
  let bytes: Buffer;
  try {
    bytes = readFileSync(options.archive);
  } catch {
    throw new BackupError(`Cannot read the backup file ${options.archive}.`);
  }
  const { manifest, files } = unpackBackup(bytes);

  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new BackupError(`${err.message}\nStop the server before restoring a backup.`);
    }
    throw err;
  }
  const incoming = path.join(dataDir, `${PG_DIR}.restoring`);
  try {
    rmSync(incoming, { recursive: true, force: true });
    await loadAndCheck(incoming, files[PGDATA_FILE]!);

    const pgDir = path.join(dataDir, PG_DIR);
    const secretFile = path.join(dataDir, SECRET_FILE);
    const hadDatabase = existsSync(pgDir);
    const hadSecret = existsSync(secretFile);
    let aside: string | null = null;
    if (hadDatabase || hadSecret) {
      aside = path.join(dataDir, `before-restore-${stamp()}`);
      mkdirSync(aside, { recursive: true });
    }
    // Renames within one directory: each step is atomic, and undone if a later one fails.
    const undo: (() => void)[] = [];
    try {
      if (hadDatabase) {
        renameSync(pgDir, path.join(aside!, PG_DIR));
        undo.push(() => renameSync(path.join(aside!, PG_DIR), pgDir));
      }
      if (hadSecret) {
        renameSync(secretFile, path.join(aside!, SECRET_FILE));
        undo.push(() => renameSync(path.join(aside!, SECRET_FILE), secretFile));
      }
      renameSync(incoming, pgDir);
      undo.push(() => renameSync(pgDir, incoming));
      const secret = files[AUTH_SECRET_FILE];
      if (secret) writePrivate(secretFile, secret);
    } catch (err) {
      for (const step of undo.reverse()) step();
      throw err;
    }
    return { aside, createdAt: manifest.createdAt, ms: Math.round(performance.now() - started) };
  } catch (err) {
    rmSync(incoming, { recursive: true, force: true });
    throw err;
  } finally {
    release();
  }
}

/** Loads the dump into `dir`, opens it as a database and checks that this version can run it. */
async function loadAndCheck(dir: string, pgdata: Buffer) {
  const { PGlite } = await import('@electric-sql/pglite');
  let client;
  try {
    client = await PGlite.create({
      extensions: await pgliteExtensions(),
      dataDir: dir,
      loadDataDir: new Blob([new Uint8Array(pgdata)], { type: 'application/x-tar' }),
    });
  } catch (err) {
    throw new BackupArchiveError(
      `The database in the backup cannot be opened: ${(err as Error).message}`,
    );
  }
  try {
    const { rows } = await client.query<{ newest: string | null; users: number }>(
      `select (select max(created_at) from drizzle.__drizzle_migrations)::text as newest,
              (select count(*)::int from "user") as users`,
    );
    const newest = Number(rows[0]?.newest ?? 0);
    if (newest > newestKnownMigration()) {
      throw new BackupError(
        'This backup was made by a newer version of ESOP CRM (its database has migrations this version does not know). Restore it with that version or a later one.',
      );
    }
    await client.exec('CHECKPOINT');
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupArchiveError(
      `The backup does not hold an ESOP CRM database: ${(err as Error).message}`,
    );
  } finally {
    await client.close();
  }
}

/**
 * PostgreSQL: `pg_dump --format=custom` of DATABASE_URL into `out`. The password goes to pg_dump
 * in PGPASSWORD, not on its command line (where other local users could read it).
 */
export async function backupPostgres(options: {
  databaseUrl: string;
  out: string;
  /** The environment pg_dump runs with (PATH, PG* settings). */
  env: Record<string, string | undefined>;
}) {
  const started = performance.now();
  const url = new URL(options.databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  mkdirSync(path.dirname(path.resolve(options.out)), { recursive: true });
  const temp = `${options.out}.partial`;
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(
      'pg_dump',
      ['--format=custom', '--no-owner', `--file=${temp}`, `--dbname=${url.toString()}`],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...options.env, ...(password ? { PGPASSWORD: password } : {}) },
      },
    );
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              'pg_dump was not found. Install the PostgreSQL client tools (same major version as the server, or newer), or run pg_dump yourself: see README, "Backups".',
            )
          : err,
      ),
    );
    child.on('exit', (exit) => resolve(exit ?? 1));
  });
  if (code !== 0) {
    rmSync(temp, { force: true });
    throw new BackupError(`pg_dump failed (exit code ${code}).`);
  }
  chmodSync(temp, 0o600);
  renameSync(temp, options.out);
  return {
    file: options.out,
    bytes: statSync(options.out).size,
    ms: Math.round(performance.now() - started),
  };
}
