import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as schema from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';

/**
 * Bad input on /api/auth never answers 5xx nor is stored (issue 11): NUL cannot be stored in
 * PostgreSQL text, lone surrogates are not Unicode, control characters have no place in a name,
 * an e-mail address, a username or a workspace name. The gateway refuses them before better-auth.
 */

let t: TestApp;
let user: Awaited<ReturnType<TestApp['signUp']>>;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp({ name: 'Inge Invoer' });
});
afterAll(() => t.close());

const HOSTILE: [string, string][] = [
  ['NUL', 'Inge\u0000'],
  ['a lone high surrogate', 'Inge \uD800'],
  ['a lone low surrogate', '\uDC00Inge'],
  ['a C0 control', 'In\u0001ge'],
  ['a C1 control', 'In\u0085ge'],
];
const hostileEmail = (value: string) => `${value.replace(/ /g, '')}@example.com`;

/** Each case: a path, a body with the hostile value, and the field the 400 must name. */
const CASES: [string, (v: string) => Record<string, unknown>, string, boolean][] = [
  [
    '/api/auth/sign-up/email',
    (v) => ({ name: v, email: 'new-person@example.com', password: 'correct horse battery' }),
    'name',
    false,
  ],
  [
    '/api/auth/sign-up/email',
    (v) => ({ name: 'New', email: hostileEmail(v), password: 'correct horse battery' }),
    'email',
    false,
  ],
  [
    '/api/auth/sign-in/email',
    (v) => ({ email: hostileEmail(v), password: 'whatever1' }),
    'email',
    false,
  ],
  [
    '/api/auth/sign-in/username',
    (v) => ({ username: v, password: 'whatever1' }),
    'username',
    false,
  ],
  ['/api/auth/request-password-reset', (v) => ({ email: hostileEmail(v) }), 'email', false],
  ['/api/auth/sign-in/magic-link', (v) => ({ email: hostileEmail(v) }), 'email', false],
  ['/api/auth/update-user', (v) => ({ name: v }), 'name', true],
  ['/api/auth/update-user', (v) => ({ username: v }), 'username', true],
  ['/api/auth/change-email', (v) => ({ newEmail: hostileEmail(v) }), 'newEmail', true],
  ['/api/auth/organization/create', (v) => ({ name: v, slug: 'hostile-ws' }), 'name', true],
  ['/api/auth/organization/update', (v) => ({ data: { name: v } }), 'data.name', true],
  [
    '/api/auth/organization/invite-member',
    (v) => ({ email: hostileEmail(v), role: 'member' }),
    'email',
    true,
  ],
  ['/api/auth/api-key/create', (v) => ({ name: v }), 'name', true],
];

describe('hostile text on /api/auth', () => {
  for (const [path, body, field, signedIn] of CASES) {
    it.each(HOSTILE)(`${path} refuses %s in ${field} with 400 naming it`, async (_kind, value) => {
      const res = await t.request(path, {
        method: 'POST',
        body: body(value),
        cookie: signedIn ? user.cookie : undefined,
      });
      const text = await res.text();
      expect(res.status, text).toBe(400);
      expect(JSON.parse(text), text).toMatchObject({ fields: { [field]: expect.any(String) } });
    });
  }

  it('stores nothing: the name and workspaces are unchanged', async () => {
    const rows = await t.db.select().from(schema.user).where(eq(schema.user.id, user.userId));
    expect(rows[0]!.name).toBe('Inge Invoer');
    const workspaces = await t.db
      .select()
      .from(schema.organization)
      .where(eq(schema.organization.slug, 'hostile-ws'));
    expect(workspaces).toHaveLength(0);
    const people = await t.db
      .select()
      .from(schema.user)
      .where(eq(schema.user.email, 'new-person@example.com'));
    expect(people).toHaveLength(0);
  });

  it('a NUL or lone surrogate anywhere in an auth body is refused, nested too', async () => {
    for (const body of [
      { name: 'New', email: 'new-person@example.com', password: 'long-password\u0000' },
      { name: 'New', email: 'new-person@example.com', password: 'long-password\uD800' },
      { email: 'a@example.com', password: 'x', callbackURL: '/\u0000' },
      { email: 'a@example.com', password: 'x', extra: { deep: ['\uD800'] } },
    ]) {
      const res = await t.request('/api/auth/sign-in/email', { method: 'POST', body });
      expect(res.status).toBe(400);
    }
  });

  it('still accepts names beyond ASCII (accents, a surrogate pair)', async () => {
    const res = await t.request('/api/auth/update-user', {
      method: 'POST',
      body: { name: 'Zoë Ångström 𝔄' },
      cookie: user.cookie,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await t.db.select().from(schema.user).where(eq(schema.user.id, user.userId));
    expect(rows[0]!.name).toBe('Zoë Ångström 𝔄');
    await t.request('/api/auth/update-user', {
      method: 'POST',
      body: { name: 'Inge Invoer' },
      cookie: user.cookie,
    });
  });
});

describe('hostile query parameters and paths on /api/auth and /api/avatars', () => {
  const GETS = [
    '/api/auth/organization/get-full-organization?organizationId=%00',
    '/api/auth/organization/get-full-organization?organizationSlug=x%00',
    '/api/auth/organization/list-members?organizationId=%00',
    '/api/auth/organization/list-invitations?organizationId=%00',
    '/api/auth/organization/list-teams?organizationId=%00',
    '/api/auth/organization/get-invitation?id=%00',
    '/api/auth/api-key/get?id=%00',
    '/api/auth/magic-link/verify?token=%00',
    '/api/auth/delete-user/callback?token=%00',
    '/api/auth/verify-email?token=%01',
    '/api/auth/organization/get-invitation?id=%C2%85',
    '/api/auth/reset-password/%00',
  ];

  it.each(GETS)('GET %s is a 400 naming the parameter, never a 5xx', async (path) => {
    const res = await t.request(path, { cookie: user.cookie });
    const text = await res.text();
    expect(res.status, text).toBe(400);
    expect(JSON.parse(text)).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: expect.any(Object),
    });
  });

  it('a POST with NUL in the query is refused too', async () => {
    const res = await t.request('/api/auth/organization/set-active?organizationId=%00', {
      method: 'POST',
      body: {},
      cookie: user.cookie,
    });
    expect(res.status).toBe(400);
  });

  it.each(['%00', 'abc%00', '%ED%A0%80', 'x'.repeat(100)])(
    'GET /api/avatars/%s is a 404, never a 5xx',
    async (id) => {
      const res = await t.request(`/api/avatars/${id}`, { cookie: user.cookie });
      expect(res.status).toBe(404);
    },
  );
});
