import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pinClock, today, now } from '../../src/server/clock';
import {
  auditEvent,
  company,
  grant,
  member,
  session,
  stakeholder,
} from '../../src/server/db/schema';
import { purgeExpired } from '../../src/server/modules/trash/service';
import { startTrashPurge } from '../../src/server/jobs/trash-purge';
import { createTestApp, silentLogger, type TestApp } from '../support/app';
import { equityBodies, equityFixture, GRANT_BODY, ok } from '../support/equity';

// The trash (issue 11 "Nothing lost by one click", decision 016).
let t: TestApp;
let owner: Awaited<ReturnType<TestApp['signUp']>>;
let colleague: Awaited<ReturnType<TestApp['signUp']>>;

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp({ name: 'Olivia Owner' });
  colleague = await t.signUp({ name: 'Mark Member' });
  await t.db.insert(member).values({
    id: randomBytes(8).toString('hex'),
    organizationId: owner.organizationId,
    userId: colleague.userId,
    role: 'member',
    createdAt: now(),
  });
  await t.db
    .update(session)
    .set({ activeOrganizationId: owner.organizationId })
    .where(eq(session.userId, colleague.userId));
});
afterAll(() => t.close());
// Tests that move the business clock put it back (`npm run test:clock` pins it for the run).
afterEach(() => pinClock(process.env.TEST_CLOCK ? new Date(process.env.TEST_CLOCK) : undefined));

const call = (path: string, method = 'GET', cookie = owner.cookie, body?: unknown) =>
  t.request(`/api/v1${path}`, { method, cookie, body });

/** Everything the API shows of a company, read through the API. */
async function companyReads(companyId: string) {
  const base = `/company/${companyId}`;
  const paths = [
    base,
    `${base}/stakeholders`,
    `${base}/share-classes`,
    `${base}/share-events`,
    `${base}/receipts`,
    `${base}/plans`,
    `${base}/grants`,
    `${base}/valuations`,
    `${base}/cap-table?asOf=2025-01-01`,
    `${base}/summary`,
    `${base}/valuation-metrics`,
  ];
  const out: Record<string, unknown> = {};
  for (const path of paths) out[path] = await ok(t, owner.cookie, path);
  return out;
}

async function trashList(cookie = owner.cookie) {
  const res = await call('/trash', 'GET', cookie);
  expect(res.status).toBe(200);
  return (await res.json()).items as {
    kind: string;
    id: string;
    name: string;
    companyName: string;
    deletedAt: string;
    purgeAt: string;
    deletedBy: { id: string | null; name: string | null };
  }[];
}

/** Every operation of the OpenAPI document under /company/{companyId}, as [method, path]. */
async function companyOperations() {
  const doc = await (await t.request('/api/v1/openapi.json')).json();
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, methods]) =>
      path.startsWith('/company/{companyId}')
        ? Object.keys(methods).map((m) => [m.toUpperCase(), path] as const)
        : [],
  );
}

