import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createSmtpMailer } from '../../src/server/mail/mailer';
import { verificationMail } from '../../src/server/mail/templates';
import { OUTBOX_CSP, outboxKey, outboxUrl } from '../../src/server/http/outbox';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app';

describe('local mode: the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mail: 'outbox' });
  });
  afterAll(() => t.close());

  it('keeps every mail and shows it on this machine to the holder of the printed key', async () => {
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: { name: 'Olga Outbox', email: 'olga@example.com', password: 'long enough password' },
    });
    expect(res.status).toBe(200);

    const link = new URL(outboxUrl(TEST_ORIGIN, t.env.BETTER_AUTH_SECRET!));
    const local = { remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000' } };
    const open = await t.request(`${link.pathname}${link.search}`, local);
    expect(open.status).toBe(303);
    expect(open.headers.get('location')).toBe('/dev/outbox');
    const cookie = open.headers.getSetCookie()[0]!.split(';')[0]!;
    expect(open.headers.getSetCookie()[0]).toMatch(/HttpOnly/i);

    const page = await t.request('/dev/outbox', { ...local, cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('olga@example.com');
    expect(html).toContain('Verify your e-mail address for ESOP CRM');
    expect(html).toContain('/api/auth/verify-email?token=');
    // Its own policy: inline styles for the page and the mails, no scripts (decision 014).
    expect(page.headers.get('content-security-policy')).toBe(OUTBOX_CSP);
    expect(
      (
        await t.request('/dev/outbox', {
          remoteAddress: '::1',
          headers: { host: '[::1]:3000' },
          cookie,
        })
      ).status,
    ).toBe(200);

    // Without the key: a local hint, no mail.
    const keyless = await t.request('/dev/outbox', local);
    expect(keyless.status).toBe(403);
    expect(await keyless.text()).not.toContain('olga@example.com');
    // A wrong key, another machine, or no socket at all: not found.
    expect((await t.request('/dev/outbox?key=guess', local)).status).toBe(404);
    expect((await t.request('/dev/outbox', { remoteAddress: '192.0.2.7', cookie })).status).toBe(
      404,
    );
    expect((await t.request('/dev/outbox', { cookie })).status).toBe(404);
  });

  it.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.9' }],
    ['Forwarded', { forwarded: 'for=203.0.113.9;proto=https' }],
    ['X-Real-IP', { 'x-real-ip': '203.0.113.9' }],
    ['Via', { via: '1.1 nginx' }],
    ['a public Host', { host: 'crm.example.nl' }],
  ])(
    'never answers a request that came through a proxy (%s), key or not (finding 2)',
    async (_label, headers) => {
      const cookie = `esop_outbox_key=${outboxKey(t.env.BETTER_AUTH_SECRET!)}`;
      const link = new URL(outboxUrl(TEST_ORIGIN, t.env.BETTER_AUTH_SECRET!));
      for (const path of ['/dev/outbox', `${link.pathname}${link.search}`]) {
        const res = await t.request(path, {
          remoteAddress: '127.0.0.1',
          headers: { host: 'localhost:3000', ...headers },
          cookie,
        });
        expect(res.status, path).toBe(404);
      }
    },
  );

  it('tells the SPA that mail goes to the outbox', async () => {
    expect(await (await t.request('/api/v1/meta')).json()).toEqual({
      mail: { mode: 'outbox', outboxPath: '/dev/outbox' },
      // Without SENTRY_DSN the browser reports nothing (decision 014).
      errorReporting: null,
    });
  });
});

describe('SMTP mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mail: 'memory' });
  });
  afterAll(() => t.close());

  it('has no outbox page', async () => {
    expect((await t.request('/dev/outbox', { remoteAddress: '127.0.0.1' })).status).toBe(404);
  });

  it('production has no outbox even when the mailer is the outbox (finding 2)', async () => {
    const p = await createTestApp({
      mail: 'outbox',
      env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' },
    });
    try {
      const link = new URL(outboxUrl(TEST_ORIGIN, p.env.BETTER_AUTH_SECRET!));
      const res = await p.request(`${link.pathname}${link.search}`, {
        remoteAddress: '127.0.0.1',
        headers: { host: 'localhost:3000' },
      });
      expect(res.status).toBe(404);
    } finally {
      await p.close();
    }
  });

  it('delivers a multipart (text + HTML) mail to a real SMTP server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: 'ESOP CRM <no-reply@esop-crm.test>',
    });
    try {
      await mailer.send(
        verificationMail({
          to: 'rita@example.com',
          name: 'Rita',
          url: 'http://localhost:3000/api/auth/verify-email?token=abc',
          language: 'en',
        }),
      );
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(received).toHaveLength(1);
    const raw = received[0]!;
    expect(raw).toMatch(/^To: rita@example\.com/m);
    expect(raw).toMatch(/^From: ESOP CRM <no-reply@esop-crm\.test>/m);
    expect(raw).toContain('multipart/alternative');
    expect(raw).toContain('text/plain');
    expect(raw).toContain('text/html');
    expect(raw.replace(/=\r?\n/g, '')).toContain('token=3Dabc');
  });
});
