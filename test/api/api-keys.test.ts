import { systemNow } from '../../src/server/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apikey, auditEvent, member, user } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { allowConsoleError } from '../support/console';

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['signUp']>>;
const SITE_ADMIN = 'keys-site-admin@example.com';

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: SITE_ADMIN } });
  owner = await t.signUp({ name: 'Kees Key' });
});
afterAll(() => t.close());

type KeyBody = NonNullable<Parameters<TestApp['auth']['api']['createApiKey']>[0]>['body'];
async function createKey(body: KeyBody) {
  const created = await t.auth.api.createApiKey({ body });
  return created.key;
}

describe('API keys on /api/v1', () => {
  it('a personal key acts in its workspace within its own permissions and the user role', async () => {
    const key = await createKey({
      userId: owner.userId,
      name: 'read-only',
      metadata: { organizationId: owner.organizationId },
      permissions: { company: ['read'] },
    });
    const list = await t.request('/api/v1/company', { headers: { 'x-api-key': key } });
    expect(list.status).toBe(200);
    const create = await t.request('/api/v1/company', {
      method: 'POST',
      body: { companyName: 'Via Key B.V.' },
      headers: { 'x-api-key': key },
    });
    expect(create.status).toBe(403);
    expect((await create.json()).error.message).toBe(
      'You are not allowed to access resource: company',
    );
  });

  it('writes with a key are audited under the key’s user', async () => {
    const key = await createKey({
      userId: owner.userId,
      name: 'writer',
      metadata: { organizationId: owner.organizationId },
      permissions: { company: ['read', 'create'] },
    });
    const res = await t.request('/api/v1/company', {
      method: 'POST',
      body: { companyName: 'Keyed B.V.' },
      headers: { 'x-api-key': key },
    });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const rows = await t.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, id), eq(auditEvent.action, 'create')));
    expect(rows[0]).toMatchObject({
      actorUserId: owner.userId,
      organizationId: owner.organizationId,
    });
  });

  it('a workspace-owned key needs no user and is limited to its permissions', async () => {
    const key = await createKey({
      configId: 'organization',
      organizationId: owner.organizationId,
      userId: owner.userId,
      name: 'integration',
      permissions: { company: ['read'] },
      metadata: { createdBy: owner.userId },
    });
    expect((await t.request('/api/v1/company', { headers: { 'x-api-key': key } })).status).toBe(
      200,
    );
    expect(
      (
        await t.request('/api/v1/company', {
          method: 'POST',
          body: { companyName: 'X' },
          headers: { 'x-api-key': key },
        })
      ).status,
    ).toBe(403);
  });

  it('refuses unknown keys (401) and keys whose uses are spent (429)', async () => {
    allowConsoleError(/api key/i);
    expect(
      (await t.request('/api/v1/company', { headers: { 'x-api-key': 'esop_nonsense' } })).status,
    ).toBe(401);
    const key = await createKey({
      userId: owner.userId,
      name: 'once',
      remaining: 1,
      metadata: { organizationId: owner.organizationId },
      permissions: { company: ['read'] },
    });
    expect((await t.request('/api/v1/company', { headers: { 'x-api-key': key } })).status).toBe(
      200,
    );
    const spent = await t.request('/api/v1/company', { headers: { 'x-api-key': key } });
    expect(spent.status).toBe(429);
    expect((await spent.json()).error.code).toBe('RATE_LIMITED');
  });

  it('stops working when its user leaves the workspace', async () => {
    const other = await t.signUp();
    const key = await createKey({
      userId: other.userId,
      name: 'leaver',
      metadata: { organizationId: other.organizationId },
      permissions: { company: ['read'] },
    });
    expect((await t.request('/api/v1/company', { headers: { 'x-api-key': key } })).status).toBe(
      200,
    );
    await t.db.delete(member).where(eq(member.userId, other.userId));
    expect((await t.request('/api/v1/company', { headers: { 'x-api-key': key } })).status).toBe(
      403,
    );
  });

  it('never reaches account-changing auth endpoints', async () => {
    const key = await createKey({
      userId: owner.userId,
      name: 'no-account',
      metadata: { organizationId: owner.organizationId },
      permissions: { company: ['read'] },
    });
    const res = await t.request('/api/auth/update-user', {
      method: 'POST',
      body: { name: 'Hacked' },
      headers: { 'x-api-key': key },
    });
    expect(res.status).toBe(401);
    const me = await t.request('/api/v1/me', { cookie: owner.cookie });
    expect((await me.json()).user.name).toBe('Kees Key');
  });
});