describe('deleting a company moves it to the trash', () => {
  it('hides it from every read, lists what goes with it, and restores everything identical', async () => {
    const f = await equityFixture(t, owner.cookie, `Trash ${randomBytes(3).toString('hex')} B.V.`);
    const contents = await ok(t, owner.cookie, `/company/${f.companyId}/contents`);
    expect(contents).toEqual({
      stakeholders: 3,
      shareClasses: 2,
      registerEntries: 3,
      receipts: 1,
      plans: 2,
      grants: 2,
      valuations: 1,
    });
    // A grant vesting from today, so that the company shows in the practice view of what is due.
    await ok(t, owner.cookie, `/company/${f.companyId}/grants`, 'POST', {
      stakeholderId: f.founderId,
      planId: f.planId,
      quantity: 120,
      exercisePrice: '0.10',
      grantDate: today(),
      vestingStartDate: today(),
      terms: { type: 'time', periodLength: 1, periodUnit: 'months', occurrences: 12 },
    });
    const practice = async () => {
      const upcoming = await ok<{ items: { companyId: string }[] }>(
        t,
        owner.cookie,
        '/upcoming?days=365',
      );
      const alerts = await ok<{ items: { companyId: string }[] }>(
        t,
        owner.cookie,
        '/valuation-alerts',
      );
      return [...upcoming.items, ...alerts.items].map((i) => i.companyId);
    };
    expect(await practice()).toContain(f.companyId);
    const before = await companyReads(f.companyId);
    const name = (before[`/company/${f.companyId}`] as { companyName: string }).companyName;

    expect((await call(`/company/${f.companyId}`, 'DELETE')).status).toBe(204);

    // Gone from the lists, the search and the practice views…
    const list = await ok<{ items: { id: string }[]; total: number }>(
      t,
      owner.cookie,
      '/company?limit=100',
    );
    expect(list.items.map((c) => c.id)).not.toContain(f.companyId);
    const search = await ok<{ items: unknown[]; total: number }>(
      t,
      owner.cookie,
      `/company?q=${encodeURIComponent(name)}`,
    );
    expect(search).toMatchObject({ items: [], total: 0 });
    expect(await practice()).not.toContain(f.companyId);

    // …and every operation on it or under it answers 404, reads and writes alike.
    const bodies = equityBodies(f);
    for (const [method, path] of await companyOperations()) {
      const url = `/api/v1${path.replace(/\{(\w+)\}/g, (_, p: string) => f.params[p]!)}`;
      const body = bodies[`${method} ${path}`];
      const res = await t.request(url, {
        method,
        cookie: owner.cookie,
        ...(typeof body === 'string'
          ? { rawBody: body, headers: { 'content-type': 'application/pdf' } }
          : { body: body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}) }),
      });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }

    // The trash lists it, with who deleted it and when it will be purged.
    const [listed] = (await trashList()).filter((i) => i.id === f.companyId);
    expect(listed).toMatchObject({
      kind: 'company',
      name,
      companyName: name,
      deletedBy: { id: owner.userId, name: 'Olivia Owner' },
    });
    expect(Date.parse(listed!.purgeAt) - Date.parse(listed!.deletedAt)).toBe(30 * DAY);
    // A second delete finds nothing to delete.
    expect((await call(`/company/${f.companyId}`, 'DELETE')).status).toBe(404);

    const restored = await call(`/trash/company/${f.companyId}/restore`, 'POST');
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ kind: 'company', id: f.companyId, name });
    expect(await companyReads(f.companyId)).toEqual(before);
    expect((await trashList()).map((i) => i.id)).not.toContain(f.companyId);

    // Trash and restore are audited, in the company's activity.
    const activity = await ok<{ items: { action: string }[] }>(
      t,
      owner.cookie,
      `/company/${f.companyId}/activity`,
    );
    expect(activity.items.slice(0, 2).map((i) => i.action)).toEqual(['restore', 'trash']);
  });

  it('is for owners and admins only: a member can delete nothing and cannot list, restore or purge', async () => {
    const f = await equityFixture(t, owner.cookie, 'Members B.V.');
    expect((await call(`/company/${f.companyId}`, 'DELETE', colleague.cookie)).status).toBe(403);
    await ok(t, owner.cookie, `/company/${f.companyId}`, 'DELETE');
    expect((await call('/trash', 'GET', colleague.cookie)).status).toBe(403);
    expect(
      (await call(`/trash/company/${f.companyId}/restore`, 'POST', colleague.cookie)).status,
    ).toBe(403);
    expect((await call(`/trash/company/${f.companyId}`, 'DELETE', colleague.cookie)).status).toBe(
      403,
    );
    // Still in the trash.
    expect((await trashList()).map((i) => i.id)).toContain(f.companyId);
  });

  it('keeps each workspace to its own trash', async () => {
    const other = await t.signUp({ name: 'Other Firm' });
    const f = await equityFixture(t, owner.cookie, 'Private B.V.');
    await ok(t, owner.cookie, `/company/${f.companyId}`, 'DELETE');
    expect((await trashList(other.cookie)).map((i) => i.id)).not.toContain(f.companyId);
    expect((await call(`/trash/company/${f.companyId}/restore`, 'POST', other.cookie)).status).toBe(
      404,
    );
    expect((await call(`/trash/company/${f.companyId}`, 'DELETE', other.cookie)).status).toBe(404);
  });

  it('answers 404 to restoring or purging what is not in the trash', async () => {
    const live = await ok<{ id: string }>(t, owner.cookie, '/company', 'POST', {
      companyName: 'Alive B.V.',
    });
    expect((await call(`/trash/company/${live.id}/restore`, 'POST')).status).toBe(404);
    expect((await call(`/trash/company/${live.id}`, 'DELETE')).status).toBe(404);
    expect((await call('/trash/company/not-a-uuid/restore', 'POST')).status).toBe(404);
    expect((await call('/trash/nonsense/not-a-uuid/restore', 'POST')).status).toBe(400);
    expect((await call(`/company/${live.id}`)).status).toBe(200);
  });

  it('deletes permanently from the trash, with everything in the company, and audits it', async () => {
    const f = await equityFixture(t, owner.cookie, 'Gone For Good B.V.');
    await ok(t, owner.cookie, `/company/${f.companyId}`, 'DELETE');
    expect((await call(`/trash/company/${f.companyId}`, 'DELETE')).status).toBe(204);
    expect(await t.db.select().from(company).where(eq(company.id, f.companyId))).toEqual([]);
    expect((await trashList()).map((i) => i.id)).not.toContain(f.companyId);
    expect((await call(`/trash/company/${f.companyId}/restore`, 'POST')).status).toBe(404);
    const audit = await t.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, f.companyId), eq(auditEvent.action, 'purge')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: owner.userId, entityType: 'company' });
  });
});

