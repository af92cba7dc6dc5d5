import { systemNow } from '../../src/server/clock';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/vite-precompress';
import { COMPRESS_THRESHOLD_BYTES } from '../../src/server/http/compression';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app';

// Issue 12, "Over the wire" (decision 019): precompressed assets by Accept-Encoding, JSON and
// HTML compressed per answer, Vary, ETags and HEAD intact.

const ASSET = '/assets/index-abc123.js';
/** A script of a realistic size: compressible, far above the threshold. */
const SCRIPT = Array.from(
  { length: 400 },
  (_, i) => `export function helper${i}(value) { return value * ${i} + ${i % 7}; }\n`,
).join('');
/** index.html as Vite writes it, over the threshold like the real one (2.7 kB). */
const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta property="csp-nonce" nonce="__CSP_NONCE__" />
<script src="/csp-setup.js"></script><script type="module" crossorigin src="${ASSET}"></script>
${Array.from({ length: 30 }, (_, i) => `<link rel="modulepreload" crossorigin href="/assets/chunk-${i}.js">`).join('\n')}
</head><body><div id="root"></div></body></html>`;
/** A PNG signature and some bytes: not a compressible type. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(4000, 7),
]);

let t: TestApp;
let spaDir: string;

async function builtSpa(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'esop-compress-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'csp-setup.js'), '/* set-up */');
  writeFileSync(path.join(dir, ASSET), SCRIPT);
  writeFileSync(path.join(dir, 'assets/logo-abc123.png'), PNG);
  writeFileSync(path.join(dir, '.vite/manifest.json'), '{"secret": "not served"}');
  // The build step itself (scripts/vite-precompress.ts).
  await precompressDirectory(dir);
  // The copies are written after their original, often in a later second: make it so, since
  // Last-Modified and If-Modified-Since must then refer to the copy that is served.
  const later = new Date(systemNow().getTime() + 5000);
  utimesSync(path.join(dir, `${ASSET}.br`), later, later);
  return dir;
}

beforeAll(async () => {
  spaDir = await builtSpa();
  t = await createTestApp({ staticDir: spaDir });
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

/** A request straight to the app (the body as it would go over the wire). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return t.app.request(`${TEST_ORIGIN}${url}`, { method, headers });
}

async function bytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

function decode(body: Buffer, coding: string | null): Buffer {
  if (coding === 'br') return brotliDecompressSync(body);
  if (coding === 'gzip') return gunzipSync(body);
  expect(coding).toBeNull();
  return body;
}

/** Byte equality (vitest's toEqual walks a Buffer byte by byte: seconds for a megabyte). */
const sameBytes = (actual: Buffer, expected: Buffer) => expect(actual.equals(expected)).toBe(true);

const varies = (res: Response) =>
  expect(res.headers.get('vary') ?? '').toMatch(/(^|,\s*)accept-encoding(\s*,|$)/i);

describe('the build step', () => {
  it('writes brotli and gzip copies of compressible files that decompress to the original, never of index.html, images or hidden files', () => {
    const script = readFileSync(path.join(spaDir, ASSET));
    sameBytes(brotliDecompressSync(readFileSync(path.join(spaDir, `${ASSET}.br`))), script);
    sameBytes(gunzipSync(readFileSync(path.join(spaDir, `${ASSET}.gz`))), script);
    expect(statSync(path.join(spaDir, `${ASSET}.br`)).size).toBeLessThan(script.length / 4);
    for (const left of ['index.html', 'assets/logo-abc123.png', '.vite/manifest.json']) {
      for (const suffix of ['.br', '.gz']) {
        expect(() => statSync(path.join(spaDir, left + suffix)), left + suffix).toThrow();
      }
    }
    // A copy that would not be smaller is not written (a 12-byte script).
    expect(() => statSync(path.join(spaDir, 'csp-setup.js.br'))).toThrow();
  });
});

describe('precompressed assets', () => {
  it.each([
    ['br, gzip', 'br', '.br'],
    ['gzip, deflate, br, zstd', 'br', '.br'],
    ['gzip, deflate', 'gzip', '.gz'],
    ['gzip;q=1, br;q=0.5', 'gzip', '.gz'],
    ['br;q=0, *', 'gzip', '.gz'],
    ['identity', null, ''],
    ['deflate', null, ''],
    ['br;q=0, gzip;q=0', null, ''],
  ])('Accept-Encoding %j gets %s', async (acceptEncoding, coding, suffix) => {
    const res = await get(ASSET, { 'accept-encoding': acceptEncoding });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(coding);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    varies(res);
    const body = await bytes(res);
    sameBytes(body, readFileSync(path.join(spaDir, ASSET + suffix)));
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(decode(body, coding).toString()).toBe(SCRIPT);
    // The headers it had before stay.
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers without Accept-Encoding uncompressed, still with Vary', async () => {
    const res = await get(ASSET);
    expect(res.headers.get('content-encoding')).toBeNull();
    varies(res);
    expect((await bytes(res)).toString()).toBe(SCRIPT);
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    for (const [acceptEncoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
      ['identity', ''],
    ] as const) {
      const head = await get(ASSET, { 'accept-encoding': acceptEncoding }, 'HEAD');
      const res = await get(ASSET, { 'accept-encoding': acceptEncoding });
      expect(head.status).toBe(200);
      for (const name of ['content-encoding', 'content-type', 'etag', 'vary', 'cache-control']) {
        expect(head.headers.get(name), name).toBe(res.headers.get(name));
      }
      expect(head.headers.get('content-length')).toBe(
        String(statSync(path.join(spaDir, ASSET + suffix)).size),
      );
      expect((await bytes(head)).length).toBe(0);
    }
  });

  it('gives each coding its own ETag and answers a matching If-None-Match with 304', async () => {
    const br = await get(ASSET, { 'accept-encoding': 'br' });
    const gzip = await get(ASSET, { 'accept-encoding': 'gzip' });
    const identity = await get(ASSET);
    const tags = [br, gzip, identity].map((r) => r.headers.get('etag'));
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
    expect(new Set(tags).size).toBe(3);

    const revalidated = await get(ASSET, {
      'accept-encoding': 'br',
      'if-none-match': tags[0]!,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(tags[0]);
    varies(revalidated);
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await bytes(revalidated)).length).toBe(0);
    // Weak comparison, and a list.
    const listed = await get(ASSET, {
      'accept-encoding': 'br',
      'if-none-match': `"other", W/${tags[0]}`,
    });
    expect(listed.status).toBe(304);
    // The brotli copy's tag does not validate the gzip copy.
    const other = await get(ASSET, { 'accept-encoding': 'gzip', 'if-none-match': tags[0]! });
    expect(other.status).toBe(200);
    expect(other.headers.get('content-encoding')).toBe('gzip');
    // If-Modified-Since, when there is no If-None-Match.
    const since = await get(ASSET, {
      'accept-encoding': 'br',
      'if-modified-since': br.headers.get('last-modified')!,
    });
    expect(since.status).toBe(304);
  });

  it('answers a Range request with the whole file', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(res.status).toBe(200);
    expect(decode(await bytes(res), 'br').toString()).toBe(SCRIPT);
  });

  it('serves images as they are, whatever the caller accepts', async () => {
    const res = await get('/assets/logo-abc123.png', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-encoding')).toBeNull();
    sameBytes(await bytes(res), PNG);
  });

  it.each(['/.vite/manifest.json', `${ASSET}.br`, `${ASSET}.gz`, '/assets/../index.html'])(
    'never serves %s: the SPA page answers instead',
    async (url) => {
      const res = await get(url, { 'accept-encoding': 'identity' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<div id="root">');
    },
  );
});

describe('answers compressed per request', () => {
  it('compresses the SPA page with its own nonce, and the policy names that nonce', async () => {
    for (const coding of ['br', 'gzip'] as const) {
      const res = await get('/companies', { 'accept-encoding': coding });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(coding);
      varies(res);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const body = await bytes(res);
      expect(res.headers.get('content-length')).toBe(String(body.length));
      const html = decode(body, coding).toString();
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
      expect(nonce).toBeTruthy();
      expect(html).toContain(`nonce="${nonce}"`);
      expect(html).not.toContain('__CSP_NONCE__');
      expect(body.length).toBeLessThan(html.length / 2);
    }
  });

  it('compresses a JSON answer of the API, which decompresses to the same document', async () => {
    const plain = await get('/api/v1/openapi.json');
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers.get('content-encoding')).toBeNull();
    varies(plain);
    for (const coding of ['br', 'gzip'] as const) {
      const res = await get('/api/v1/openapi.json', {
        'accept-encoding': `${coding}, identity;q=0.5`,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      varies(res);
      const body = await bytes(res);
      expect(res.headers.get('content-length')).toBe(String(body.length));
      expect(body.length).toBeLessThan(text.length / 5);
      expect(JSON.parse(decode(body, coding).toString())).toEqual(JSON.parse(text));
    }
  });

  it('compresses a signed-in business answer', async () => {
    const ann = await t.signUp();
    for (let i = 0; i < 8; i++) {
      const created = await t.request('/api/v1/company', {
        method: 'POST',
        cookie: ann.cookie,
        body: { companyName: `Compressie ${i} B.V.`, country: 'NL', city: 'Utrecht' },
      });
      expect(created.status).toBe(201);
    }
    const plain = await (
      await t.request('/api/v1/company?limit=50', { cookie: ann.cookie })
    ).text();
    expect(plain.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const res = await get('/api/v1/company?limit=50', {
      cookie: ann.cookie,
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe(
      (await t.request('/api/v1/company?limit=50', { cookie: ann.cookie })).headers.get(
        'cache-control',
      ),
    );
    const list = JSON.parse(decode(await bytes(res), 'br').toString()) as { items: unknown[] };
    expect(list.items).toHaveLength(8);
  });

  it('leaves small answers alone, with Vary all the same', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    varies(res);
    const body = await bytes(res);
    expect(body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(JSON.parse(body.toString())).toEqual({ status: 'ok' });
  });

  it('compresses a small answer when the caller refuses identity', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'gzip, identity;q=0' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(decode(await bytes(res), 'gzip').toString())).toEqual({ status: 'ok' });
  });

  it('answers HEAD of a compressed page with its GET headers and no body', async () => {
    const res = await get('/api/v1/openapi.json', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    varies(res);
    expect((await bytes(res)).length).toBe(0);
  });

  it('does not compress twice: the API reference files come in one coding, as chosen', async () => {
    const bundle = await get('/api/docs/swagger-ui-bundle.js');
    const original = await bytes(bundle);
    expect(bundle.headers.get('content-encoding')).toBeNull();
    for (const [acceptEncoding, coding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ] as const) {
      const res = await get('/api/docs/swagger-ui-bundle.js', {
        'accept-encoding': acceptEncoding,
      });
      expect(res.headers.get('content-encoding')).toBe(coding);
      varies(res);
      sameBytes(decode(await bytes(res), coding), original);
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    }
  });
});

describe('over a real socket', () => {
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The raw bytes and headers, as Node's http client receives them (no decoding). */
  function raw(url: string, headers: Record<string, string>, method = 'GET') {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = httpRequest(`${base}${url}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );
  }

  it('sends the brotli copy with its length, and HEAD the same length without a body', async () => {
    const brFile = readFileSync(path.join(spaDir, `${ASSET}.br`));
    const got = await raw(ASSET, { 'accept-encoding': 'br, gzip' });
    expect(got.status).toBe(200);
    expect(got.headers['content-encoding']).toBe('br');
    expect(got.headers['content-length']).toBe(String(brFile.length));
    sameBytes(got.body, brFile);
    const head = await raw(ASSET, { 'accept-encoding': 'br, gzip' }, 'HEAD');
    expect(head.headers['content-length']).toBe(String(brFile.length));
    expect(head.body.length).toBe(0);
  });

  it('sends the page and a JSON answer compressed, with their exact length', async () => {
    for (const url of ['/', '/api/v1/openapi.json']) {
      const got = await raw(url, { 'accept-encoding': 'gzip' });
      expect(got.headers['content-encoding']).toBe('gzip');
      expect(got.headers['content-length']).toBe(String(got.body.length));
      expect(gunzipSync(got.body).length).toBeGreaterThan(got.body.length);
    }
  });
});
