import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientIp } from '../../src/server/auth/client-ip';
import { outboxMessage } from '../../src/server/db/schema';
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
      // A new address each time: the per-account throttle stays out of the way of the IP limit.
      body: { email: `nobody${i}@example.com`, password: 'wrong password' },
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

describe(
  'password guessing is limited per account (issue 11, finding 4)',
  {
    timeout: HAMMER_TIMEOUT,
  },
  () => {
    async function userWithUsername(t: TestApp) {
      const user = await t.signUp();
      const username = `user${user.userId.slice(0, 8).toLowerCase()}`;
      const res = await t.request('/api/auth/update-user', {
        method: 'POST',
        body: { username },
        cookie: user.cookie,
      });
      expect(res.status).toBe(200);
      return { ...user, username };
    }

    it('whether the account is named by e-mail or username, from rotating addresses', async () => {
      allowConsoleError(/rate limit|too many/i);
      const t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'on' } });
      apps.push(t);
      const user = await userWithUsername(t);
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const byUsername = i % 2 === 1;
        const res = await t.request(
          byUsername ? '/api/auth/sign-in/username' : '/api/auth/sign-in/email',
          {
            method: 'POST',
            body: byUsername
              ? { username: user.username.toUpperCase(), password: `wrong ${i}` }
              : { email: user.email.toUpperCase(), password: `wrong ${i}` },
            remoteAddress: `192.0.2.${i + 1}`,
          },
        );
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
          expect(await res.json()).toMatchObject({ code: 'SIGN_IN_DELAYED' });
        }
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
      // Even the right password waits: a guess during the delay tells nothing.
      const right = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        body: { email: user.email, password: user.password },
        remoteAddress: '192.0.2.99',
      });
      expect(right.status).toBe(429);
      // Another account is not affected.
      const other = await t.signUp();
      const bystander = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        body: { email: other.email, password: 'wrong' },
        remoteAddress: '192.0.2.100',
      });
      expect(bystander.status).toBe(401);
    });

    it('parallel guesses cannot all pass before the first failure counts', async () => {
      allowConsoleError(/rate limit|too many/i);
      const t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'on' } });
      apps.push(t);
      const user = await t.signUp();
      const statuses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t
            .request('/api/auth/sign-in/email', {
              method: 'POST',
              body: { email: user.email, password: `wrong ${i}` },
              remoteAddress: `198.18.1.${i + 1}`,
            })
            .then((res) => res.status),
        ),
      );
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    });

    it('tells the owner once, and lets the owner in when the short delay is over', async () => {
      allowConsoleError(/rate limit|too many/i);
      const t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'on' } });
      apps.push(t);
      const user = await t.signUp();
      const attempt = (password: string, i: number) =>
        t.request('/api/auth/sign-in/email', {
          method: 'POST',
          body: { email: user.email, password },
          remoteAddress: `198.18.2.${i + 1}`,
        });
      for (let i = 0; i < 7; i++) await attempt('wrong', i);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const notices = t.mails.filter(
        (m) => m.to === user.email && /Failed sign-in attempts/.test(m.subject),
      );
      expect(notices).toHaveLength(1);
      expect(notices[0]!.text).toMatch(/5 times/);
      // Five failures: the sixth attempt waits one second.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await attempt(user.password, 50)).status).toBe(200);
      // A success starts afresh: five more free failures.
      const after: number[] = [];
      for (let i = 0; i < 5; i++) after.push((await attempt('wrong', 60 + i)).status);
      expect(after).toEqual([401, 401, 401, 401, 401]);
    });

    it.each([
      [
        'an unknown e-mail address',
        '/api/auth/sign-in/email',
        { email: 'nobody-here@example.com' },
      ],
      ['an unknown username', '/api/auth/sign-in/username', { username: 'nobody_here' }],
    ])('applies to %s just the same (no account enumeration)', async (_label, path, who) => {
      allowConsoleError(/rate limit|too many/i);
      const t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'on' } });
      apps.push(t);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.request(path, {
          method: 'POST',
          body: { ...who, password: `wrong ${i}` },
          remoteAddress: `198.18.3.${i + 1}`,
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });
  },
);

describe('per e-mail address and phone number limits', { timeout: HAMMER_TIMEOUT }, () => {
  it('one phone number is sent at most three codes in 15 minutes, whoever asks (finding 12)', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'on' } });
    apps.push(t);
    const send = (phoneNumber: string, i: number) =>
      t.request('/api/auth/phone-number/send-otp', {
        method: 'POST',
        body: { phoneNumber },
        remoteAddress: `203.0.113.${i + 1}`,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send('+31612340000', i)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const sent = await t.db
      .select()
      .from(outboxMessage)
      .where(eq(outboxMessage.to, '+31612340000'));
    expect(sent).toHaveLength(3);
    expect((await send('+31612340001', 10)).status).toBe(200);
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