describe('the purge job', () => {
  it('purges what was trashed more than 30 days ago, and not before', async () => {
    const start = now().getTime();
    pinClock(new Date(start));
    const f = await equityFixture(t, owner.cookie, 'Expiring B.V.');
    await ok(t, owner.cookie, `/company/${f.companyId}`, 'DELETE');

    pinClock(new Date(start + 29 * DAY));
    await purgeExpired(t.db);
    expect((await trashList()).map((i) => i.id)).toContain(f.companyId);

    pinClock(new Date(start + 30 * DAY + 60_000));
    // Two runs side by side (two server instances) purge each item once.
    const [a, b] = await Promise.all([purgeExpired(t.db), purgeExpired(t.db)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect((await trashList()).map((i) => i.id)).not.toContain(f.companyId);
    expect(await t.db.select().from(company).where(eq(company.id, f.companyId))).toEqual([]);
    const audit = await t.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, f.companyId), eq(auditEvent.action, 'purge')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: null, organizationId: owner.organizationId });
  });

  it('runs in the server: at start and then on its schedule, and stops cleanly', async () => {
    const start = now().getTime();
    pinClock(new Date(start));
    const first = await equityFixture(t, owner.cookie, 'Old Trash B.V.');
    await ok(t, owner.cookie, `/company/${first.companyId}`, 'DELETE');
    pinClock(new Date(start + 31 * DAY));
    const logged: string[] = [];
    const logger = { ...silentLogger, info: (m: string) => void logged.push(m) };
    const job = startTrashPurge({ db: t.db, logger, intervalMs: 50 });
    try {
      expect(await job.firstRun).toBeGreaterThanOrEqual(1);
      expect(logged.some((m) => m.startsWith('trash: purged'))).toBe(true);
      expect(await t.db.select().from(company).where(eq(company.id, first.companyId))).toEqual([]);

      // Deleted now, 31 days ago as the clock goes: the next scheduled run purges it.
      pinClock(new Date(start));
      const second = await equityFixture(t, owner.cookie, 'Later Trash B.V.');
      await ok(t, owner.cookie, `/company/${second.companyId}`, 'DELETE');
      pinClock(new Date(start + 31 * DAY));
      await expect
        .poll(async () => (await trashList()).map((i) => i.id), { timeout: 5000 })
        .not.toContain(second.companyId);
    } finally {
      await job.stop();
    }
    // Stopped: nothing runs any more.
    const third = await equityFixture(t, owner.cookie, 'Kept Trash B.V.');
    pinClock(new Date(start + 31 * DAY - 60_000));
    await ok(t, owner.cookie, `/company/${third.companyId}`, 'DELETE');
    pinClock(new Date(start + 62 * DAY));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await trashList()).map((i) => i.id)).toContain(third.companyId);
  });
});

