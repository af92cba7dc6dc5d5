import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface BuiltServer {
  child: ChildProcess;
  url: string;
  startedAt: number;
  /** Everything the server printed (LOG_LEVEL=warn: warnings and errors only). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends SIGTERM and waits for the exit (SIGKILL after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children = new Set<ChildProcess>();

/** Kills every server this process started and that is still running (error paths). */
export function killAllChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
}

export const benchSecret = randomBytes(30).toString('base64url').slice(0, 40);

/**
 * Starts the production bundle (`node dist/server/main.mjs`) as `npm start` would, on loopback.
 * The environment is built from scratch so that a DATABASE_URL in the caller's shell does not
 * leak into the PGlite run.
 */
export function spawnBuiltServer(opts: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
}): BuiltServer {
  const url = `http://localhost:${opts.port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    APP_URL: url,
    DATA_DIR: opts.dataDir,
    AUTH_RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    BETTER_AUTH_SECRET: benchSecret,
    // Production refuses to start without SMTP_URL; the bench sends no mail (the transport is
    // created at the first one), so a closed port on loopback does.
    SMTP_URL: 'smtp://127.0.0.1:9',
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  const startedAt = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  return {
    child,
    url,
    startedAt,
    output: () => out,
    exited,
    async stop(timeoutMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/**
 * Polls GET /api/health until the first 200 and returns the milliseconds since spawn. Polls
 * every 5 ms so the figure is not rounded up by the poll interval.
 */
export async function waitForFirst200(server: BuiltServer, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void server.exited.then(() => (dead = true));
  while (Date.now() < deadline && !dead) {
    try {
      const res = await fetch(`${server.url}/api/health`);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - server.startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(
    `server ${dead ? 'exited' : 'did not answer 200 on /api/health'} before becoming healthy:\n${server.output()}`,
  );
}

/** Signs in through the real endpoint and returns the Cookie header for later requests. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) {
    throw new Error(`sign-in failed: HTTP ${res.status} ${await res.text()}`);
  }
  await res.arrayBuffer();
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (!cookies.some((c) => c.includes('session_token'))) {
    throw new Error(`sign-in returned no session cookie (got: ${cookies.join(', ') || 'none'})`);
  }
  return cookies.join('; ');
}
