import { systemNow } from '../../src/server/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { member, organization, session } from '../../src/server/db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app';
import { allowConsoleError } from '../support/console';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Nina Notaris',
  email,
  password: 'long enough password',
  ...extra,
});

describe('sign-up and e-mail verification', () => {
  it('mails a branded verification link (HTML and text) and refuses sign-in until it is used', async () => {
    const email = 'nina@example.com';
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: signUpBody(email),
    });
    expect(res.status).toBe(200);
    const mail = t.mails.findLast((m) => m.to === email)!;
    expect(mail.subject).toBe('Verify your e-mail address for ESOP CRM');
    expect(mail.html).toContain('ESOP CRM');
    expect(mail.html).toContain('<a href="http://localhost:3000/api/auth/verify-email?token=');
    const link = mail.text.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\S+/)![0];
    expect(link).toContain('callbackURL=%2Fauth%2Fcallback');

    const early = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email, password: 'long enough password' },
    });
    expect(early.status).toBe(403);
    expect((await early.json()).code).toBe('EMAIL_NOT_VERIFIED');

    const url = new URL(link);
    const verify = await t.request(`${url.pathname}${url.search}`);
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/auth/callback');

    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email, password: 'long enough password' },
    });
    expect(signIn.status).toBe(200);
    const setCookie = signIn.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('sends a broken verification link to the callback with an error', async () => {
    const res = await t.request(
      '/api/auth/verify-email?token=nonsense&callbackURL=%2Fauth%2Fcallback',
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/auth\/callback\?error=/);
  });

  it('gives every new user a workspace that is active in their session', async () => {
    const user = await t.signUp({ name: 'Willem-Alexander van Oranje-Nass' });
    const orgs = await t.db
      .select()
      .from(organization)
      .where(eq(organization.id, user.organizationId));
    expect(orgs).toHaveLength(1);
    expect(orgs[0]!.name.length).toBeLessThanOrEqual(32);
    expect(orgs[0]!.name).toMatch(/'s workspace$/);
    expect(orgs[0]!.slug.length).toBeLessThanOrEqual(48);
    const members = await t.db.select().from(member).where(eq(member.userId, user.userId));
    expect(members).toEqual([
      expect.objectContaining({ organizationId: user.organizationId, role: 'owner' }),
    ]);
  });

  it.each([
    ['a name over 32 characters', { name: 'x'.repeat(33) }, 400],
    ['an empty name', { name: '  ' }, 400],
    ['a password under 8 characters', { password: 'short' }, 400],
    ['an invalid e-mail', { email: 'nope' }, 400],
  ])('rejects %s', async (_label, override, status) => {
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: signUpBody(`x${Math.random()}@example.com`, override),
    });
    expect(res.status).toBe(status);
  });

  it('does not reveal or overwrite an existing account on a duplicate sign-up', async () => {
    const user = await t.signUp();
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: signUpBody(user.email, { password: 'another password' }),
    });
    // better-auth answers like a fresh sign-up (no account enumeration) but creates nothing.
    expect(res.status).toBeLessThan(500);
    await expect(t.signIn(user.email, 'another password')).rejects.toThrow(/401/);
    await expect(t.signIn(user.email, user.password)).resolves.toMatchObject({
      userId: user.userId,
    });
  });

  it('refuses an auth POST from an origin that is not trusted, or without one', async () => {
    allowConsoleError(/origin/i);
    const missing = await t.app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'better-auth.session_token=x' },
      body: JSON.stringify({ email: 'someone@example.com', password: 'whatever1' }),
    });
    expect(missing.status).toBe(403);
    const res = await t.app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'someone@example.com', password: 'whatever1' }),
    });
    expect(res.status).toBe(403);
  });
});