describe('POST /api/auth/api-key/create (our screens)', () => {
  const create = (cookie: string, body: unknown) =>
    t.request('/api/auth/api-key/create', { method: 'POST', body, cookie });

  it('creates a personal key for the active workspace with limits, shown once', async () => {
    const res = await create(owner.cookie, {
      name: 'CI export',
      remaining: 100,
      refillAmount: 100,
      refillInterval: 86_400_000,
      rateLimitMax: 60,
      rateLimitTimeWindow: 60_000,
      permissions: { company: ['read'] },
      metadata: { purpose: 'nightly export' },
    });
    expect(res.status).toBe(200);
    const created = await res.json();
    expect(created.key).toMatch(/^esop_/);
    expect(created).toMatchObject({
      name: 'CI export',
      remaining: 100,
      refillAmount: 100,
      rateLimitMax: 60,
    });
    expect(created.metadata).toEqual({
      purpose: 'nightly export',
      organizationId: owner.organizationId,
      createdBy: owner.userId,
    });
    expect(
      (await t.request('/api/v1/company', { headers: { 'x-api-key': created.key } })).status,
    ).toBe(200);
    const list = await (await t.request('/api/auth/api-key/list', { cookie: owner.cookie })).json();
    const listed = (Array.isArray(list) ? list : list.apiKeys).find(
      (k: { name: string }) => k.name === 'CI export',
    );
    expect(listed).toBeTruthy();
    expect(listed.key).toBeUndefined();
  });

  it('refuses a second key with the same name (409)', async () => {
    expect((await create(owner.cookie, { name: 'dup' })).status).toBe(200);
    const again = await create(owner.cookie, { name: 'dup' });
    expect(again.status).toBe(409);
    expect((await again.json()).fields).toHaveProperty('name');
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x', metadata: ['not', 'an', 'object'] }, 'metadata'],
    [{ name: 'x', metadata: 'text' }, 'metadata'],
    [{ name: 'x', remaining: 5, refillAmount: 5 }, 'refillInterval'],
    [{ name: 'x', refillInterval: 60_000, refillAmount: 5 }, 'remaining'],
    [{ name: 'x', rateLimitMax: 5 }, 'rateLimitMax'],
    [{ name: 'x', permissions: { rockets: ['read'] } }, 'permissions.rockets'],
    [{ name: 'x', expiresIn: 10 }, 'expiresIn'],
  ])('rejects %j naming %s', async (body, field) => {
    const res = await create(owner.cookie, body);
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).fields)).toContain(field);
  });

  it('never grants more than the creator may do; workspace keys need an owner or admin', async () => {
    const guest = await t.signUp();
    await t.db.insert(member).values({
      id: `m-${guest.userId}`,
      organizationId: owner.organizationId,
      userId: guest.userId,
      role: 'guest',
      createdAt: systemNow(),
    });
    const tooMuch = await create(guest.cookie, {
      name: 'sneaky',
      organizationId: owner.organizationId,
      permissions: { company: ['read', 'delete'] },
    });
    expect(tooMuch.status).toBe(403);
    const orgKey = await create(guest.cookie, {
      name: 'org',
      configId: 'organization',
      organizationId: owner.organizationId,
    });
    expect(orgKey.status).toBe(403);
    const ownerOrgKey = await create(owner.cookie, {
      name: 'org',
      configId: 'organization',
      permissions: { company: ['read'] },
    });
    expect(ownerOrgKey.status).toBe(200);
    expect(
      (
        await t.request('/api/v1/company', {
          headers: { 'x-api-key': (await ownerOrgKey.json()).key },
        })
      ).status,
    ).toBe(200);
  });

  it('an admin manages workspace keys too (apiKey statement in the access control)', async () => {
    const admin = await t.signUp();
    await t.db.insert(member).values({
      id: `m-${admin.userId}`,
      organizationId: owner.organizationId,
      userId: admin.userId,
      role: 'admin',
      createdAt: systemNow(),
    });
    const created = await create(admin.cookie, {
      name: 'admin-made',
      configId: 'organization',
      organizationId: owner.organizationId,
      permissions: { company: ['read'] },
    });
    expect(created.status).toBe(200);
    const { id } = await created.json();
    const list = await t.request(
      `/api/auth/api-key/list?configId=organization&organizationId=${owner.organizationId}`,
      { cookie: admin.cookie },
    );
    expect(list.status).toBe(200);
    const removed = await t.request('/api/auth/api-key/delete', {
      method: 'POST',
      body: { keyId: id, configId: 'organization' },
      cookie: admin.cookie,
    });
    expect(removed.status, await removed.clone().text()).toBe(200);
  });

  it('requires a session', async () => {
    expect((await create('', { name: 'anon' })).status).toBe(401);
  });
});

