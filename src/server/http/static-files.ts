import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createStreamBody } from '@hono/node-server/utils/stream';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { chooseEncoding, varyOnAcceptEncoding, type ContentCoding } from './compression';

/** The files the build writes next to a compressible asset (scripts/vite-precompress.ts). */
export const PRECOMPRESSED_SUFFIX: Record<Exclude<ContentCoding, 'identity'>, string> = {
  br: '.br',
  gzip: '.gz',
};

async function fileStats(file: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The file a URL path names under `root`, or undefined when the path is not one we serve:
 * undecodable, with `.`/`..` or hidden (`.vite/…`) segments, backslashes or NUL, or naming a
 * precompressed copy itself (those are only ever served as a coding of their original).
 */
function fileFor(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (/[\\\0]/.test(decoded) || /\.(?:br|gz)$/i.test(decoded)) return undefined;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.length === 0 || segments.some((s) => s.startsWith('.'))) return undefined;
  const file = path.join(root, ...segments);
  return file.startsWith(root + path.sep) ? file : undefined;
}

/** A strong validator of one representation: its size and modification time, and its coding. */
function entityTag(stats: Stats, coding: ContentCoding): string {
  const suffix = coding === 'identity' ? '' : `-${coding}`;
  return `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${suffix}"`;
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2), else If-Modified-Since. */
function notModified(c: Context, etag: string, stats: Stats): boolean {
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch !== undefined) {
    const opaque = etag.replace(/^W\//, '');
    return ifNoneMatch
      .split(',')
      .map((t) => t.trim())
      .some((t) => t === '*' || t.replace(/^W\//, '') === opaque);
  }
  const since = Date.parse(c.req.header('If-Modified-Since') ?? '');
  return !Number.isNaN(since) && Math.floor(stats.mtimeMs / 1000) * 1000 <= since;
}

/**
 * Serves the built SPA's files from `root` (issue 12, decision 019). A file with precompressed
 * copies (`.br`, `.gz`) is answered in the coding the caller's Accept-Encoding prefers
 * ({@link chooseEncoding}), with `Content-Encoding`, `Vary: Accept-Encoding` and the original's
 * Content-Type; every answer carries a strong ETag and the Last-Modified of the file sent, and a
 * matching If-None-Match (or If-Modified-Since) gets a 304. Range requests are answered with the
 * whole file (RFC 9110 §14.2 allows it; the SPA's files are small). Anything else falls through.
 */
export function serveBuiltFiles(options: { root: string }): MiddlewareHandler {
  const root = path.resolve(options.root);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const file = fileFor(root, c.req.path);
    const original = file && (await fileStats(file));
    if (!file || !original) return next();

    const variants = new Map<ContentCoding, Stats>([['identity', original]]);
    for (const [coding, suffix] of Object.entries(PRECOMPRESSED_SUFFIX)) {
      const stats = await fileStats(file + suffix);
      if (stats) variants.set(coding as ContentCoding, stats);
    }
    const coding = chooseEncoding(c.req.header('Accept-Encoding'), [...variants.keys()]);
    const stats = variants.get(coding)!;
    const served = coding === 'identity' ? file : file + PRECOMPRESSED_SUFFIX[coding];

    const etag = entityTag(stats, coding);
    const headers = new Headers({
      'Content-Type': getMimeType(file) ?? 'application/octet-stream',
      ETag: etag,
      'Last-Modified': stats.mtime.toUTCString(),
    });
    if (variants.size > 1) varyOnAcceptEncoding(headers);
    if (notModified(c, etag, stats)) {
      headers.delete('Content-Type');
      return c.body(null, 304, Object.fromEntries(headers));
    }
    if (coding !== 'identity') headers.set('Content-Encoding', coding);
    headers.set('Content-Length', String(stats.size));
    if (c.req.method === 'HEAD') return c.body(null, 200, Object.fromEntries(headers));
    return c.body(createStreamBody(createReadStream(served)), 200, Object.fromEntries(headers));
  };
}
