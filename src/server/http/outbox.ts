import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { desc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outboxMessage } from '../db/schema';
import type { AppEnv } from './context';

export const OUTBOX_PATH = '/dev/outbox';
const KEY_COOKIE = 'esop_outbox_key';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Headers a reverse proxy adds. A same-host proxy connects from loopback, so the peer address
 * alone cannot tell a local visitor from the whole internet (issue 11, finding 2).
 */
const PROXY_HEADERS = [
  'forwarded',
  'via',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-server',
  'x-real-ip',
  'x-client-ip',
  'cf-connecting-ip',
  'true-client-ip',
  'fastly-client-ip',
];

/** The outbox's access key: derived from the auth secret, so it survives restarts. */
export function outboxKey(secret: string): string {
  return createHmac('sha256', secret).update('esop-crm local outbox').digest('base64url');
}

/** The outbox link printed in the console at start-up (the key lets the browser in). */
export function outboxUrl(appUrl: string, secret: string): string {
  return `${appUrl}${OUTBOX_PATH}?key=${outboxKey(secret)}`;
}

function sameKey(given: string | undefined, key: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The outbox page's Content-Security-Policy: its own inline stylesheet and the mails' inline
 * styles (the mails are shown in sandboxed srcdoc frames, which inherit this policy), no scripts.
 */
export const OUTBOX_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Whether the request came straight from this machine: loopback peer and host, no proxy. */
export function directLocalRequest(c: Context, peer: string | undefined): boolean {
  if (!peer || !LOOPBACK.has(peer)) return false;
  if (PROXY_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  const host = (c.req.header('host') ?? '').toLowerCase();
  const hostname = host.startsWith('[')
    ? host.slice(0, host.indexOf(']') + 1)
    : host.split(':')[0]!;
  return LOOPBACK_HOSTS.has(hostname);
}

/**
 * `/dev/outbox`: local mode's mailbox (never in production: there SMTP_URL is required). It
 * answers only a request made directly on this machine — loopback peer, loopback Host, no proxy
 * header — that carries the key printed in the server console (as `?key=`, then remembered in a
 * cookie); anything else gets a 404. The key is what keeps a same-host reverse proxy out even
 * when it adds no header.
 */
export function registerOutbox(
  app: OpenAPIHono<AppEnv>,
  deps: { db: Database; secret: string; remoteAddress: (c: Context) => string | undefined },
) {
  const key = outboxKey(deps.secret);
  app.get(OUTBOX_PATH, async (c) => {
    if (!directLocalRequest(c, deps.remoteAddress(c))) return c.text('Not found', 404);
    c.header('Content-Security-Policy', OUTBOX_CSP);
    const given = c.req.query('key');
    if (given !== undefined) {
      if (!sameKey(given, key)) return c.text('Not found', 404);
      setCookie(c, KEY_COOKIE, key, {
        path: OUTBOX_PATH,
        httpOnly: true,
        sameSite: 'Strict',
        maxAge: 30 * 86_400,
      });
      // The key leaves the address bar (and the history) at once.
      return c.redirect(OUTBOX_PATH, 303);
    }
    if (!sameKey(getCookie(c, KEY_COOKIE), key)) {
      c.header('Cache-Control', 'no-store');
      return c.html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox · ESOP CRM</title></head><body style="font-family:system-ui,sans-serif;max-width:640px;margin:40px auto;padding:0 16px"><h1>Outbox</h1><p>Open the outbox link printed in the server console when it started (it carries a key), once; this browser then remembers it.</p></body></html>`,
        403,
      );
    }
    const messages = await deps.db
      .select()
      .from(outboxMessage)
      .orderBy(desc(outboxMessage.createdAt))
      .limit(100);
    const items = messages
      .map(
        (m) => `<article>
  <header><h2>${escapeHtml(m.subject)}</h2>
  <p>To <strong>${escapeHtml(m.to)}</strong> · ${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</p></header>
  <iframe title="${escapeHtml(m.subject)}" sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(m.html)}"></iframe>
  <details><summary>Plain text</summary><pre>${escapeHtml(m.text)}</pre></details>
</article>`,
      )
      .join('\n');
    c.header('Cache-Control', 'no-store');
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Outbox · ESOP CRM</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;background:#f4f5f7;color:#111827}
main{max-width:860px;margin:0 auto;padding:24px}
h1{font-size:1.5rem}article{background:#fff;border-radius:8px;padding:16px;margin:16px 0;box-shadow:0 1px 2px #0001}
h2{font-size:1.1rem;margin:0}iframe{width:100%;height:420px;border:1px solid #e5e7eb;border-radius:6px}
pre{white-space:pre-wrap}
</style></head>
<body><main>
<h1>Outbox</h1>
<p>Local mode: no SMTP server is configured (<code>SMTP_URL</code>), so e-mails are not sent. They are printed in the server console and kept here, newest first. This page is only reachable on this machine, with the key printed in the console.</p>
${items || '<p>No e-mails yet.</p>'}
</main></body></html>`);
  });
}
