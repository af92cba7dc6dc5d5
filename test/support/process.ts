import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

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

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
  signalledAt: number | null;
  kill(signal: NodeJS.Signals): void;
}

/** Builds the production server bundle (dist/server/main.mjs) when its sources changed. */
export async function buildServer(): Promise<void> {
  // @ts-expect-error -- plain .mjs build script without type declarations
  const lib = (await import('../../scripts/build-lib.mjs')) as {
    buildServerIfStale: () => Promise<boolean>;
  };
  await lib.buildServerIfStale();
}

/** Starts the production server bundle as a real process with the given environment. */
export function spawnServer(
  env: Record<string, string>,
  options: { prefix?: string[] } = {},
): ServerProcess {
  // `prefix`: a command to run the server under, e.g. unshare for a PID namespace.
  const [command, ...args] = [...(options.prefix ?? []), process.execPath, 'dist/server/main.mjs'];
  const child = spawn(command!, args, {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const proc: ServerProcess = {
    child,
    url: env.APP_URL ?? `http://localhost:${env.PORT}`,
    output: () => out,
    signalledAt: null,
    exited: new Promise((resolve) => {
      child.on('exit', (code, signal) =>
        resolve({ code, signal, ms: proc.signalledAt ? performance.now() - proc.signalledAt : -1 }),
      );
    }),
    kill(signal) {
      proc.signalledAt = performance.now();
      child.kill(signal);
    },
  };
  return proc;
}

/** Polls GET /api/health until 200 (or the process dies / time runs out). */
export async function waitForHealth(proc: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let dead = false;
  void proc.exited.then(() => (dead = true));
  while (performance.now() < deadline && !dead) {
    try {
      const res = await fetch(`${proc.url}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not become healthy:\n${proc.output()}`);
}
