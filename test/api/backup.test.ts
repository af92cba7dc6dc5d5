import { systemNow } from '../../src/server/clock';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packBackup } from '../../src/server/backup/archive';
import {
  buildServer,
  freePort,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../support/process';

// `npm run backup` / `npm run restore` against real server processes on an embedded PGlite data
// directory (PGlite project only, like lifecycle.test.ts).

const root = path.resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'esop-backup-'));
const running: ServerProcess[] = [];
beforeAll(() => buildServer(), 120_000);
afterAll(() => {
  for (const p of running) if (p.child.exitCode === null) p.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs `npm run <command> -- …args` (scripts/backup.ts) with DATA_DIR set. */
function cli(command: 'backup' | 'restore', args: string[], dataDir: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/backup.ts'), command, ...args],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function start(dataDir: string) {
  const port = await freePort();
  const proc = spawnServer({
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: 'off',
  });
  running.push(proc);
  await waitForHealth(proc);
  return proc;
}

async function stop(proc: ServerProcess) {
  proc.kill('SIGTERM');
  expect((await proc.exited).code).toBe(0);
}

/** A small client of one server: JSON requests with the trusted Origin and a cookie jar. */
function client(base: string) {
  let jar = new Map<string, string>();
  const send = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        origin: base,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(jar.size ? { cookie: [...jar.values()].join('; ') } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      const name = pair.split('=')[0]!;
      if (/max-age=0/i.test(c) || pair.endsWith('=')) jar.delete(name);
      else jar.set(name, pair);
    }
    return res;
  };
  return {
    send,
    cookie: () => [...jar.values()].join('; '),
    reset: () => (jar = new Map()),
  };
}

/** Signs a user up, verifies the address through the link printed in the console, signs in. */
async function signUp(proc: ServerProcess, email: string, password: string) {
  const c = client(proc.url);
  const res = await c.send('/api/auth/sign-up/email', {
    method: 'POST',
    body: { name: 'Bea Backup', email, password },
  });
  expect(res.status).toBe(200);
  let link: string | undefined;
  for (let i = 0; i < 50 && !link; i++) {
    link = proc
      .output()
      .match(
        new RegExp(`\\[mail\\] Link: (http://localhost:\\d+/api/auth/verify-email\\?\\S+)`, 'g'),
      )
      ?.at(-1)
      ?.split('Link: ')[1];
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  expect((await fetch(link!, { redirect: 'manual' })).status).toBe(302);
  expect(
    (await c.send('/api/auth/sign-in/email', { method: 'POST', body: { email, password } })).status,
  ).toBe(200);
  return c;
}

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}

// A 1×1 PNG.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('backup and restore of the embedded database', () => {
  it('backs up while the server runs; a restore brings back companies, users, sessions, reports and avatars', async () => {
    const dataDir = path.join(scratch, 'running');
    const archive = path.join(scratch, 'running.tar.gz');
    const email = 'bea@example.com';
    const password = 'original password';
    let server = await start(dataDir);
    const bea = await signUp(server, email, password);
    const sessionBefore = bea.cookie();

    // The data: two companies, a valuation with its PDF report, an avatar.
    const kept = await json<{ id: string }>(
      bea.send('/api/v1/company', { method: 'POST', body: { companyName: 'Kept B.V.' } }),
      201,
    );
    await json(
      bea.send('/api/v1/company', { method: 'POST', body: { companyName: 'Deleted Later B.V.' } }),
      201,
    );
    const valuation = await json<{ id: string }>(
      bea.send(`/api/v1/company/${kept.id}/valuations`, {
        method: 'POST',
        body: {
          effectiveDate: '2025-06-30',
          purpose: 'tax_fmv',
          method: 'opm',
          enterpriseValue: '1000000',
          fullyDilutedShares: 1000000,
        },
      }),
      201,
    );
    const reportPath = `/api/v1/company/${kept.id}/valuations/${valuation.id}/report`;
    const pdf = Buffer.from(`%PDF-1.4\n% ${randomBytes(2000).toString('hex')}\n%%EOF\n`);
    const put = await fetch(`${server.url}${reportPath}`, {
      method: 'PUT',
      headers: { origin: server.url, cookie: bea.cookie(), 'content-type': 'application/pdf' },
      body: new Uint8Array(pdf),
    });
    expect(put.status).toBe(200);
    await json(
      bea.send('/api/auth/update-user', {
        method: 'POST',
        body: { image: `data:image/png;base64,${PNG}` },
      }),
    );
    const me = await json<{ user: { image: string } }>(bea.send('/api/auth/get-session'));

    // Backed up while the server runs: the server takes the snapshot.
    const backup = await cli('backup', ['--out', archive], dataDir);
    expect(backup.output).toContain('from the running server');
    expect(backup.output).toContain('It includes the auth secret');
    expect(backup.code).toBe(0);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(server.output()).toMatch(/Backup snapshot taken/);

    // Changes after the backup: a company deleted, one renamed, one added, the report removed,
    // the password changed.
    const list = await json<{ items: { id: string; companyName: string }[] }>(
      bea.send('/api/v1/company'),
    );
    const doomed = list.items.find((c) => c.companyName === 'Deleted Later B.V.')!;
    expect((await bea.send(`/api/v1/company/${doomed.id}`, { method: 'DELETE' })).status).toBe(204);
    await json(
      bea.send(`/api/v1/company/${kept.id}`, {
        method: 'PATCH',
        body: { companyName: 'Renamed B.V.' },
      }),
    );
    await json(
      bea.send('/api/v1/company', { method: 'POST', body: { companyName: 'After Backup B.V.' } }),
      201,
    );
    expect((await bea.send(reportPath, { method: 'DELETE' })).status).toBe(204);
    await json(
      bea.send('/api/auth/change-password', {
        method: 'POST',
        body: { currentPassword: password, newPassword: 'changed password' },
      }),
    );

    // A restore is refused while the server runs, and changes nothing.
    const refused = await cli('restore', [archive], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Stop the server before restoring a backup.');
    expect(
      (await json<{ items: unknown[] }>(bea.send('/api/v1/company?q=After'))).items,
    ).toHaveLength(1);

    await stop(server);
    const restored = await cli('restore', [archive], dataDir);
    expect(restored.output).toMatch(/The database it replaced is kept in .*before-restore-/);
    expect(restored.code).toBe(0);
    const aside = readdirSync(dataDir).filter((f) => f.startsWith('before-restore-'));
    expect(aside).toHaveLength(1);
    expect(readdirSync(path.join(dataDir, aside[0]!)).sort()).toEqual(['auth-secret', 'pg']);

    server = await start(dataDir);
    const base = server.url;
    // The session from before the backup is valid again (same auth secret, same session row).
    const again = await fetch(`${base}/api/v1/company`, { headers: { cookie: sessionBefore } });
    const companies = (await json<{ items: { companyName: string }[] }>(again)).items
      .map((c) => c.companyName)
      .sort();
    expect(companies).toEqual(['Deleted Later B.V.', 'Kept B.V.']);
    // The original password signs in; the one set after the backup does not.
    const fresh = client(base);
    expect(
      (
        await fresh.send('/api/auth/sign-in/email', {
          method: 'POST',
          body: { email, password: 'changed password' },
        })
      ).status,
    ).toBe(401);
    expect(
      (await fresh.send('/api/auth/sign-in/email', { method: 'POST', body: { email, password } }))
        .status,
    ).toBe(200);
    const report = await fresh.send(reportPath);
    expect(report.status).toBe(200);
    expect(Buffer.from(await report.arrayBuffer()).equals(pdf)).toBe(true);
    const avatar = await fresh.send(me.user.image);
    expect(avatar.status).toBe(200);
    expect(Buffer.from(await avatar.arrayBuffer()).toString('base64')).toBe(PNG);
    await stop(server);
  }, 300_000);

  it('backs up a stopped installation and restores it into an empty data directory: sign-in with the second factor works', async () => {
    const dataDir = path.join(scratch, 'stopped');
    const elsewhere = path.join(scratch, 'elsewhere');
    const archive = path.join(scratch, 'stopped.tar.gz');
    const email = 'tom@example.com';
    const password = 'tom password';
    let server = await start(dataDir);
    const tom = await signUp(server, email, password);
    const enabled = await json<{ totpURI: string }>(
      tom.send('/api/auth/two-factor/enable', { method: 'POST', body: { password } }),
    );
    const secret = new URL(enabled.totpURI).searchParams.get('secret')!;
    await json(
      tom.send('/api/auth/two-factor/verify-totp', {
        method: 'POST',
        body: { code: await generate({ secret }) },
      }),
    );
    await json(
      tom.send('/api/v1/company', { method: 'POST', body: { companyName: 'Offline B.V.' } }),
      201,
    );
    await stop(server);

    const backup = await cli('backup', ['--out', archive], dataDir);
    expect(backup.output).toContain('no server was running');
    expect(backup.code).toBe(0);

    const restored = await cli('restore', [archive], elsewhere);
    expect(restored.code).toBe(0);
    expect(restored.output).not.toContain('before-restore-');
    expect(readFileSync(path.join(elsewhere, 'auth-secret'), 'utf8')).toBe(
      readFileSync(path.join(dataDir, 'auth-secret'), 'utf8'),
    );

    server = await start(elsewhere);
    const back = client(server.url);
    const signIn = await json<{ twoFactorRedirect?: boolean }>(
      back.send('/api/auth/sign-in/email', { method: 'POST', body: { email, password } }),
    );
    expect(signIn.twoFactorRedirect).toBe(true);
    // The TOTP secret is stored encrypted with the auth secret: it decrypts after the restore.
    await json(
      back.send('/api/auth/two-factor/verify-totp', {
        method: 'POST',
        body: { code: await generate({ secret }) },
      }),
    );
    const list = await json<{ items: { companyName: string }[] }>(back.send('/api/v1/company'));
    expect(list.items.map((c) => c.companyName)).toEqual(['Offline B.V.']);
    await stop(server);
  }, 300_000);

  it('refuses a damaged backup and leaves the data directory as it was', async () => {
    const dataDir = path.join(scratch, 'untouched');
    mkdirSync(path.join(dataDir, 'pg'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), '17');
    writeFileSync(path.join(dataDir, 'auth-secret'), 'the current secret of this installation');
    const whole = packBackup(
      { 'pgdata.tar': randomBytes(100_000), 'auth-secret': Buffer.from('x'.repeat(43)) },
      { createdAt: systemNow(), source: 'stopped' },
    );
    const damaged = path.join(scratch, 'damaged.tar.gz');
    writeFileSync(damaged, whole.subarray(0, Math.floor(whole.length / 2)));
    const before = readdirSync(dataDir).sort();

    const result = await cli('restore', [damaged], dataDir);
    expect(result.code).toBe(1);
    expect(result.output).toContain('This is not a readable ESOP CRM backup');
    expect(readdirSync(dataDir).sort()).toEqual(before);
    expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8')).toBe(
      'the current secret of this installation',
    );
    expect(existsSync(path.join(dataDir, 'pg.restoring'))).toBe(false);

    // A whole archive whose database is not one: refused after loading, nothing replaced.
    const notADatabase = path.join(scratch, 'not-a-database.tar.gz');
    writeFileSync(notADatabase, whole);
    const refused = await cli('restore', [notADatabase], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /The (database in the )?backup (cannot be opened|does not hold)/,
    );
    expect(readdirSync(dataDir).sort()).toEqual(before);
  }, 120_000);
});
