import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays } from '../../src/domain/vesting/dates';
import { member, organizationRole, session, team, teamMember } from '../../src/server/db/schema';
import { today as firmToday, systemNow } from '../../src/server/clock';
import { createTestApp, type TestApp } from '../support/app';
import { ok } from '../support/equity';

// Issue 15, client access (ethical walls; decision 029): a company restricted to teams and
// members is invisible to everyone else in the workspace — lists, totals, the practice view,
// valuation alerts, the trash, exports and every URL under it (404).
let t: TestApp;
type Caller = Awaited<ReturnType<TestApp['signUp']>>;
let owner: Caller;
let admin: Caller;
let listed: Caller; // member, listed by name
let inTeam: Caller; // member, in the listed team
let outsider: Caller; // member, not listed
let guest: Caller; // guest, not listed
let keeper: Caller; // custom role with trash and audit access, not listed
let teamId: string;
let otherTeamId: string;

async function join(role: string, name: string): Promise<Caller> {
  const user = await t.signUp({ name });
  await t.db.insert(member).values({
    id: randomBytes(8).toString('hex'),
    organizationId: owner.organizationId,
    userId: user.userId,
    role,
    createdAt: systemNow(),
  });
  await t.db
    .update(session)
    .set({ activeOrganizationId: owner.organizationId })
    .where(eq(session.userId, user.userId));
  return user;
}

async function newTeam(name: string, members: Caller[]) {
  const id = randomBytes(8).toString('hex');
  await t.db.insert(team).values({
    id,
    name,
    organizationId: owner.organizationId,
    createdAt: systemNow(),
  });
  for (const m of members)
    await t.db.insert(teamMember).values({
      id: randomBytes(8).toString('hex'),
      teamId: id,
      userId: m.userId,
      createdAt: systemNow(),
    });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp({ name: 'Olivia Owner' });
  await t.db.insert(organizationRole).values({
    id: randomBytes(8).toString('hex'),
    organizationId: owner.organizationId,
    role: 'keeper',
    permission: JSON.stringify({
      company: ['read', 'update', 'export'],
      stakeholder: ['read', 'export'],
      plan: ['read', 'export'],
      grant: ['read', 'export'],
      valuation: ['read', 'export'],
      trash: ['read', 'update', 'delete'],
      audit: ['read'],
    }),
  });
  admin = await join('admin', 'Adam Admin');
  listed = await join('member', 'Lisa Listed');
  inTeam = await join('member', 'Tom Team');
  outsider = await join('member', 'Otto Outside');
  guest = await join('guest', 'Gina Guest');
  keeper = await join('keeper', 'Kees Keeper');
  teamId = await newTeam('Corporate', [inTeam]);
  otherTeamId = await newTeam('Tax', [outsider]);
});
afterAll(() => t.close());

const today = firmToday();

