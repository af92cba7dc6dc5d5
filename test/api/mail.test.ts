import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createSmtpMailer } from '../../src/server/mail/mailer';
import { verificationMail } from '../../src/server/mail/templates';
import { createTestApp, type TestApp } from '../support/app';

describe('local mode: the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mail: 'outbox' });
  });
  afterAll(() => t.close());

  it('keeps every mail and shows it at /dev/outbox to loopback callers only', async () => {
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: { name: 'Olga Outbox', email: 'olga@example.com', password: 'long enough password' },
    });
    expect(res.status).toBe(200);

    const page = await t.request('/dev/outbox', { remoteAddress: '127.0.0.1' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('olga@example.com');
    expect(html).toContain('Verify your e-mail address for ESOP CRM');
    expect(html).toContain('/api/auth/verify-email?token=');

    expect((await t.request('/dev/outbox', { remoteAddress: '::1' })).status).toBe(200);
    expect((await t.request('/dev/outbox', { remoteAddress: '192.0.2.7' })).status).toBe(404);
    expect((await t.request('/dev/outbox')).status).toBe(404);
  });

  it('tells the SPA that mail goes to the outbox', async () => {
    expect(await (await t.request('/api/v1/meta')).json()).toEqual({
      mail: { mode: 'outbox', outboxPath: '/dev/outbox' },
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
