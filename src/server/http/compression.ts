import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/**
 * Content codings over the wire (issue 12, decision 019).
 *
 * - Built assets are compressed once at build time (`scripts/vite-precompress.ts`, brotli 11 and
 *   gzip 9 next to each file) and served by {@link chooseEncoding} in `static-files.ts`.
 * - Answers made per request (JSON, the SPA's index.html with its nonce, CSV) are compressed here,
 *   on the libuv thread pool, when they are at least {@link COMPRESS_THRESHOLD_BYTES} long.
 */

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Ties between equally acceptable codings go to the smaller one. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/** Below this an answer goes out as it is: the coding's framing eats most of the saving. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

interface Weight {
  coding: string;
  q: number;
}

function parseAcceptEncoding(header: string): Weight[] {
  const weights: Weight[] = [];
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/i.exec(param);
      if (match) q = Math.min(1, Math.max(0, Number(match[1]) || 0));
    }
    // RFC 9110 §12.5.3: x-gzip is gzip.
    const coding = name.toLowerCase() === 'x-gzip' ? 'gzip' : name.toLowerCase();
    weights.push({ coding, q });
  }
  return weights;
}

/**
 * The content coding to answer with, among those `available`, for a request's Accept-Encoding
 * (RFC 9110 §12.5.3): the highest q-value wins, ties go to br, then gzip, then identity.
 * No header means identity; `*` stands for every coding not named; identity, when not named, is
 * acceptable below every named coding, unless refused (`identity;q=0`, or `*;q=0` without naming
 * it). When every available coding is refused,
 * the answer is identity all the same: the RFC lets a server disregard an Accept-Encoding it
 * cannot satisfy, and a 406 would break the page over a header.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentCoding[],
): ContentCoding {
  if (acceptEncoding === undefined) return 'identity';
  const weights = parseAcceptEncoding(acceptEncoding);
  const star = weights.find((w) => w.coding === '*');
  const qOf = (coding: ContentCoding) => {
    const named = weights.filter((w) => w.coding === coding);
    // Named more than once: the most restrictive wins.
    if (named.length > 0) return Math.min(...named.map((w) => w.q));
    if (star) return star.q;
    // Identity not named is acceptable, below anything the caller did name.
    return coding === 'identity' ? Number.MIN_VALUE : 0;
  };
  let best: { coding: ContentCoding; q: number } | undefined;
  for (const coding of PREFERENCE) {
    if (!available.includes(coding)) continue;
    const q = qOf(coding);
    if (q > 0 && (!best || q > best.q)) best = { coding, q };
  }
  return best?.coding ?? 'identity';
}

/** Whether the caller refuses an uncompressed answer (then the size threshold does not apply). */
function refusesIdentity(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  const weights = parseAcceptEncoding(acceptEncoding);
  const named = weights.filter((w) => w.coding === 'identity');
  if (named.length > 0) return named.some((w) => w.q === 0);
  return weights.some((w) => w.coding === '*' && w.q === 0);
}

/**
 * What is compressed per request: JSON (also `application/problem+json` and the like), HTML,
 * plain text, CSV, CSS, JavaScript, XML, SVG. Never `text/event-stream` (it streams), nor images,
 * fonts, PDFs, archives or spreadsheets (already compressed).
 */
const COMPRESSIBLE_TYPE =
  /^(?:application\/(?:json|[\w.+-]+\+json|javascript|xml|[\w.+-]+\+xml)|text\/(?:html|plain|csv|css|javascript|xml)|image\/svg\+xml)\s*(?:;|$)/i;

export function isCompressibleType(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE_TYPE.test(contentType);
}

/** Adds `Accept-Encoding` to a Vary header value, once. */
export function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (vary.trim() !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) {
    headers.set('Vary', `${vary}, Accept-Encoding`);
  }
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Per-request settings: brotli quality 4 and gzip level 6 compress a 2.7 MB grants-like JSON in
 * about 40 ms each, to a sixth (decision 019); quality 5 and up cost 2–7× the time for no gain on
 * such data. Build-time assets get the maximum (scripts/vite-precompress.ts).
 */
export function compressBody(coding: 'br' | 'gzip', body: Uint8Array): Promise<Buffer> {
  if (coding === 'br') {
    return brotli(body, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: 4,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  return gzipAsync(body, { level: 6 });
}

/**
 * Compresses answers made per request, as negotiated by {@link chooseEncoding}: only
 * {@link isCompressibleType} bodies of at least {@link COMPRESS_THRESHOLD_BYTES} (any size when the
 * caller refuses identity), never one that already has a Content-Encoding (precompressed files),
 * carries `Cache-Control: no-transform`, or is a 204/206/304. Every compressible answer gets
 * `Vary: Accept-Encoding`, compressed or not, so that a cache keeps the two apart; a strong ETag
 * becomes weak when the bytes change. A HEAD gets the headers its GET would get.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (
      !res.body ||
      [204, 206, 304].includes(res.status) ||
      !isCompressibleType(res.headers.get('Content-Type')) ||
      res.headers.has('Content-Encoding') ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    varyOnAcceptEncoding(res.headers);
    const acceptEncoding = c.req.header('Accept-Encoding');
    const coding = chooseEncoding(acceptEncoding, ['br', 'gzip', 'identity']);
    if (coding === 'identity') return;
    // The answers compressed here are built in memory (JSON, HTML, CSV): reading them whole costs
    // nothing and gives the size for the threshold and an exact Content-Length.
    const body = new Uint8Array(await res.arrayBuffer());
    if (body.byteLength < COMPRESS_THRESHOLD_BYTES && !refusesIdentity(acceptEncoding)) {
      c.res = new Response(body, res);
      return;
    }
    const compressed = await compressBody(coding, body);
    // Hono's `c.res` setter copies the previous answer's headers onto the new one: fix them after.
    // (A HEAD runs as a GET whose body Hono drops, so it gets the same headers.)
    c.res = new Response(new Uint8Array(compressed), res);
    const headers = c.res.headers;
    headers.set('Content-Encoding', coding);
    headers.set('Content-Length', String(compressed.byteLength));
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  };
}