async function call(user: Caller, path: string, method = 'GET', body?: unknown) {
  const res = await t.request(`/api/v1${path}`, { method, body, cookie: user.cookie });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A company with a grant whose cliff falls next month and no valuation (a "missing" alert). */
async function clientWithDeadline(name: string) {
  const companyId = (
    await ok<{ id: string }>(t, owner.cookie, '/company', 'POST', { companyName: name })
  ).id;
  const base = `/company/${companyId}`;
  const person = await ok<{ id: string }>(t, owner.cookie, `${base}/stakeholders`, 'POST', {
    name: `Employee of ${name}`,
    relationship: 'employee',
  });
  const plan = await ok<{ id: string }>(t, owner.cookie, `${base}/plans`, 'POST', {
    name: 'Phantom Plan',
    planType: 'phantom_shares',
    shareClassId: null,
    poolSize: 10_000,
  });
  const start = addDays(addDays(today, 30), -365);
  const grant = await ok<{ id: string }>(t, owner.cookie, `${base}/grants`, 'POST', {
    stakeholderId: person.id,
    planId: plan.id,
    quantity: 1200,
    exercisePrice: '1.00',
    grantDate: start,
    vestingStartDate: start,
    status: 'active',
    terms: {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 48,
      cliffPeriods: 12,
    },
  });
  return { companyId, base, personId: person.id, planId: plan.id, grantId: grant.id };
}

const restrict = (companyId: string, body: Record<string, unknown>, user: Caller = owner) =>
  call(user, `/company/${companyId}/access`, 'PUT', { access: 'restricted', ...body });

/** What `user` finds of the company in every workspace-wide list. */
async function traces(user: Caller, companyId: string, name: string) {
  const list = await call(user, `/company?limit=200&q=${encodeURIComponent(name)}`);
  const upcoming = await call(user, '/upcoming?days=90');
  const alerts = await call(user, '/valuation-alerts');
  return {
    list: list.body.items.some((c: { id: string }) => c.id === companyId),
    total: list.body.total as number,
    upcoming: upcoming.body.items.some((i: { companyId: string }) => i.companyId === companyId),
    alerts: alerts.body.items.some((i: { companyId: string }) => i.companyId === companyId),
    company: (await call(user, `/company/${companyId}`)).status,
  };
}

const SEEN = { list: true, total: 1, upcoming: true, alerts: true, company: 200 };
const HIDDEN = { list: false, total: 0, upcoming: false, alerts: false, company: 404 };

describe('GET and PUT /company/{companyId}/access', () => {
  it('is everyone by default; the owner restricts, sees who can and why, and opens it again', async () => {
    const { companyId } = await clientWithDeadline('Default Open B.V.');
    const company = await call(outsider, `/company/${companyId}`);
    expect(company.body.access).toBe('everyone');
    const open = await call(owner, `/company/${companyId}/access`);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ access: 'everyone', userIds: [], teamIds: [] });
    expect(open.body.viewers).toHaveLength(7);
    expect(open.body.teams.map((x: { name: string }) => x.name)).toEqual(['Corporate', 'Tax']);

    const saved = await restrict(companyId, { userIds: [listed.userId], teamIds: [teamId] });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      access: 'restricted',
      userIds: [listed.userId],
      teamIds: [teamId],
    });
    const why = Object.fromEntries(
      saved.body.viewers.map((v: { name: string; reasons: string[]; teams: string[] }) => [
        v.name,
        { reasons: v.reasons, teams: v.teams },
      ]),
    );
    expect(why).toEqual({
      'Adam Admin': { reasons: ['role'], teams: [] },
      'Lisa Listed': { reasons: ['member'], teams: [] },
      'Olivia Owner': { reasons: ['role'], teams: [] },
      'Tom Team': { reasons: ['team'], teams: ['Corporate'] },
    });
    expect(saved.body.viewers[0]).toMatchObject({
      email: expect.stringContaining('@'),
      role: 'admin',
    });
    expect((await call(admin, `/company/${companyId}`)).body.access).toBe('restricted');

    // Audited in the company's activity.
    const activity = await call(owner, `/company/${companyId}/activity`);
    expect(activity.body.items[0]).toMatchObject({
      action: 'update',
      entityType: 'company_access',
      changes: {
        access: { from: 'everyone', to: 'restricted' },
        members: { from: [], to: ['Lisa Listed'] },
        teams: { from: [], to: ['Corporate'] },
      },
    });

    const back = await call(owner, `/company/${companyId}/access`, 'PUT', { access: 'everyone' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ access: 'everyone', userIds: [], teamIds: [] });
    expect((await call(outsider, `/company/${companyId}`)).status).toBe(200);
    const again = await call(owner, `/company/${companyId}/activity`);
    expect(again.body.items[0].changes).toEqual({
      access: { from: 'restricted', to: 'everyone' },
      members: { from: ['Lisa Listed'], to: [] },
      teams: { from: ['Corporate'], to: [] },
    });
    // Saving the same again records nothing.
    await call(owner, `/company/${companyId}/access`, 'PUT', { access: 'everyone' });
    expect((await call(owner, `/company/${companyId}/activity`)).body.items).toHaveLength(
      again.body.items.length,
    );
  });

  it('owners and admins only: 403 with a clear message for members (listed or not), guests and custom roles', async () => {
    const { companyId } = await clientWithDeadline('Admins Only B.V.');
    expect(
      (await restrict(companyId, { userIds: [listed.userId, keeper.userId] }, admin)).status,
    ).toBe(200);
    for (const user of [listed, keeper]) {
      for (const method of ['GET', 'PUT']) {
        const body = method === 'PUT' ? { access: 'everyone' } : undefined;
        const res = await call(user, `/company/${companyId}/access`, method, body);
        expect(res.status, `${user.email} ${method}`).toBe(403);
        expect(res.body.error.message).toBe(
          'Only owners and admins see and decide who can see a client company',
        );
      }
    }
    // A guest lacks company:update anyway; a member not listed does not even see the company.
    expect(
      (await call(guest, `/company/${companyId}/access`, 'PUT', { access: 'everyone' })).status,
    ).toBe(403);
    expect((await call(outsider, `/company/${companyId}/access`)).status).toBe(404);
    expect(
      (await call(outsider, `/company/${companyId}/access`, 'PUT', { access: 'everyone' })).status,
    ).toBe(404);
  });

  it('400 naming the field: not a member, not a team, twice, a list with everyone, bad access', async () => {
    const { companyId } = await clientWithDeadline('Bad Input B.V.');
    const stranger = await t.signUp({ name: 'Sam Stranger' });
    const strangersTeam = randomBytes(8).toString('hex');
    await t.db.insert(team).values({
      id: strangersTeam,
      name: 'Elsewhere',
      organizationId: stranger.organizationId,
      createdAt: systemNow(),
    });
    const bad = await restrict(companyId, {
      userIds: [listed.userId, stranger.userId],
      teamIds: [strangersTeam],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      'userIds.1': 'Not a member of this workspace',
      'teamIds.0': 'Not a team of this workspace',
    });
    const twice = await restrict(companyId, { userIds: [listed.userId, listed.userId] });
    expect(twice.status).toBe(400);
    expect(Object.keys(twice.body.error.fields)).toEqual(['userIds.1']);
    const withEveryone = await call(owner, `/company/${companyId}/access`, 'PUT', {
      access: 'everyone',
      teamIds: [teamId],
    });
    expect(withEveryone.status).toBe(400);
    expect(Object.keys(withEveryone.body.error.fields)).toEqual(['teamIds']);
    const wrong = await call(owner, `/company/${companyId}/access`, 'PUT', { access: 'some' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.error.fields)).toEqual(['access']);
    const extra = await restrict(companyId, { companyName: 'x' });
    expect(extra.status).toBe(400);
    // Nothing changed.
    expect((await call(owner, `/company/${companyId}/access`)).body.access).toBe('everyone');
    // Another workspace's company: 404.
    expect((await call(stranger, `/company/${companyId}/access`)).status).toBe(404);
    expect(
      (await call(stranger, `/company/${companyId}/access`, 'PUT', { access: 'everyone' })).status,
    ).toBe(404);
  });

  it('someone listed who left the workspace is not shown, so the list saves back as it is', async () => {
    const { companyId } = await clientWithDeadline('Leaver B.V.');
    const leaver = await join('member', 'Lena Leaver');
    await restrict(companyId, { userIds: [listed.userId, leaver.userId] });
    await t.db.delete(member).where(eq(member.userId, leaver.userId));
    const read = await call(owner, `/company/${companyId}/access`);
    expect(read.body.userIds).toEqual([listed.userId]);
    const saved = await restrict(companyId, {
      userIds: read.body.userIds,
      teamIds: read.body.teamIds,
    });
    expect(saved.status).toBe(200);
  });
});

