import { systemNow } from './clock';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DataDirLockedError,
  LOCK_HEARTBEAT_STALE_MS,
  lockDataDir,
  procStartTime,
  type LockProbe,
} from './data-dir';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'esop-lock-'));
  dirs.push(dir);
  return dir;
}

/** A world of processes: pid → start time. */
function probe(over: Partial<LockProbe> & { running?: Record<number, string> } = {}): LockProbe {
  const running = over.running ?? {};
  return {
    pid: 1,
    host: 'web-1',
    boot: () => 'boot-a',
    startOf: (pid) => running[pid] ?? null,
    now: () => systemNow().getTime(),
    ...over,
  };
}

const lockFile = (dir: string) => path.join(dir, 'esop-crm.lock');
const writeLock = (dir: string, record: object | string) =>
  writeFileSync(lockFile(dir), typeof record === 'string' ? record : JSON.stringify(record));

describe('the data directory lock (issue 11, finding 3)', () => {
  it('after kill -9 as PID 1, the next PID 1 starts (its own PID in the stale lock)', () => {
    const dir = dataDir();
    // The first life: PID 1, started at tick 100.
    lockDataDir(dir, probe({ pid: 1, running: { 1: '100' } }));
    // Killed without a release; the container restarts: PID 1 again, started at tick 900.
    const release = lockDataDir(dir, probe({ pid: 1, running: { 1: '900' } }));
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toMatchObject({ pid: 1, start: '900' });
    release();
  });

  it('refuses while the holder runs (same PID and start time)', () => {
    const dir = dataDir();
    writeLock(dir, { pid: 7, start: '100', boot: 'boot-a', host: 'web-1' });
    expect(() => lockDataDir(dir, probe({ pid: 1, running: { 7: '100' } }))).toThrow(
      DataDirLockedError,
    );
    expect(() => lockDataDir(dir, probe({ pid: 1, running: { 7: '100' } }))).toThrow(/pid 7/);
  });

  it('takes over when the PID now belongs to another process, or nothing runs', () => {
    for (const running of [{ 7: '555' }, {}] as Record<number, string>[]) {
      const dir = dataDir();
      writeLock(dir, { pid: 7, start: '100', boot: 'boot-a', host: 'web-1' });
      lockDataDir(dir, probe({ pid: 1, running }))();
    }
  });

  it('takes over after a reboot even if PID and start time match by chance', () => {
    const dir = dataDir();
    writeLock(dir, { pid: 7, start: '100', boot: 'boot-old', host: 'web-1' });
    lockDataDir(dir, probe({ pid: 1, running: { 7: '100' } }))();
  });

  it('trusts a holder on another host only while it keeps touching the lock', () => {
    const dir = dataDir();
    writeLock(dir, { pid: 1, start: '100', boot: 'boot-b', host: 'web-2' });
    expect(() => lockDataDir(dir, probe())).toThrow(/another host \(web-2/);
    const old = new Date(systemNow().getTime() - LOCK_HEARTBEAT_STALE_MS - 5_000);
    utimesSync(lockFile(dir), old, old);
    lockDataDir(dir, probe())();
  });

  it('reads the PID-only locks of earlier versions, and takes over an unreadable one', () => {
    const live = dataDir();
    writeLock(live, '7');
    expect(() => lockDataDir(live, probe({ running: { 7: '100' } }))).toThrow(DataDirLockedError);
    const dead = dataDir();
    writeLock(dead, '7');
    lockDataDir(dead, probe())();
    const garbage = dataDir();
    writeLock(garbage, '{"pid":');
    lockDataDir(garbage, probe())();
  });

  it('releases only its own lock, and a second taker in the same process is refused', () => {
    const dir = dataDir();
    const world = probe({ pid: 1, running: { 1: '100' } });
    const release = lockDataDir(dir, world);
    expect(() => lockDataDir(dir, { ...world, pid: 2, startOf: () => '100' })).toThrow(
      DataDirLockedError,
    );
    expect(() => lockDataDir(dir, world)).toThrow(/already open in this process/);
    release();
    lockDataDir(dir, world)();
  });

  it('reads the start time after a command name with spaces and parentheses', () => {
    const fields = Array.from({ length: 50 }, (_, i) => String(i + 3));
    expect(procStartTime(`42 (my (odd) name) ${fields.join(' ')}`)).toBe('22');
  });
});
