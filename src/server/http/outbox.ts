import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { desc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outboxMessage } from '../db/schema';
import type { AppEnv } from './context';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * `/dev/outbox`: local mode's mailbox. Only registered when no SMTP server is configured, and
 * only answers requests from this machine (loopback); anyone else gets a 404.
 */
export function registerOutbox(
  app: OpenAPIHono<AppEnv>,
  deps: { db: Database; remoteAddress: (c: Context) => string | undefined },
) {
  app.get('/dev/outbox', async (c) => {
    const address = deps.remoteAddress(c);
    if (!address || !LOOPBACK.has(address)) return c.text('Not found', 404);
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
<p>Local mode: no SMTP server is configured (<code>SMTP_URL</code>), so e-mails are not sent. They are printed in the server console and kept here, newest first. This page is only reachable from this machine.</p>
${items || '<p>No e-mails yet.</p>'}
</main></body></html>`);
  });
}
