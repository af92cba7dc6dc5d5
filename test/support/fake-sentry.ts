import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';

/** One item of an envelope: its header and its payload (parsed when JSON). */
export interface EnvelopeItem {
  type: string;
  payload: unknown;
}

export interface ReceivedEnvelope {
  /** The project id from the path `/api/<project>/envelope/`. */
  project: string;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  /** The whole decoded body, for "this string appears nowhere" checks. */
  raw: string;
}

export interface FakeSentry {
  /** A DSN pointing here: `http://<key>@127.0.0.1:<port>/<project>`. */
  dsn: string;
  origin: string;
  envelopes: ReceivedEnvelope[];
  /** The `event` items received so far. */
  events(): Record<string, unknown>[];
  /** Resolves with the events once `count` arrived (fails after `timeoutMs`). */
  waitForEvents(count: number, timeoutMs?: number): Promise<Record<string, unknown>[]>;
  /** Every request that arrived, also those that were not envelopes. */
  requests: { method: string; url: string }[];
  close(): Promise<void>;
}

function decode(req: IncomingMessage, body: Buffer): Buffer {
  switch (req.headers['content-encoding']) {
    case 'gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

/**
 * Parses an envelope: a JSON header line, then per item a JSON header line and a payload —
 * `length` bytes when the item header says so, else up to the next newline.
 */
export function parseEnvelope(body: Buffer): {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
} {
  let offset = 0;
  const line = (): Buffer => {
    const end = body.indexOf(0x0a, offset);
    const slice = body.subarray(offset, end === -1 ? body.length : end);
    offset = end === -1 ? body.length : end + 1;
    return slice;
  };
  const header = JSON.parse(line().toString('utf8')) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const headerLine = line().toString('utf8').trim();
    if (!headerLine) continue;
    const itemHeader = JSON.parse(headerLine) as { type: string; length?: number };
    let payload: Buffer;
    if (typeof itemHeader.length === 'number') {
      payload = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      payload = line();
    }
    const text = payload.toString('utf8');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // attachments and the like stay text
    }
    items.push({ type: itemHeader.type, payload: parsed });
  }
  return { header, items };
}

/**
 * A local stand-in for Sentry's ingest: receives `POST /api/<project>/envelope/` (gzip or not,
 * from the Node SDK or from a browser, with CORS), decodes and keeps the envelopes.
 */
export async function startFakeSentry(project = '4242'): Promise<FakeSentry> {
  const envelopes: ReceivedEnvelope[] = [];
  const requests: { method: string; url: string }[] = [];
  const waiters = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '' });
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-headers': 'content-type, x-sentry-auth',
      'access-control-allow-methods': 'POST, OPTIONS',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const match = /^\/api\/([^/]+)\/envelope\/?(?:\?|$)/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404, cors).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = decode(req, Buffer.concat(chunks));
      const { header, items } = parseEnvelope(body);
      envelopes.push({ project: match[1]!, header, items, raw: body.toString('utf8') });
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{}');
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const events = () =>
    envelopes.flatMap((e) =>
      e.items.filter((i) => i.type === 'event').map((i) => i.payload as Record<string, unknown>),
    );
  return {
    dsn: `http://publickey@127.0.0.1:${port}/${project}`,
    origin: `http://127.0.0.1:${port}`,
    envelopes,
    requests,
    events,
    waitForEvents(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (events().length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(events());
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`expected ${count} event(s), got ${events().length} in ${timeoutMs} ms`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
