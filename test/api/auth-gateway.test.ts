import { systemNow } from '../../src/server/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as schema from '../../src/server/db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app';
import { allowConsoleError } from '../support/console';

let t: TestApp;
const ADMIN_EMAIL = 'gateway-admin@example.com';
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
});
afterAll(() => t.close());

function sessionCookie(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The session's active workspace as stored (not as a cookie cache may remember it). */
async function activeOrganization(cookie: string): Promise<string | null> {
  const token = decodeURIComponent(cookie.match(/session_token=([^;]+)/)![1]!).split('.')[0]!;
  const rows = await t.db
    .select({ id: schema.session.activeOrganizationId })
    .from(schema.session)
    .where(eq(schema.session.token, token));
  return rows[0]?.id ?? null;
}

describe('cookie-authenticated writes need a trusted Origin (finding 8)', () => {
  const origins: [string, Record<string, string>][] = [
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin null', { origin: 'null' }],
  ];

  it.each([...origins, ['no Origin', {}] as [string, Record<string, string>]])(
    'api-key/create with %s issues no key',
    async (_label, headers) => {
      const user = await t.signUp();
      const res = await t.app.request(`${TEST_ORIGIN}/api/auth/api-key/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: user.cookie, ...headers },
        body: JSON.stringify({ name: 'stolen' }),
      });
      expect(res.status).toBe(403);
      const keys = await t.db
        .select()
        .from(schema.apikey)
        .where(eq(schema.apikey.referenceId, user.userId));
      expect(keys).toHaveLength(0);
    },
  );

  it('update-user with a foreign Origin changes no avatar', async () => {
    const user = await t.signUp();
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const res = await t.app.request(`${TEST_ORIGIN}/api/auth/update-user`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: user.cookie,
        origin: 'https://evil.example',
      },
      body: JSON.stringify({ image: png }),
    });
    expect(res.status).toBe(403);
    const avatars = await t.db
      .select()
      .from(schema.userAvatar)
      .where(eq(schema.userAvatar.userId, user.userId));
    expect(avatars).toHaveLength(0);
  });

  it('an /api/v1 write without Origin is refused from a cookie session, allowed with an API key', async () => {
    const user = await t.signUp();
    const refused = await t.app.request(`${TEST_ORIGIN}/api/v1/company`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookie },
      body: JSON.stringify({ companyName: 'Forged B.V.' }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const none = await t.db
      .select()
      .from(schema.company)
      .where(eq(schema.company.companyName, 'Forged B.V.'));
    expect(none).toHaveLength(0);

    const created = await t.request('/api/auth/api-key/create', {
      method: 'POST',
      body: { name: 'script' },
      cookie: user.cookie,
    });
    expect(created.status).toBe(200);
    const { key } = (await created.json()) as { key: string };
    const withKey = await t.app.request(`${TEST_ORIGIN}/api/v1/company`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ companyName: 'Scripted B.V.' }),
    });
    expect(withKey.status).toBe(201);
  });

  it('a GET with a foreign workspace id leaves the active workspace alone', async () => {
    const victim = await t.signUp();
    const stranger = await t.signUp();
    const res = await t.request(
      `/api/auth/organization/get-full-organization?organizationId=${stranger.organizationId}`,
      { cookie: victim.cookie },
    );
    expect(res.status).toBe(403);
    expect(await activeOrganization(victim.cookie)).toBe(victim.organizationId);
    const bySlug = await t.db
      .select({ slug: schema.organization.slug })
      .from(schema.organization)
      .where(eq(schema.organization.id, stranger.organizationId));
    const slugRes = await t.request(
      `/api/auth/organization/get-full-organization?organizationSlug=${bySlug[0]!.slug}`,
      { cookie: victim.cookie },
    );
    expect(slugRes.status).toBe(403);
    expect(await activeOrganization(victim.cookie)).toBe(victim.organizationId);
    // Its own workspace still answers.
    const own = await t.request(
      `/api/auth/organization/get-full-organization?organizationId=${victim.organizationId}`,
      { cookie: victim.cookie },
    );
    expect(own.status).toBe(200);
  });
});

describe('auth bodies are JSON only (finding 4)', () => {
  it('refuses a form-encoded sign-in and sign-up with 415', async () => {
    const user = await t.signUp();
    for (const [path, body] of [
      ['/api/auth/sign-in/email', `email=${encodeURIComponent(user.email)}&password=wrong`],
      [
        '/api/auth/sign-up/email',
        `name=${'x'.repeat(60)}&email=form%40example.com&password=correct-horse-battery`,
      ],
    ] as const) {
      for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await t.request(path, {
          method: 'POST',
          rawBody: body,
          headers: { 'content-type': type },
        });
        expect(res.status, `${path} ${type}`).toBe(415);
      }
    }
    const formUser = await t.db
      .select()
      .from(schema.user)
      .where(eq(schema.user.email, 'form@example.com'));
    expect(formUser).toHaveLength(0);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});

describe('revocation takes effect on the next /api/auth request (finding 5)', () => {
  it('a revoked session can no longer invite members', async () => {
    const user = await t.signUp();
    const other = await t.signIn(user.email, user.password);
    const sessions = await t.request('/api/auth/list-sessions', { cookie: user.cookie });
    const list = (await sessions.json()) as { token: string; id: string }[];
    const otherRow = await t.db
      .select({ token: schema.session.token })
      .from(schema.session)
      .where(eq(schema.session.userId, user.userId));
    expect(list.length).toBe(otherRow.length);
    // Warm any cache the other session may have.
    expect((await t.request('/api/auth/get-session', { cookie: other.cookie })).status).toBe(200);
    const otherToken = decodeURIComponent(other.cookie.match(/session_token=([^;.]+)/)![1]!);
    const revoke = await t.request('/api/auth/revoke-session', {
      method: 'POST',
      body: { token: otherToken },
      cookie: user.cookie,
    });
    expect(revoke.status).toBe(200);
    const invite = await t.request('/api/auth/organization/invite-member', {
      method: 'POST',
      body: { email: 'new-member@example.com', role: 'member' },
      cookie: other.cookie,
    });
    expect(invite.status).toBe(401);
    const session = await t.request('/api/auth/get-session', { cookie: other.cookie });
    expect(await session.json()).toBeNull();
  });

  it('a banned user is out at once', async () => {
    allowConsoleError(/ban/i);
    const admin = await t.signUp({ email: ADMIN_EMAIL });
    const user = await t.signUp();
    expect((await t.request('/api/auth/get-session', { cookie: user.cookie })).status).toBe(200);
    const ban = await t.request('/api/auth/admin/ban-user', {
      method: 'POST',
      body: { userId: user.userId, banReason: 'test' },
      cookie: admin.cookie,
    });
    expect(ban.status).toBe(200);
    const invite = await t.request('/api/auth/organization/invite-member', {
      method: 'POST',
      body: { email: 'banned-invitee@example.com', role: 'member' },
      cookie: user.cookie,
    });
    expect(invite.status).toBe(401);
  });

  it('a member removed from the workspace can no longer invite there', async () => {
    const owner = await t.signUp();
    const member = await t.signUp();
    await t.db.insert(schema.member).values({
      id: `m-${member.userId}`,
      organizationId: owner.organizationId,
      userId: member.userId,
      role: 'admin',
      createdAt: systemNow(),
    });
    const setActive = await t.request('/api/auth/organization/set-active', {
      method: 'POST',
      body: { organizationId: owner.organizationId },
      cookie: member.cookie,
    });
    expect(setActive.status).toBe(200);
    const cookie = [member.cookie, sessionCookie(setActive)].filter(Boolean).join('; ');
    const remove = await t.request('/api/auth/organization/remove-member', {
      method: 'POST',
      body: { memberIdOrEmail: member.email, organizationId: owner.organizationId },
      cookie: owner.cookie,
    });
    expect(remove.status).toBe(200);
    const invite = await t.request('/api/auth/organization/invite-member', {
      method: 'POST',
      body: {
        email: 'after-removal@example.com',
        role: 'member',
        organizationId: owner.organizationId,
      },
      cookie,
    });
    expect(invite.status).toBeGreaterThanOrEqual(400);
    const invitations = await t.db
      .select()
      .from(schema.invitation)
      .where(
        and(
          eq(schema.invitation.organizationId, owner.organizationId),
          eq(schema.invitation.email, 'after-removal@example.com'),
        ),
      );
    expect(invitations).toHaveLength(0);
  });

  it('a deleted user is out at once', async () => {
    const user = await t.signUp();
    await t.db.delete(schema.user).where(eq(schema.user.id, user.userId));
    const res = await t.request('/api/auth/get-session', { cookie: user.cookie });
    expect(await res.json()).toBeNull();
  });
});

describe('API key names (bad input never answers 5xx)', () => {
  it('refuses a name of 33 to 64 characters with 400 naming the field', async () => {
    const user = await t.signUp();
    for (const length of [33, 48, 64, 65]) {
      const res = await t.request('/api/auth/api-key/create', {
        method: 'POST',
        body: { name: 'k'.repeat(length) },
        cookie: user.cookie,
      });
      expect(res.status, `${length}`).toBe(400);
      expect(await res.json()).toMatchObject({ fields: { name: expect.any(String) } });
    }
    const ok = await t.request('/api/auth/api-key/create', {
      method: 'POST',
      body: { name: 'k'.repeat(32) },
      cookie: user.cookie,
    });
    expect(ok.status).toBe(200);
  });
});

describe('sign-up tells nothing about existing accounts (finding 11)', () => {
  it('answers an existing address exactly as a new one, and sends one e-mail either way', async () => {
    const existing = await t.signUp();
    const signUp = (email: string) =>
      t.request('/api/auth/sign-up/email', {
        method: 'POST',
        body: { name: 'Someone', email, password: 'another horse battery' },
      });
    const fresh = `fresh-${systemNow().getTime()}@example.com`;
    const mailsBefore = t.mails.length;
    const a = await signUp(fresh);
    const b = await signUp(existing.email);
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    const [bodyA, bodyB] = [await a.json(), await b.json()];
    expect(bodyB).toEqual(bodyA);
    expect(bodyA).toEqual({ token: null, status: true });
    expect(a.headers.getSetCookie()).toEqual(b.headers.getSetCookie());
    const sent = t.mails.slice(mailsBefore);
    expect(sent.filter((m) => m.to === fresh)).toHaveLength(1);
    expect(sent.filter((m) => m.to === existing.email)).toHaveLength(1);
    expect(sent.find((m) => m.to === existing.email)!.subject).toMatch(/already have/);
    // The existing account is untouched: its password still signs in.
    expect((await t.signIn(existing.email, existing.password)).userId).toBe(existing.userId);
  });
});