describe('sessions and the business API', () => {
  it('signs out: the very next /api/v1 request is refused even though the cookie cache is fresh', async () => {
    const user = await t.signUp();
    expect((await t.request('/api/v1/company', { cookie: user.cookie })).status).toBe(200);
    const out = await t.request('/api/auth/sign-out', {
      method: 'POST',
      cookie: user.cookie,
      body: {},
    });
    expect(out.status).toBe(200);
    expect((await t.request('/api/v1/company', { cookie: user.cookie })).status).toBe(401);
  });

  it('refuses a session whose database row was revoked', async () => {
    const user = await t.signUp();
    await t.db.delete(session).where(eq(session.userId, user.userId));
    expect((await t.request('/api/v1/company', { cookie: user.cookie })).status).toBe(401);
  });

  it('refuses a user who is no longer a member of the active workspace', async () => {
    const user = await t.signUp();
    await t.db.delete(member).where(eq(member.userId, user.userId));
    const res = await t.request('/api/v1/company', { cookie: user.cookie });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('FORBIDDEN');
  });
});

describe('service endpoints', () => {
  it('GET /api/health answers ok once the database answers', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document with the company routes', async () => {
    const res = await t.request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/company',
        '/company/{companyId}',
        '/company/{companyId}/activity',
        '/meta',
      ]),
    );
    expect(Object.keys(doc.paths['/company/{companyId}'])).toEqual(
      expect.arrayContaining(['get', 'patch', 'delete']),
    );
  });

  it('GET /api/v1/meta tells where mail goes', async () => {
    expect(await (await t.request('/api/v1/meta')).json()).toEqual({
      mail: { mode: 'smtp', outboxPath: null },
      // Without SENTRY_DSN the browser reports nothing (decision 014).
      errorReporting: null,
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request('/api/v1/nope');
    expect([401, 404]).toContain(res.status);
    const res2 = await t.request('/api/nope');
    expect(res2.status).toBe(404);
    expect((await res2.json()).error.code).toBe('NOT_FOUND');
  });
});

describe('session cookie checks on the business API', () => {
  it('refuses a session cookie whose signature was tampered with', async () => {
    const user = await t.signUp();
    const tampered = user.cookie.replace(
      /(session_token=[^.;]+\.)([^;]+)/,
      (_m, head: string) => `${head}${'A'.repeat(43)}=`,
    );
    expect(tampered).not.toBe(user.cookie);
    expect((await t.request('/api/v1/company', { cookie: tampered })).status).toBe(401);
  });

  it('refuses an expired session', async () => {
    const user = await t.signUp();
    await t.db
      .update(session)
      .set({ expiresAt: new Date(systemNow().getTime() - 1000) })
      .where(eq(session.userId, user.userId));
    expect((await t.request('/api/v1/company', { cookie: user.cookie })).status).toBe(401);
  });

  it('follows the active workspace of the session', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    await t.db
      .update(session)
      .set({ activeOrganizationId: other.organizationId })
      .where(eq(session.userId, user.userId));
    // Not a member of that workspace: refused rather than shown another firm's data.
    expect((await t.request('/api/v1/company', { cookie: user.cookie })).status).toBe(403);
  });
});

describe('platform administrators (ADMIN_EMAILS)', () => {
  it('makes a listed user an admin at sign-up and at start-up, case-insensitively', async () => {
    const { createTestApp: create } = await import('../support/app');
    const { applyAdminEmails } = await import('../../src/server/auth/auth');
    const { user } = await import('../../src/server/db/schema');
    const a = await create({ env: { ADMIN_EMAILS: 'Boss@Example.com, other@example.com' } });
    try {
      const boss = await a.signUp({ email: 'boss@example.com' });
      const plain = await a.signUp({ email: 'plain@example.com' });
      const roleOf = async (id: string) =>
        (await a.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role;
      expect(await roleOf(boss.userId)).toBe('admin');
      expect(await roleOf(plain.userId)).toBe('user');
      await applyAdminEmails(a.db, { ADMIN_EMAILS: 'PLAIN@example.com' });
      expect(await roleOf(plain.userId)).toBe('admin');
    } finally {
      await a.close();
    }
  });
});
