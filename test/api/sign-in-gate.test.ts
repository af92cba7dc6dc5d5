import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { BetterAuthPlugin } from 'better-auth';
import { desc, eq } from 'drizzle-orm';
import * as schema from '../../src/server/db/schema';
import { AUTH_ENDPOINTS, signInGate } from '../../src/server/auth/sign-in-gate';
import { testPasswordHashing } from '../../src/server/auth/test-password-hashing';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function cookiesOf(res: Response, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.split('=')[0]!, c] as const),
  );
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(';')[0]!;
    const [name, value] = [pair.split('=')[0]!, pair.slice(pair.indexOf('=') + 1)];
    if (value === '' || /max-age=0/i.test(c)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

let phoneCounter = 0;
/** The newest SMS code sent to `phone` (local mode keeps SMS in the outbox table). */
async function lastSmsCode(phone: string): Promise<string> {
  const rows = await t.db
    .select({ text: schema.outboxMessage.text })
    .from(schema.outboxMessage)
    .where(eq(schema.outboxMessage.to, phone))
    .orderBy(desc(schema.outboxMessage.createdAt))
    .limit(1);
  return rows[0]!.text.match(/\b(\d{6})\b/)![1]!;
}

/** A user with a verified phone number and TOTP two-factor on. */
async function userWithPhoneAndTotp() {
  const user = await t.signUp();
  phoneCounter += 1;
  const phone = `+3161234${String(phoneCounter).padStart(4, '0')}`;
  const send = await t.request('/api/auth/phone-number/send-otp', {
    method: 'POST',
    body: { phoneNumber: phone },
    cookie: user.cookie,
  });
  expect(send.status).toBe(200);
  const verify = await t.request('/api/auth/phone-number/verify', {
    method: 'POST',
    body: { phoneNumber: phone, code: await lastSmsCode(phone), updatePhoneNumber: true },
    cookie: user.cookie,
  });
  expect(verify.status).toBe(200);
  const enable = await t.request('/api/auth/two-factor/enable', {
    method: 'POST',
    body: { password: user.password },
    cookie: user.cookie,
  });
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const secret = new URL(totpURI).searchParams.get('secret')!;
  const on = await t.request('/api/auth/two-factor/verify-totp', {
    method: 'POST',
    body: { code: await generate({ secret }) },
    cookie: user.cookie,
  });
  expect(on.status).toBe(200);
  return { ...user, phone, secret };
}

describe('one second-factor gate for every way of signing in', () => {
  it('a phone code does not bypass the second factor (finding 1)', async () => {
    const user = await userWithPhoneAndTotp();
    // An attacker who holds the phone asks for a code and signs in with it.
    await t.request('/api/auth/phone-number/send-otp', {
      method: 'POST',
      body: { phoneNumber: user.phone },
    });
    const res = await t.request('/api/auth/phone-number/verify', {
      method: 'POST',
      body: { phoneNumber: user.phone, code: await lastSmsCode(user.phone) },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
    let jar = cookiesOf(res);
    expect(jar).not.toMatch(/session_token=/);
    expect((await t.request('/api/v1/company', { cookie: jar })).status).toBe(401);

    // The second factor completes it.
    const done = await t.request('/api/auth/two-factor/verify-totp', {
      method: 'POST',
      body: { code: await generate({ secret: user.secret }) },
      cookie: jar,
    });
    expect(done.status).toBe(200);
    jar = cookiesOf(done, jar);
    expect((await t.request('/api/v1/company', { cookie: jar })).status).toBe(200);
  });

  it('phone number and password also asks for the second factor', async () => {
    const user = await userWithPhoneAndTotp();
    const res = await t.request('/api/auth/sign-in/phone-number', {
      method: 'POST',
      body: { phoneNumber: user.phone, password: user.password },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
    expect(cookiesOf(res)).not.toMatch(/session_token=/);
  });

  it('classifies every endpoint better-auth and its plugins expose', () => {
    const paths = Object.values(t.auth.api as Record<string, { path?: string }>)
      .map((endpoint) => endpoint.path)
      .filter((path): path is string => typeof path === 'string');
    expect(paths.length).toBeGreaterThan(100);
    const unclassified = paths.filter((path) => !(path in AUTH_ENDPOINTS));
    expect(unclassified, 'classify these in src/server/auth/sign-in-gate.ts').toEqual([]);
    // No stale entries either: every classified path exists.
    const stale = Object.keys(AUTH_ENDPOINTS).filter((path) => !paths.includes(path));
    expect(stale).toEqual([]);
  });

  it('refuses a session from an endpoint it has not classified', async () => {
    // A plugin that signs anyone in by e-mail address alone: what a careless future plugin
    // could add. The gate refuses it before the session row is written.
    const careless: BetterAuthPlugin = {
      id: 'careless',
      endpoints: {
        carelessSignIn: createAuthEndpoint('/sign-in/careless', { method: 'POST' }, async (ctx) => {
          const { email } = ctx.body as { email: string };
          const found = await ctx.context.internalAdapter.findUserByEmail(email);
          if (!found) return ctx.json({ ok: false }, { status: 404 });
          const session = await ctx.context.internalAdapter.createSession(found.user.id);
          await setSessionCookie(ctx, { session, user: found.user });
          return ctx.json({ ok: true });
        }),
      },
    };
    const auth = betterAuth({
      baseURL: TEST_ORIGIN,
      basePath: '/api/auth',
      secret: t.env.BETTER_AUTH_SECRET,
      trustedOrigins: [TEST_ORIGIN],
      database: drizzleAdapter(t.db, { provider: 'pg', schema }),
      // The test app's password hashing (decision 034), so that its user signs in here too.
      emailAndPassword: { enabled: true, password: testPasswordHashing },
      telemetry: { enabled: false },
      logger: { disabled: true },
      plugins: [signInGate(), careless],
    });
    const victim = await t.signUp();
    const before = await t.db
      .select()
      .from(schema.session)
      .where(eq(schema.session.userId, victim.userId));
    const res = await auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-in/careless`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        body: JSON.stringify({ email: victim.email }),
      }),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'SIGN_IN_METHOD_NOT_ALLOWED' });
    expect(res.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
    const after = await t.db
      .select()
      .from(schema.session)
      .where(eq(schema.session.userId, victim.userId));
    expect(after).toHaveLength(before.length);

    // The same instance still signs in with a password (a classified path).
    const ok = await auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        body: JSON.stringify({ email: victim.email, password: victim.password }),
      }),
    );
    expect(ok.status).toBe(200);
  });
});