describe('stakeholders, plans and grants go to the trash too', () => {
  async function setup(name: string) {
    const f = await equityFixture(t, owner.cookie, name);
    const base = `/company/${f.companyId}`;
    const employee = await ok<{ id: string }>(t, owner.cookie, `${base}/stakeholders`, 'POST', {
      name: 'Eva Employee',
      relationship: 'employee',
    });
    const grantBody = {
      stakeholderId: employee.id,
      planId: f.planId,
      quantity: 240,
      exercisePrice: '0.10',
      grantDate: '2024-01-15',
      vestingStartDate: '2024-01-15',
      terms: { type: 'time', periodLength: 1, periodUnit: 'months', occurrences: 48 },
    };
    const g = await ok<{ id: string }>(t, owner.cookie, `${base}/grants`, 'POST', grantBody);
    return { f, base, employee, grantId: g.id, grantBody };
  }
  const ids = (list: { id: string }[] | { items: { id: string }[] }) =>
    ('items' in list ? list.items : list).map((i) => i.id);
  const grantIds = async (base: string) =>
    ids((await ok<{ items: { id: string }[] }>(t, owner.cookie, `${base}/grants`)).items);

  it('a stakeholder goes with their grants, and both come back', async () => {
    const { base, employee, grantId } = await setup('People B.V.');
    const capBefore = await ok(t, owner.cookie, `${base}/cap-table?asOf=2025-01-01`);
    const grantBefore = await ok(t, owner.cookie, `${base}/grants/${grantId}`);
    expect((await call(`${base}/stakeholders/${employee.id}`, 'DELETE')).status).toBe(204);

    expect(ids(await ok(t, owner.cookie, `${base}/stakeholders`))).not.toContain(employee.id);
    expect((await call(`${base}/stakeholders/${employee.id}`)).status).toBe(404);
    const patch = await call(`${base}/stakeholders/${employee.id}`, 'PATCH', owner.cookie, {
      city: 'Utrecht',
    });
    expect(patch.status).toBe(404);
    expect(await grantIds(base)).not.toContain(grantId);
    expect((await call(`${base}/grants/${grantId}`)).status).toBe(404);
    const summary = await ok<{ stakeholders: number }>(t, owner.cookie, `${base}/summary`);
    expect(summary.stakeholders).toBe(3);
    // A new grant to them is refused as to an unknown stakeholder.
    const refused = await call(`${base}/grants`, 'POST', owner.cookie, {
      ...GRANT_BODY(employee.id, (await planNamed(base, 'ESOP 2024')).id),
    });
    expect(refused.status).toBe(400);

    // The trash lists the stakeholder, not the grant that went with them.
    const trash = await trashList();
    expect(trash.find((i) => i.id === employee.id)).toMatchObject({
      kind: 'stakeholder',
      name: 'Eva Employee',
      companyName: 'People B.V.',
    });
    expect(ids(trash)).not.toContain(grantId);

    await ok(t, owner.cookie, `/trash/stakeholder/${employee.id}/restore`, 'POST');
    expect(await grantIds(base)).toContain(grantId);
    expect(await ok(t, owner.cookie, `${base}/grants/${grantId}`)).toEqual(grantBefore);
    expect(await ok(t, owner.cookie, `${base}/cap-table?asOf=2025-01-01`)).toEqual(capBefore);
  });

  it('a stakeholder on the register cannot go to the trash', async () => {
    const { f, base } = await setup('Register B.V.');
    const res = await call(`${base}/stakeholders/${f.founderId}`, 'DELETE');
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toMatch(/register event/);
  });

  it('a plan goes with its grants; its name is free meanwhile, and a clash blocks the restore', async () => {
    const { f, base, grantId } = await setup('Plans B.V.');
    expect((await call(`${base}/plans/${f.planId}`, 'DELETE')).status).toBe(204);
    expect(ids(await ok(t, owner.cookie, `${base}/plans`))).not.toContain(f.planId);
    expect((await call(`${base}/plans/${f.planId}`)).status).toBe(404);
    expect((await call(`${base}/plans/${f.planId}/pool-adjustments`)).status).toBe(404);
    expect(await grantIds(base)).not.toContain(grantId);

    const again = await ok<{ id: string }>(t, owner.cookie, `${base}/plans`, 'POST', {
      name: 'ESOP 2024',
      planType: 'phantom_shares',
      poolSize: 10,
    });
    const clash = await call(`/trash/plan/${f.planId}/restore`, 'POST');
    expect(clash.status).toBe(409);
    expect((await clash.json()).error.message).toMatch(
      /another plan of Plans B\.V\. has that name/,
    );
    await ok(t, owner.cookie, `${base}/plans/${again.id}`, 'PATCH', { name: 'ESOP 2024 bis' });
    await ok(t, owner.cookie, `/trash/plan/${f.planId}/restore`, 'POST');
    expect(await grantIds(base)).toContain(grantId);
    const plan = await ok<{ poolGranted: number }>(t, owner.cookie, `${base}/plans/${f.planId}`);
    expect(plan.poolGranted).toBe(240);
  });

  it('a grant goes alone; one with exercises cannot', async () => {
    const { base, grantId } = await setup('Grants B.V.');
    expect((await call(`${base}/grants/${grantId}`, 'DELETE')).status).toBe(204);
    expect(await grantIds(base)).not.toContain(grantId);
    const patch = await call(`${base}/grants/${grantId}`, 'PATCH', owner.cookie, { notes: 'x' });
    expect(patch.status).toBe(404);
    expect((await trashList()).find((i) => i.id === grantId)).toMatchObject({
      kind: 'grant',
      name: '240 to Eva Employee (ESOP 2024)',
    });
    await ok(t, owner.cookie, `/trash/grant/${grantId}/restore`, 'POST');
    expect(await grantIds(base)).toContain(grantId);

    await ok(t, owner.cookie, `${base}/grants/${grantId}/exercises`, 'POST', {
      date: '2025-06-01',
      quantity: 10,
    });
    const refused = await call(`${base}/grants/${grantId}`, 'DELETE');
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toMatch(/exercise/);
  });

  it('refuses to restore an item while its company, stakeholder or plan is in the trash', async () => {
    const { f, base, employee, grantId } = await setup('Parents B.V.');
    await ok(t, owner.cookie, `${base}/grants/${grantId}`, 'DELETE');
    await ok(t, owner.cookie, `${base}/stakeholders/${employee.id}`, 'DELETE');
    let res = await call(`/trash/grant/${grantId}/restore`, 'POST');
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(
      'The grant to Eva Employee cannot be restored while stakeholder Eva Employee is in the trash: restore stakeholder Eva Employee first',
    );

    await ok(t, owner.cookie, `/company/${f.companyId}`, 'DELETE');
    res = await call(`/trash/stakeholder/${employee.id}/restore`, 'POST');
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(
      'Stakeholder Eva Employee cannot be restored while company Parents B.V. is in the trash: restore company Parents B.V. first',
    );
    // Still in the trash, all three.
    expect(ids(await trashList())).toEqual(
      expect.arrayContaining([f.companyId, employee.id, grantId]),
    );
    await ok(t, owner.cookie, `/trash/company/${f.companyId}/restore`, 'POST');
    await ok(t, owner.cookie, `/trash/stakeholder/${employee.id}/restore`, 'POST');
    await ok(t, owner.cookie, `/trash/grant/${grantId}/restore`, 'POST');
    expect(await grantIds(base)).toContain(grantId);
  });

  it('a grant that went with its stakeholder waits for its plan if that went to the trash too', async () => {
    const { f, base, employee, grantId } = await setup('Both B.V.');
    await ok(t, owner.cookie, `${base}/stakeholders/${employee.id}`, 'DELETE');
    await ok(t, owner.cookie, `${base}/plans/${f.planId}`, 'DELETE');
    await ok(t, owner.cookie, `/trash/stakeholder/${employee.id}/restore`, 'POST');
    expect(await grantIds(base)).not.toContain(grantId);
    await ok(t, owner.cookie, `/trash/plan/${f.planId}/restore`, 'POST');
    expect(await grantIds(base)).toContain(grantId);
  });

  it('deleting a stakeholder permanently takes their grants', async () => {
    const { base, employee, grantId } = await setup('Purged People B.V.');
    await ok(t, owner.cookie, `${base}/stakeholders/${employee.id}`, 'DELETE');
    expect((await call(`/trash/stakeholder/${employee.id}`, 'DELETE')).status).toBe(204);
    expect(await t.db.select().from(grant).where(eq(grant.id, grantId))).toEqual([]);
    expect(await t.db.select().from(stakeholder).where(eq(stakeholder.id, employee.id))).toEqual(
      [],
    );
  });

  it('a member may not move a stakeholder, plan or grant to the trash', async () => {
    const { f, base, employee, grantId } = await setup('Guarded B.V.');
    for (const path of [
      `${base}/stakeholders/${employee.id}`,
      `${base}/plans/${f.planId}`,
      `${base}/grants/${grantId}`,
    ])
      expect((await call(path, 'DELETE', colleague.cookie)).status).toBe(403);
  });

  async function planNamed(base: string, name: string) {
    const plans = await ok<{ items: { id: string; name: string }[] }>(
      t,
      owner.cookie,
      `${base}/plans`,
    );
    return plans.items.find((p) => p.name === name)!;
  }
});
