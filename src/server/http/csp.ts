import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/**
 * Content-Security-Policy of every answer (issue 11, finding 7; decision 014).
 *
 * - The SPA's `index.html` gets {@link spaCsp}: scripts from this server only (the built SPA has
 *   no inline script), styles from this server plus a per-response nonce for the `<style>`
 *   elements libraries insert at run time (sonner, Radix's scroll lock), nothing framed, no
 *   plugins, no `<base>`, forms post here only.
 * - Everything else (JSON, static assets, errors) gets {@link RESTRICTIVE_CSP} unless its handler
 *   set its own (the API reference at /api/docs, the local outbox).
 */
export const RESTRICTIVE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** What the page's `<meta property="csp-nonce">` carries before the server fills it in. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export interface SpaCspOptions {
  /** This response's nonce for `<style>` elements. */
  nonce: string;
  /** The public origin (APP_URL): the SPA's API calls go there (same as 'self' unless proxied). */
  appUrl: string;
  /** Extra origins the page may send to, e.g. the error-reporting ingest of SENTRY_DSN. */
  connectOrigins?: readonly string[];
}

export function spaCsp({ nonce, appUrl, connectOrigins = [] }: SpaCspOptions): string {
  const connect = [...new Set(["'self'", new URL(appUrl).origin, ...connectOrigins])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    // Avatars and logos are cropped on a canvas and previewed as data: URLs; the TOTP QR code is a
    // data: URL; the cap-table CSV export is a blob: download.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sets {@link RESTRICTIVE_CSP} on every answer whose handler did not choose a policy. */
export function defaultCsp(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Content-Security-Policy')) {
      c.res.headers.set('Content-Security-Policy', RESTRICTIVE_CSP);
    }
  };
}
