import { systemNow } from './clock';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * What a lock file records about its holder: PostgreSQL's postmaster.pid idea. A PID alone is
 * not enough — after `kill -9` in a container the next server is PID 1 again and found "its own"
 * PID alive in the stale lock forever (issue 11, finding 3) — so the process's start time and the
 * machine's boot id go with it, and the holder touches the file every few seconds for a holder
 * on another host (a shared volume), whose process cannot be looked up.
 */
export interface LockRecord {
  pid: number;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat field 22), if known. */
  start: string | null;
  /** /proc/sys/kernel/random/boot_id, if known. */
  boot: string | null;
  host: string;
}

/** How the lock looks at the world: injectable so that tests can play PID 1 and other hosts. */
export interface LockProbe {
  pid: number;
  host: string;
  boot: () => string | null;
  /** Start time of a running process, null when it does not run; undefined when unknown. */
  startOf: (pid: number) => string | null | undefined;
  now: () => number;
}

/** Lock files held per process (a probe stands for one process: tests play several). */
const heldBy = new WeakMap<LockProbe, Set<string>>();

/** A lock touched less recently than this by a holder on another host is stale (ms). */
export const LOCK_HEARTBEAT_STALE_MS = 30_000;
const LOCK_HEARTBEAT_MS = 10_000;

function readProc(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces). */
export function procStartTime(stat: string): string | null {
  const close = stat.lastIndexOf(')');
  if (close < 0) return null;
  const fields = stat
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  // Fields after the name start at field 3 (state); field 22 is at index 22 - 3.
  return fields[19] ?? null;
}

export const systemProbe: LockProbe = {
  pid: process.pid,
  host: os.hostname(),
  boot: () => readProc('/proc/sys/kernel/random/boot_id')?.trim() || null,
  startOf(pid) {
    if (existsSync('/proc/self/stat')) {
      const stat = readProc(`/proc/${pid}/stat`);
      return stat === null ? null : procStartTime(stat);
    }
    // No /proc (macOS): whether it runs is all we can tell.
    try {
      process.kill(pid, 0);
      return undefined;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM' ? undefined : null;
    }
  },
  now: () => systemNow().getTime(),
};

function parseRecord(text: string): LockRecord | null {
  const trimmed = text.trim();
  // Locks written before issue 11 hold just the PID.
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), start: null, boot: null, host: '' };
  try {
    const value = JSON.parse(trimmed) as Partial<LockRecord>;
    if (typeof value.pid !== 'number') return null;
    return {
      pid: value.pid,
      start: typeof value.start === 'string' ? value.start : null,
      boot: typeof value.boot === 'string' ? value.boot : null,
      host: typeof value.host === 'string' ? value.host : '',
    };
  } catch {
    return null;
  }
}

/**
 * Why a lock is still held, or null when it is stale: a holder on this host must be the very
 * process that wrote it (same PID *and* start time, same boot); a holder elsewhere must have
 * touched the file lately.
 */
export function lockHolder(
  record: LockRecord | null,
  touchedAt: number,
  probe: LockProbe,
): string | null {
  if (!record) return null; // unreadable: left half-written by a crash
  const sameHost = record.host === '' || record.host === probe.host;
  if (!sameHost) {
    return probe.now() - touchedAt < LOCK_HEARTBEAT_STALE_MS
      ? `another host (${record.host}, pid ${record.pid})`
      : null;
  }
  // We have not taken any lock yet, so one with our own PID is a previous life's (PID 1 in a
  // container after kill -9).
  if (record.pid === probe.pid) return null;
  const boot = probe.boot();
  if (record.boot && boot && record.boot !== boot) return null; // the machine restarted
  const start = probe.startOf(record.pid);
  if (start === null) return null; // no such process
  if (record.start && start !== undefined && start !== record.start) return null; // PID reused
  return `pid ${record.pid}`;
}

/**
 * Takes the data directory's lock file (PGlite has no lock of its own: two processes on one
 * directory would corrupt it). Returns a release function. A stale lock — its process died,
 * even when the PID has since been reused (containers: PID 1 again), the machine rebooted, or a
 * holder on another host stopped touching it — is taken over.
 */
export function lockDataDir(dataDir: string, probe: LockProbe = systemProbe): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'esop-crm.lock');
  // A lock with our own PID counts as stale below; one this very process holds is not.
  const held = path.resolve(file);
  const heldHere = heldBy.get(probe) ?? new Set<string>();
  heldBy.set(probe, heldHere);
  if (heldHere.has(held)) {
    throw new DataDirLockedError(
      `The data directory ${path.resolve(dataDir)} is already open in this process.`,
    );
  }
  const record: LockRecord = {
    pid: probe.pid,
    start: probe.startOf(probe.pid) ?? null,
    boot: probe.boot(),
    host: probe.host,
  };
  const content = JSON.stringify(record);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(file, content, { flag: 'wx' });
      const heartbeat = setInterval(() => {
        try {
          const now = systemNow();
          utimesSync(file, now, now);
        } catch {
          // removed from under us: the release below copes
        }
      }, LOCK_HEARTBEAT_MS);
      heartbeat.unref();
      heldHere.add(held);
      return () => {
        heldHere.delete(held);
        clearInterval(heartbeat);
        try {
          if (readFileSync(file, 'utf8') === content) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let text: string;
    let touchedAt: number;
    try {
      text = readFileSync(file, 'utf8');
      touchedAt = statSync(file).mtimeMs;
    } catch {
      continue; // released meanwhile: try again
    }
    const holder = lockHolder(parseRecord(text), touchedAt, probe);
    if (holder) {
      throw new DataDirLockedError(
        `The data directory ${path.resolve(dataDir)} is in use by another ESOP CRM process (${holder}). ` +
          'Stop that process first, or set DATA_DIR to another directory.',
      );
    }
    // Stale. Move it aside atomically; only one of several starting processes wins the rename,
    // and only if the file is still the stale one it judged.
    const aside = `${file}.stale-${randomBytes(4).toString('hex')}`;
    try {
      renameSync(file, aside);
    } catch {
      continue;
    }
    let moved = '';
    try {
      moved = readFileSync(aside, 'utf8');
    } catch {
      // gone: nothing to compare
    }
    if (moved !== text) {
      // Another process took the lock between our read and our rename: put theirs back
      // (a hard link never replaces a lock that a third process may have written meanwhile).
      try {
        linkSync(aside, file);
        unlinkSync(aside);
      } catch {
        // nothing to do
      }
      continue;
    }
    try {
      unlinkSync(aside);
    } catch {
      // already gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dataDir)}`);
}

/** Local mode's auth secret: generated once and kept in the data directory. */
export function localSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
