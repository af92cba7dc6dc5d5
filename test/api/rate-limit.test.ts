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

describe('authentication rate limits', () => {
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