describe('workspace keys live only while their creator manages keys there (finding 6)', () => {
  const create = (cookie: string, body: unknown) =>
    t.request('/api/auth/api-key/create', { method: 'POST', body, cookie });
  const read = (key: string) => t.request('/api/v1/company', { headers: { 'x-api-key': key } });
  const write = (key: string) =>
    t.request('/api/v1/company', {
      method: 'POST',
      body: { companyName: 'Written By Key B.V.' },
      headers: { 'x-api-key': key },
    });

  /** A new admin of the owner's workspace with a workspace key that reads and writes. */
  async function adminWithKey(label: string) {
    const admin = await t.signUp({ name: `Admin ${label}` });
    await t.db.insert(member).values({
      id: `m-${admin.userId}`,
      organizationId: owner.organizationId,
      userId: admin.userId,
      role: 'admin',
      createdAt: systemNow(),
    });
    const res = await create(admin.cookie, {
      name: `ws-${label}`,
      configId: 'organization',
      organizationId: owner.organizationId,
      permissions: { company: ['read', 'create'] },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const created = (await res.json()) as { id: string; key: string };
    expect((await read(created.key)).status).toBe(200);
    expect((await write(created.key)).status).toBe(201);
    return { admin, ...created };
  }

  async function expectStopped(key: string) {
    const reading = await read(key);
    expect(reading.status).toBe(401);
    expect((await reading.json()).error.message).toMatch(/no longer manages API keys/);
    expect((await write(key)).status).toBe(401);
  }

  it('records the creator, which the key holder cannot rewrite', async () => {
    const { admin, id } = await adminWithKey('meta');
    const update = await t.request('/api/auth/api-key/update', {
      method: 'POST',
      body: {
        keyId: id,
        configId: 'organization',
        metadata: { createdBy: owner.userId, organizationId: 'elsewhere', note: 'kept' },
      },
      cookie: admin.cookie,
    });
    expect(update.status, await update.clone().text()).toBe(200);
    const [row] = await t.db.select().from(apikey).where(eq(apikey.id, id));
    let stored: unknown = JSON.parse(row!.metadata!);
    if (typeof stored === 'string') stored = JSON.parse(stored);
    expect(stored).toMatchObject({
      createdBy: admin.userId,
      organizationId: owner.organizationId,
      note: 'kept',
    });
  });

  it('stops when the creator is removed from the workspace', async () => {
    const { admin, key } = await adminWithKey('removed');
    const remove = await t.request('/api/auth/organization/remove-member', {
      method: 'POST',
      body: { memberIdOrEmail: admin.email, organizationId: owner.organizationId },
      cookie: owner.cookie,
    });
    expect(remove.status).toBe(200);
    await expectStopped(key);
  });

  it('stops when the creator is demoted to a role that cannot manage keys', async () => {
    const { admin, key } = await adminWithKey('demoted');
    const demote = await t.request('/api/auth/organization/update-member-role', {
      method: 'POST',
      body: { memberId: `m-${admin.userId}`, role: 'member', organizationId: owner.organizationId },
      cookie: owner.cookie,
    });
    expect(demote.status, await demote.clone().text()).toBe(200);
    await expectStopped(key);
  });

  it('stops when the creator is banned', async () => {
    allowConsoleError(/ban/i);
    const siteAdmin = await t.signUp({ email: SITE_ADMIN });
    const { admin, key } = await adminWithKey('banned');
    const ban = await t.request('/api/auth/admin/ban-user', {
      method: 'POST',
      body: { userId: admin.userId, banReason: 'left the firm' },
      cookie: siteAdmin.cookie,
    });
    expect(ban.status).toBe(200);
    await expectStopped(key);
  });

  it('stops when the creator account is deleted', async () => {
    const { admin, key } = await adminWithKey('deleted');
    await t.db.delete(user).where(eq(user.id, admin.userId));
    await expectStopped(key);
  });

  it('a workspace key without a recorded creator does not work', async () => {
    const key = await createKey({
      name: 'no-creator',
      configId: 'organization',
      organizationId: owner.organizationId,
      userId: owner.userId,
      permissions: { company: ['read'] },
    });
    await expectStopped(key);
  });

  it('a personal key stops when its user is banned, removed or deleted', async () => {
    allowConsoleError(/ban/i);
    const siteAdmin = await t.signUp({ email: 'keys-site-admin-2@example.com' });
    await t.db.update(user).set({ role: 'admin' }).where(eq(user.id, siteAdmin.userId));
    const keyOf = async (label: string) => {
      const { admin } = await adminWithKey(`personal-${label}`);
      const res = await create(admin.cookie, {
        name: `p-${label}`,
        organizationId: owner.organizationId,
        permissions: { company: ['read'] },
      });
      const key = ((await res.json()) as { key: string }).key;
      expect((await read(key)).status).toBe(200);
      return { admin, key };
    };
    const banned = await keyOf('banned');
    await t.request('/api/auth/admin/ban-user', {
      method: 'POST',
      body: { userId: banned.admin.userId },
      cookie: siteAdmin.cookie,
    });
    expect((await read(banned.key)).status).toBe(401);
    const removed = await keyOf('removed');
    await t.request('/api/auth/organization/remove-member', {
      method: 'POST',
      body: { memberIdOrEmail: removed.admin.email, organizationId: owner.organizationId },
      cookie: owner.cookie,
    });
    expect((await read(removed.key)).status).toBe(403);
    const deleted = await keyOf('deleted');
    await t.db.delete(user).where(eq(user.id, deleted.admin.userId));
    expect([401, 403]).toContain((await read(deleted.key)).status);
  });
});
