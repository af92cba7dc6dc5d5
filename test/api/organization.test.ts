import { systemNow } from '../../src/server/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { member as memberTable, session } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { allowConsoleError } from '../support/console';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('workspace invitations and roles', () => {
  it('invites by e-mail, accepts, and a role change applies on the very next API request', async () => {
    const owner = await t.signUp({ name: 'Owen Owner' });
    const invitee = await t.signUp({ name: 'Ivy Invitee' });
    const invite = await t.request('/api/auth/organization/invite-member', {
      method: 'POST',
      body: { email: invitee.email, role: 'member', organizationId: owner.organizationId },
      cookie: owner.cookie,
    });
    expect(invite.status).toBe(200);
    const invitation = await invite.json();
    const mail = t.mails.findLast((m) => m.to === invitee.email)!;
    expect(mail.subject).toBe(`Owen Owner invited you to Owen Owner's workspace on ESOP CRM`);
    expect(mail.text).toContain(`/auth/accept-invitation?invitationId=${invitation.id}`);

    const accept = await t.request('/api/auth/organization/accept-invitation', {
      method: 'POST',
      body: { invitationId: invitation.id },
      cookie: invitee.cookie,
    });
    expect(accept.status).toBe(200);
    const { member } = await accept.json();
    const active = await t.request('/api/auth/organization/set-active', {
      method: 'POST',
      body: { organizationId: owner.organizationId },
      cookie: invitee.cookie,
    });
    expect(active.status).toBe(200);

    const company = await (
      await t.request('/api/v1/company', {
        method: 'POST',
        body: { companyName: 'Shared B.V.' },
        cookie: owner.cookie,
      })
    ).json();
    const patch = () =>
      t.request(`/api/v1/company/${company.id}`, {
        method: 'PATCH',
        body: { city: 'Zwolle' },
        cookie: invitee.cookie,
      });
    expect((await patch()).status).toBe(200);

    const demote = await t.request('/api/auth/organization/update-member-role', {
      method: 'POST',
      body: { memberId: member.id, role: 'guest', organizationId: owner.organizationId },
      cookie: owner.cookie,
    });
    expect(demote.status).toBe(200);
    const refused = await patch();
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe(
      'You are not allowed to access resource: company',
    );
    expect(
      (await t.request(`/api/v1/company/${company.id}`, { cookie: invitee.cookie })).status,
    ).toBe(200);
  });

  it('does not let the sole owner leave', async () => {
    allowConsoleError(/owner/i);
    const owner = await t.signUp();
    const res = await t.request('/api/auth/organization/leave', {
      method: 'POST',
      body: { organizationId: owner.organizationId },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toMatch(/ONLY_OWNER|LEAVE/);
  });

  it('grants the organization permissions of the seed to each role, checked through has-permission', async () => {
    const owner = await t.signUp();
    const cookies: Record<string, string> = { owner: owner.cookie };
    for (const role of ['admin', 'member', 'guest']) {
      const u = await t.signUp();
      await t.db.insert(memberTable).values({
        id: `m-${u.userId}`,
        organizationId: owner.organizationId,
        userId: u.userId,
        role,
        createdAt: systemNow(),
      });
      await t.db
        .update(session)
        .set({ activeOrganizationId: owner.organizationId })
        .where(eq(session.userId, u.userId));
      cookies[role] = u.cookie;
    }
    const seed: Record<string, Record<string, string[]>> = {
      owner: {
        organization: ['update', 'delete'],
        member: ['create', 'update', 'delete'],
        invitation: ['create', 'cancel'],
        team: ['create', 'update', 'delete'],
        ac: ['create', 'read', 'update', 'delete'],
      },
      admin: {
        organization: ['update'],
        member: ['create', 'update', 'delete'],
        invitation: ['create', 'cancel'],
        team: ['create', 'update', 'delete'],
        ac: ['create', 'read', 'update', 'delete'],
      },
      member: { ac: ['read'] },
      guest: {},
    };
    const all: Record<string, string[]> = seed.owner!;
    for (const [role, cookie] of Object.entries(cookies)) {
      for (const [resource, actions] of Object.entries(all)) {
        for (const action of actions) {
          const res = await t.request('/api/auth/organization/has-permission', {
            method: 'POST',
            body: { permissions: { [resource]: [action] }, organizationId: owner.organizationId },
            cookie,
          });
          const expected = seed[role]![resource]?.includes(action) ?? false;
          expect((await res.json()).success, `${role} ${resource}:${action}`).toBe(expected);
        }
      }
    }
  });
});

describe('workspace fields', () => {
  it.each([
    ['a name over 32 characters', { name: 'x'.repeat(33), slug: 'long-name' }, 'name'],
    ['an empty name', { name: '  ', slug: 'empty-name' }, 'name'],
    ['a slug over 48 characters', { name: 'Firm', slug: 'a'.repeat(49) }, 'slug'],
    ['a slug with capitals and spaces', { name: 'Firm', slug: 'Bad Slug' }, 'slug'],
    [
      'a logo that is not an image',
      { name: 'Firm', slug: 'firm-logo', logo: 'https://evil.example/x.png' },
      'logo',
    ],
  ])('refuses %s on create and update, naming the field', async (_label, body, field) => {
    const owner = await t.signUp();
    const create = await t.request('/api/auth/organization/create', {
      method: 'POST',
      body,
      cookie: owner.cookie,
    });
    expect(create.status).toBe(400);
    expect((await create.json()).fields).toHaveProperty(field);
    const update = await t.request('/api/auth/organization/update', {
      method: 'POST',
      body: { organizationId: owner.organizationId, data: body },
      cookie: owner.cookie,
    });
    expect(update.status).toBe(400);
    expect((await update.json()).fields).toHaveProperty(field);
  });

  it('accepts a valid workspace', async () => {
    const owner = await t.signUp();
    const res = await t.request('/api/auth/organization/create', {
      method: 'POST',
      body: {
        name: 'Van Dijk Advocaten',
        slug: `van-dijk-${owner.userId.slice(0, 6).toLowerCase()}`,
        keepCurrentActiveOrganization: true,
      },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
  });
});
