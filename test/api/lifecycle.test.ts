import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
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
    const outboxLink = first
      .output()
      .match(/open (http:\/\/localhost:\d+\/dev\/outbox\?key=\S+) on this machine/)![1]!;
    const keyed = await fetch(outboxLink, { redirect: 'manual' });
    expect(keyed.status).toBe(303);
    const outboxCookie = keyed.headers.getSetCookie()[0]!.split(';')[0]!;
    const outbox = await (
      await fetch(`http://localhost:${port}/dev/outbox`, { headers: { cookie: outboxCookie } })
    ).text();
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
    expect(firstExit.ms).toBeLessThan(9500);
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
    expect(againExit.ms).toBeLessThan(9500);
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

/** Whether this machine lets us run a process as PID 1 of a new PID namespace (root + unshare). */
function canUnshare(): boolean {
  try {
    execFileSync('unshare', ['--fork', '--pid', '--mount-proc', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const UNSHARE = ['unshare', '--fork', '--pid', '--mount-proc', '--kill-child'];

/** The host PID of the server that unshare forked (PID 1 inside its namespace). */
function childPid(parent: number): number {
  return Number(execFileSync('pgrep', ['-P', String(parent)], { encoding: 'utf8' }).trim());
}

/** Signs a user up through the local outbox's printed link and returns a session cookie. */
async function signedInUser(proc: ServerProcess, email: string): Promise<string> {
  const base = proc.url;
  const password = 'long enough password';
  expect(
    (await post(`${base}/api/auth/sign-up/email`, { name: 'Load', email, password })).status,
  ).toBe(200);
  const links = [
    ...proc
      .output()
      .matchAll(/\[mail\] Link: (http:\/\/localhost:\d+\/api\/auth\/verify-email\?\S+)/g),
  ];
  expect((await fetch(links.at(-1)![1]!, { redirect: 'manual' })).status).toBe(302);
  const res = await post(`${base}/api/auth/sign-in/email`, { email, password });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('server process in a container (issue 11, finding 3)', () => {
  // CI runs as root with unshare; elsewhere this needs it too, so say so instead of passing.
  const available = canUnshare();
  if (!available && process.env.CI === 'true') {
    it('can run as PID 1 (unshare is required under CI)', () => {
      expect(available, 'unshare --fork --pid --mount-proc failed').toBe(true);
    });
  }

  it.skipIf(!available)(
    'restarts as PID 1 after kill -9 (the stale lock holds its own PID)',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'esop-pid1-'));
      try {
        const port = await freePort();
        const env = {
          PORT: String(port),
          APP_URL: `http://localhost:${port}`,
          DATA_DIR: dir,
          AUTH_RATE_LIMIT: 'off',
        };
        const first = spawnServer(env, { prefix: UNSHARE });
        running.push(first);
        await waitForHealth(first);
        // PID 1 in the lock, whatever its format.
        expect(readFileSync(path.join(dir, 'esop-crm.lock'), 'utf8')).toMatch(/^(1$|\{"pid":1,)/);
        process.kill(childPid(first.child.pid!), 'SIGKILL');
        await first.exited;

        const second = spawnServer(env, { prefix: UNSHARE });
        running.push(second);
        await waitForHealth(second, 60_000);
        expect(second.output()).not.toMatch(/in use by another ESOP CRM process/);
        process.kill(childPid(second.child.pid!), 'SIGTERM');
        await second.exited;
        expect(second.output()).toContain('Stopped cleanly.');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});

describe('SIGTERM under load (issue 11)', () => {
  it('answers every request it received: in-flight ones finish, later ones get 503, none is reset', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'esop-load-'));
    try {
      const port = await freePort();
      const proc = spawnServer({
        PORT: String(port),
        APP_URL: `http://localhost:${port}`,
        DATA_DIR: dir,
        AUTH_RATE_LIMIT: 'off',
      });
      running.push(proc);
      await waitForHealth(proc);
      const cookie = await signedInUser(proc, 'load@example.com');
      for (let i = 0; i < 200; i++) {
        const res = await post(
          `${proc.url}/api/v1/company`,
          { companyName: `Load ${i} B.V.` },
          cookie,
        );
        expect(res.status).toBe(201);
      }

      // About five seconds of work at once, each request on its own keep-alive connection:
      // PGlite answers them one query at a time, so most are still waiting when SIGTERM arrives
      // (the server used to cut them off after 3.5 s).
      const url = `${proc.url}/api/v1/company?limit=200`;
      const timings: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        expect((await fetch(url, { headers: { cookie } })).status).toBe(200);
        timings.push(performance.now() - t0);
      }
      const latency = timings.sort((a, b) => a - b)[2]!;
      const count = Math.min(400, Math.max(30, Math.ceil(5000 / latency)));
      const agent = new http.Agent({ keepAlive: true, maxSockets: 500 });
      const outcomes: string[] = [];
      const sent: Promise<void>[] = [];
      const results = Array.from(
        { length: count },
        () =>
          new Promise<void>((resolve) => {
            const req = http.request(
              `http://127.0.0.1:${port}/api/v1/company?limit=200`,
              { agent, headers: { cookie, host: `localhost:${port}` } },
              (res) => {
                res.resume();
                res.on('end', () => {
                  outcomes.push(String(res.statusCode));
                  resolve();
                });
                res.on('error', (err) => {
                  outcomes.push(`error ${err.message}`);
                  resolve();
                });
              },
            );
            req.on('error', (err) => {
              outcomes.push(`error ${(err as NodeJS.ErrnoException).code ?? err.message}`);
              resolve();
            });
            sent.push(new Promise((done) => req.on('finish', () => done())));
            req.end();
          }),
      );
      await Promise.all(sent);
      // And ten clients that keep asking, one request after another on one connection each,
      // until they get anything but 200.
      const hammers = Array.from({ length: 10 }, async () => {
        const own = new http.Agent({ keepAlive: true, maxSockets: 1 });
        for (;;) {
          const outcome = await new Promise<string>((resolve) => {
            const req = http.request(
              `http://127.0.0.1:${port}/api/v1/company?limit=5`,
              { agent: own, headers: { cookie, host: `localhost:${port}` } },
              (res) => {
                res.resume();
                res.on('end', () => resolve(String(res.statusCode)));
              },
            );
            req.on('error', (err) =>
              resolve(`error ${(err as NodeJS.ErrnoException).code ?? err.message}`),
            );
            req.end();
          });
          outcomes.push(outcome);
          if (outcome !== '200') break;
        }
        own.destroy();
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      proc.kill('SIGTERM');
      await Promise.all([...results, ...hammers]);
      agent.destroy();
      const exit = await proc.exited;

      expect(
        outcomes.filter((o) => o.startsWith('error')),
        outcomes.join(','),
      ).toEqual([]);
      expect(
        outcomes.every((o) => o === '200' || o === '503'),
        outcomes.join(','),
      ).toBe(true);
      expect(outcomes.filter((o) => o === '200').length).toBeGreaterThan(0);
      expect(exit.code).toBe(0);
      expect(proc.output()).toContain('Stopped cleanly.');
      expect(proc.output()).not.toMatch(/unhandled error|ERROR/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
