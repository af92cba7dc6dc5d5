import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createTar, readTar, TarError } from './tar';

/**
 * The backup archive of an embedded (PGlite) installation: a gzipped tar holding
 * - `manifest.json`: format, version, when and how it was taken, and each file's size and SHA-256;
 * - `pgdata.tar`: PGlite's dump of its data directory (every table: companies, users, sessions,
 *   report PDFs, avatars…);
 * - `auth-secret`: the local auth secret from DATA_DIR, when there is one (decision 015): without
 *   it session cookies and the encrypted two-factor secrets in the database cannot be read.
 */

export const BACKUP_FORMAT = 'esop-crm-backup';
export const BACKUP_VERSION = 1;
export const PGDATA_FILE = 'pgdata.tar';
export const AUTH_SECRET_FILE = 'auth-secret';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** Taken from a running server (through its backup channel) or from a stopped data dir. */
  source: 'running-server' | 'stopped';
  files: Record<string, { bytes: number; sha256: string }>;
}

export class BackupArchiveError extends Error {}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Packs the files with their manifest into the gzipped archive. */
export function packBackup(
  files: Record<string, Uint8Array>,
  meta: { createdAt: Date; source: BackupManifest['source'] },
): Buffer {
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: meta.createdAt.toISOString(),
    source: meta.source,
    files: Object.fromEntries(
      Object.entries(files).map(([name, data]) => [
        name,
        { bytes: data.length, sha256: sha256(data) },
      ]),
    ),
  };
  const entries = [
    { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest, null, 2)) },
    ...Object.entries(files).map(([name, data]) => ({ name, data })),
  ];
  return gzipSync(createTar(entries, meta.createdAt));
}

/**
 * Reads and checks an archive: gzip and tar intact, a manifest of our format and version, every
 * listed file present with its size and checksum, and the database dump among them.
 */
export function unpackBackup(archive: Buffer): {
  manifest: BackupManifest;
  files: Record<string, Buffer>;
} {
  let entries;
  try {
    entries = readTar(gunzipSync(archive));
  } catch (err) {
    const why = err instanceof TarError ? err.message : 'it is not a gzipped tar archive';
    throw new BackupArchiveError(`This is not a readable ESOP CRM backup: ${why}.`);
  }
  const byName = new Map(entries.map((e) => [e.name, Buffer.from(e.data)]));
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(byName.get('manifest.json')?.toString('utf8') ?? '') as BackupManifest;
  } catch {
    throw new BackupArchiveError('This is not an ESOP CRM backup: it has no manifest.json.');
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupArchiveError('This is not an ESOP CRM backup (unknown manifest format).');
  }
  if (manifest.version !== BACKUP_VERSION) {
    throw new BackupArchiveError(
      `This backup has format version ${manifest.version}; this version of ESOP CRM reads version ${BACKUP_VERSION}.`,
    );
  }
  const files: Record<string, Buffer> = {};
  for (const [name, expected] of Object.entries(manifest.files ?? {})) {
    const data = byName.get(name);
    if (!data) throw new BackupArchiveError(`The backup is incomplete: ${name} is missing.`);
    if (data.length !== expected.bytes || sha256(data) !== expected.sha256) {
      throw new BackupArchiveError(`The backup is damaged: ${name} does not match its checksum.`);
    }
    files[name] = data;
  }
  if (!files[PGDATA_FILE]) {
    throw new BackupArchiveError(`The backup is incomplete: ${PGDATA_FILE} is missing.`);
  }
  return { manifest, files };
}
