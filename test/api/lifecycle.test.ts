import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  freePort,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../support/process';

// Runs the real server process on an embedded PGlite data directory (PGlite project only).
const dataDir = mkdtempSync(path.join(tmpdir(), 'esop-lifecycle-'));
const running: ServerProcess[] = [];
beforeAll(() => buildServer(), 120_000);
afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null) p.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number) {
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

async function post(url: string, body: unknown, cookie?: string) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: new URL(url).origin,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

describe('server process', () => {
  it('locks the data directory, shuts down cleanly on SIGTERM/SIGINT and keeps the data across restarts', async () => {
    const port = await freePort();
    const first = await start(port);
    expect(first.output()).toContain('Local mode: e-mails are printed here');

    // A second process on the same data directory fails at once with a clear message.
    const second = spawnServer({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: 'off',
    });
    running.push(second);
    const secondExit = await second.exited;
    expect(secondExit.code).toBe(1);
    expect(second.output()).toMatch(/is in use by another ESOP CRM process \(pid \d+\)/);

    // Sign up, verify through the local outbox, sign in, create a company.
    const base = first.url;
    const email = 'restart@example.com';
    const password = 'long enough password';
    expect(
      (await post(`${base}/api/auth/sign-up/email`, { name: 'Rita Restart', email, password }))
        .status,
    ).toBe(200);
    // Local mode: the link is printed in the console and the mail is listed in the outbox.
    const link = first
      .output()
      .match(/\[mail\] Link: (http:\/\/localhost:\d+\/api\/auth\/verify-email\?\S+)/)![1]!;
    const outbox = await (await fetch(`http://127.0.0.1:${port}/dev/outbox`)).text();
    expect(outbox).toContain(email);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);
    const signIn = async () => {
      const res = await post(`${base}/api/auth/sign-in/email`, { email, password });
      expect(res.status).toBe(200);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    };
    const cookie = await signIn();
    const created = await (
      await post(`${base}/api/v1/company`, { companyName: 'Durable B.V.' }, cookie)
    ).json();
    expect(created.id).toBeTruthy();

    first.kill('SIGTERM');
    const firstExit = await first.exited;
    expect(firstExit.code).toBe(0);
    expect(firstExit.ms).toBeLessThan(5000);
    expect(first.output()).toContain('Stopped cleanly.');

    const again = await start(port);
    const cookie2 = await signIn();
    const res = await fetch(`${base}/api/v1/company/${created.id}`, {
      headers: { cookie: cookie2 },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).companyName).toBe('Durable B.V.');
    again.kill('SIGINT');
    const againExit = await again.exited;
    expect(againExit.code).toBe(0);
    expect(againExit.ms).toBeLessThan(5000);
  }, 180_000);

  it('refuses to start with an invalid environment, naming the variable', async () => {
    const proc = spawnServer({ PORT: 'not-a-port', DATA_DIR: dataDir });
    running.push(proc);
    const exit = await proc.exited;
    expect(exit.code).toBe(1);
    expect(proc.output()).toContain('Invalid environment variables');
    expect(proc.output()).toContain('PORT');
  }, 60_000);
});
