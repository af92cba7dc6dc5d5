import { afterAll, describe, expect, it } from 'vitest';
import { clientIp } from '../../src/server/auth/client-ip';
import { createTestApp, type TestApp } from '../support/app';
import { allowConsoleError } from '../support/console';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function hammer(
  t: TestApp,
  attempts: number,
  headers: (i: number) => Record<string, string>,
) {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: 'nobody@example.com', password: 'wrong password' },
      headers: headers(i),
      remoteAddress: '198.51.100.20',
    });
    statuses.push(res.status);
  }
  return statuses;
}

/**
 * Each refused sign-in hashes a password on purpose (scrypt, 16 MB, so an unknown address costs
 * as much as a known one): a dozen of them on a busy 2-core runner can take half a minute.
 */
const HAMMER_TIMEOUT = 120_000;

describe('authentication rate limits', { timeout: HAMMER_TIMEOUT }, () => {
  it('are on by default: repeated sign-in attempts end in 429', async () => {
    allowConsoleError(/rate limit|too many/i);
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'on' } });
    apps.push(t);
    const statuses = await hammer(t, 14, () => ({}));
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('cannot be dodged by rotating X-Forwarded-For when no proxy is trusted', async () => {
    allowConsoleError(/rate limit|too many/i);
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'on' } });
    apps.push(t);
    const statuses = await hammer(t, 14, (i) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` }));
    expect(statuses.at(-1)).toBe(429);
  });

  it('are off with AUTH_RATE_LIMIT=off (test rigs)', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'off' } });
    apps.push(t);
    const statuses = await hammer(t, 14, () => ({}));
    expect(statuses.every((s) => s === 401)).toBe(true);
  });
});

describe('per e-mail address limits', { timeout: HAMMER_TIMEOUT }, () => {
  it('stop an attacker who rotates client addresses against one account', async () => {
    allowConsoleError(/rate limit|too many/i);
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'on' } });
    apps.push(t);
    const attempt = (email: string, i: number) =>
      t.request('/api/auth/sign-in/email', {
        method: 'POST',
        body: { email, password: 'wrong password' },
        remoteAddress: `192.0.2.${i + 1}`,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt('victim@example.com', i)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const blocked = await attempt('victim@example.com', 50);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
    // Another address is not affected, and the limit counts addresses case-insensitively.
    expect((await attempt('bystander@example.com', 60)).status).toBe(401);
    expect((await attempt('VICTIM@example.com', 61)).status).toBe(429);
  });

  it('limit mails a single address can be sent (password reset)', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'on' } });
    apps.push(t);
    const user = await t.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.request('/api/auth/request-password-reset', {
        method: 'POST',
        body: { email: user.email, redirectTo: '/auth/reset-password' },
        remoteAddress: `198.18.0.${i + 1}`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(t.mails.filter((m) => m.to === user.email && /Reset/.test(m.subject))).toHaveLength(3);
  });
});

describe('clientIp', () => {
  it.each([
    ['peer only', '198.51.100.1', null, [], '198.51.100.1'],
    [
      'forwarded header from an untrusted peer is ignored',
      '198.51.100.1',
      '203.0.113.9',
      [],
      '198.51.100.1',
    ],
    ['IPv4-mapped IPv6 peer', '::ffff:198.51.100.1', null, [], '198.51.100.1'],
    [
      'trusted proxy: right-most untrusted hop',
      '10.0.0.1',
      '203.0.113.9, 198.51.100.5',
      ['10.0.0.1'],
      '198.51.100.5',
    ],
    [
      'trusted chain skips trusted hops',
      '10.0.0.1',
      '203.0.113.9, 10.0.0.2',
      ['10.0.0.1', '10.0.0.2'],
      '203.0.113.9',
    ],
    ['no socket', undefined, null, [], 'unknown'],
  ] as const)('%s', (_label, peer, forwarded, trusted, expected) => {
    expect(clientIp(peer, forwarded, trusted)).toBe(expected);
  });
});
