import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Logger } from '../logger';

/**
 * The backup channel of a server on PGlite (decision 015). PGlite is one connection inside the
 * server process, so a consistent snapshot of a running installation can only be taken there:
 * the server listens on a loopback port and writes the port and a random token to
 * `DATA_DIR/esop-crm.backup.json` (mode 0600). `npm run backup` reads that file and asks for
 * the snapshot with the token. Whoever can read the file can read the database files anyway.
 */

export const CHANNEL_FILE = 'esop-crm.backup.json';

interface ChannelInfo {
  pid: number;
  port: number;
  token: string;
}

/** Starts the channel; returns its close function (which waits for a snapshot in progress). */
export async function startBackupChannel(deps: {
  dataDir: string;
  dump: () => Promise<Uint8Array>;
  logger: Logger;
}): Promise<() => Promise<void>> {
  const token = randomBytes(32).toString('hex');
  const expected = Buffer.from(`Bearer ${token}`);
  let running: Promise<unknown> | null = null;

  const server: Server = createServer((req, res) => {
    const answer = (status: number, message: string) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(message);
    };
    if (req.method !== 'POST' || req.url !== '/backup') return answer(404, 'Not found');
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return answer(401, 'Wrong backup token');
    }
    if (running) return answer(409, 'A backup is already being taken');
    const started = performance.now();
    const job = deps.dump();
    running = job;
    job
      .then(
        (tar) => {
          deps.logger.info(
            `Backup snapshot taken: ${(tar.length / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms`,
          );
          res.writeHead(200, {
            'content-type': 'application/x-tar',
            'content-length': String(tar.length),
          });
          res.end(Buffer.from(tar.buffer, tar.byteOffset, tar.length));
        },
        (err: unknown) => {
          deps.logger.error('Backup snapshot failed', err);
          answer(500, 'The snapshot failed; see the server log');
        },
      )
      .finally(() => {
        running = null;
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const info: ChannelInfo = {
    pid: process.pid,
    port: (server.address() as AddressInfo).port,
    token,
  };
  const file = path.join(deps.dataDir, CHANNEL_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(info), { mode: 0o600 });
  renameSync(temp, file);

  return async () => {
    await running?.catch(() => {});
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as ChannelInfo).token === token) unlinkSync(file);
    } catch {
      // already gone
    }
  };
}

/**
 * Asks the server running on `dataDir` for a snapshot. Null when no server offers one (no
 * channel file, or nobody answers on its port: a server that died without cleaning up).
 */
export async function requestSnapshot(dataDir: string): Promise<Uint8Array | null> {
  let info: ChannelInfo;
  try {
    info = JSON.parse(readFileSync(path.join(dataDir, CHANNEL_FILE), 'utf8')) as ChannelInfo;
  } catch {
    return null;
  }
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${info.port}/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${info.token}` },
    });
  } catch {
    return null;
  }
  if (res.status !== 200) {
    throw new Error(`The running server (pid ${info.pid}) refused the backup: ${await res.text()}`);
  }
  return new Uint8Array(await res.arrayBuffer());
}