describe('the wall', () => {
  it('a member not listed finds the company nowhere; listed directly or via a team, everywhere', async () => {
    const name = `Walled ${randomBytes(3).toString('hex')} B.V.`;
    const { companyId, base, grantId } = await clientWithDeadline(name);
    for (const user of [owner, admin, listed, inTeam, outsider, guest, keeper])
      expect(await traces(user, companyId, name), user.email).toEqual(SEEN);
    const totalOf = async (user: Caller) =>
      (await call(user, '/company?limit=1')).body.total as number;
    const outsiderTotal = await totalOf(outsider);
    const listedExtra = (await totalOf(listed)) - outsiderTotal;

    expect(
      (await restrict(companyId, { userIds: [listed.userId], teamIds: [teamId] })).status,
    ).toBe(200);
    for (const user of [owner, admin, listed, inTeam])
      expect(await traces(user, companyId, name), user.email).toEqual(SEEN);
    for (const user of [outsider, guest, keeper])
      expect(await traces(user, companyId, name), user.email).toEqual(HIDDEN);

    // The total counts the companies the caller sees: the outsider's is one less now.
    expect(await totalOf(outsider)).toBe(outsiderTotal - 1);
    expect(await totalOf(listed)).toBe(outsiderTotal + listedExtra);

    // Exports, the activity (audit) and the practice view for the one company: 404.
    for (const path of [
      `${base}/cap-table/export?format=xlsx`,
      `${base}/share-events/export`,
      `${base}/grants/export`,
      `${base}/grants/${grantId}/schedule/export`,
      `${base}/ocf`,
      `${base}/activity`,
      `/upcoming?companyId=${companyId}`,
    ]) {
      const hidden = await t.request(`/api/v1${path}`, { cookie: keeper.cookie });
      expect(hidden.status, path).toBe(404);
    }
    expect((await call(inTeam, `/upcoming?companyId=${companyId}`)).status).toBe(200);

    // Removed from the team: hidden again; the other team does not help.
    await t.db
      .delete(teamMember)
      .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, inTeam.userId)));
    expect(await traces(inTeam, companyId, name)).toEqual(HIDDEN);
    await restrict(companyId, { userIds: [listed.userId], teamIds: [otherTeamId] });
    expect(await traces(outsider, companyId, name)).toEqual(SEEN);
    expect(await traces(inTeam, companyId, name)).toEqual(HIDDEN);

    // Back to everyone: everybody sees it again.
    await call(owner, `/company/${companyId}/access`, 'PUT', { access: 'everyone' });
    for (const user of [inTeam, guest, keeper])
      expect(await traces(user, companyId, name), user.email).toEqual(SEEN);
    await t.db.insert(teamMember).values({
      id: randomBytes(8).toString('hex'),
      teamId,
      userId: inTeam.userId,
      createdAt: systemNow(),
    });
  });

  it('the trash: a hidden company and its records are not listed, restored or purged', async () => {
    const walled = await clientWithDeadline('Trashed Walled B.V.');
    const open = await clientWithDeadline('Trashed Open B.V.');
    await restrict(walled.companyId, { userIds: [listed.userId] });
    // A stakeholder of the walled company and the open company go to the trash.
    const spare = await ok<{ id: string }>(t, owner.cookie, `${walled.base}/stakeholders`, 'POST', {
      name: 'Spare Walled',
      relationship: 'advisor',
    });
    await ok(t, owner.cookie, `${walled.base}/stakeholders/${spare.id}`, 'DELETE');
    await ok(t, owner.cookie, `/company/${open.companyId}`, 'DELETE');
    await ok(t, owner.cookie, `/company/${walled.companyId}`, 'DELETE');

    const ids = async (user: Caller) =>
      ((await call(user, '/trash')).body.items as { id: string }[]).map((i) => i.id);
    expect(await ids(owner)).toEqual(
      expect.arrayContaining([spare.id, walled.companyId, open.companyId]),
    );
    const keeperSees = await ids(keeper);
    expect(keeperSees).toContain(open.companyId);
    expect(keeperSees).not.toContain(walled.companyId);
    expect(keeperSees).not.toContain(spare.id);

    expect((await call(keeper, `/trash/stakeholder/${spare.id}/restore`, 'POST')).status).toBe(404);
    expect((await call(keeper, `/trash/company/${walled.companyId}/restore`, 'POST')).status).toBe(
      404,
    );
    expect((await call(keeper, `/trash/company/${walled.companyId}`, 'DELETE')).status).toBe(404);
    // The one that is not walled: restored by the same caller.
    expect((await call(keeper, `/trash/company/${open.companyId}/restore`, 'POST')).status).toBe(
      200,
    );
    // The owner restores the walled one; it comes back still restricted.
    expect((await call(owner, `/trash/company/${walled.companyId}/restore`, 'POST')).status).toBe(
      200,
    );
    expect((await call(keeper, `/company/${walled.companyId}`)).status).toBe(404);
    expect((await call(listed, `/company/${walled.companyId}`)).status).toBe(200);
  });

  it('personal API keys follow their user; workspace keys see every company', async () => {
    const { companyId } = await clientWithDeadline('Keys Walled B.V.');
    await restrict(companyId, { userIds: [listed.userId] });
    const keyOf = async (user: Caller, organization: boolean) => {
      const res = await t.request('/api/auth/api-key/create', {
        method: 'POST',
        cookie: user.cookie,
        body: organization
          ? {
              name: `ws-${randomBytes(3).toString('hex')}`,
              configId: 'organization',
              organizationId: owner.organizationId,
              permissions: { company: ['read'] },
            }
          : {
              name: `me-${randomBytes(3).toString('hex')}`,
              permissions: { company: ['read'] },
            },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { key: string }).key;
    };
    const get = async (key: string) =>
      (await t.request(`/api/v1/company/${companyId}`, { headers: { 'x-api-key': key } })).status;
    expect(await get(await keyOf(outsider, false))).toBe(404);
    expect(await get(await keyOf(listed, false))).toBe(200);
    expect(await get(await keyOf(owner, true))).toBe(200);
  });
});
