import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays } from '../../src/domain/vesting/dates';
import { pinClock, today as firmToday, systemNow } from '../../src/server/clock';
import {
  auditEvent,
  company,
  companyAccess,
  contact,
  member,
  session,
} from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { ok } from '../support/equity';

// Tasks (issue 15): CRUD and the fixed filters, every refusal naming its field, bulk actions all
// or nothing, tasks from the practice view's deadlines (once each), client access and roles.

let t: TestApp;
type User = Awaited<ReturnType<TestApp['signUp']>>;
let ann: User;
let carl: User; // a member of Ann's workspace
let gus: User; // a guest of Ann's workspace
let bob: User; // another workspace

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

async function join(user: User, organizationId: string, role: string) {
  await t.db.insert(member).values({
    id: randomBytes(8).toString('hex'),
    organizationId,
    userId: user.userId,
    role,
    createdAt: systemNow(),
  });
  await t.db
    .update(session)
    .set({ activeOrganizationId: organizationId })
    .where(eq(session.userId, user.userId));
}

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp({ name: 'Ann Advocaat' });
  carl = await t.signUp({ name: 'Carl Collega' });
  gus = await t.signUp({ name: 'Gus Gast' });
  bob = await t.signUp({ name: 'Bob Jurist' });
  await join(carl, ann.organizationId, 'member');
  await join(gus, ann.organizationId, 'guest');
});
afterAll(() => t.close());
// Tests that move the business clock put it back (`npm run test:clock` pins it for the run).
afterEach(() => pinClock(process.env.TEST_CLOCK ? new Date(process.env.TEST_CLOCK) : undefined));

async function call(
  path: string,
  method = 'GET',
  body?: unknown,
  user: { cookie: string } = ann,
  language = 'en',
) {
  const res = await t.request(`/api/v1${path}`, {
    method,
    body,
    cookie: user.cookie,
    headers: { 'accept-language': language },
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Loose };
}

async function newCompany(companyName: string, user: User = ann, extra: Loose = {}) {
  return (await ok<{ id: string }>(t, user.cookie, '/company', 'POST', { companyName, ...extra }))
    .id;
}

/** A phantom plan and a four-year grant with a one-year cliff whose cliff falls in 35 days. */
async function grantWithCliff(companyId: string, user: User = ann) {
  const base = `/company/${companyId}`;
  const person = await ok<{ id: string }>(t, user.cookie, `${base}/stakeholders`, 'POST', {
    name: 'Eve Employee',
    relationship: 'employee',
  });
  const plan = await ok<{ id: string }>(t, user.cookie, `${base}/plans`, 'POST', {
    name: 'Phantom Plan',
    planType: 'phantom_shares',
    shareClassId: null,
    poolSize: 10_000,
  });
  const start = addDays(firmToday(), -330);
  const g = await ok<{ id: string }>(t, user.cookie, `${base}/grants`, 'POST', {
    stakeholderId: person.id,
    planId: plan.id,
    quantity: 4800,
    exercisePrice: '1.00',
    grantDate: start,
    vestingStartDate: start,
    terms: {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 48,
      cliffPeriods: 12,
    },
  });
  const upcoming = await ok<{ items: Loose[] }>(
    t,
    user.cookie,
    `/upcoming?companyId=${companyId}&types=cliff`,
  );
  const cliff = upcoming.items.find((i) => i.grantId === g.id)!;
  expect(cliff).toBeDefined();
  return { grantId: g.id, cliffDate: cliff.date as string, stakeholderId: person.id };
}

describe('tasks: create, read, change, delete', () => {
  let companyId: string;
  let grantId: string;

  beforeAll(async () => {
    companyId = await newCompany('Taakmaat B.V.');
    ({ grantId } = await grantWithCliff(companyId));
  });

  it('creates a task with defaults and answers it with the names it links', async () => {
    const res = await call('/tasks', 'POST', {
      title: '  Send the grant letter  ',
      description: 'Before the board meeting',
      dueDate: '2099-03-01',
      dueTime: '09:30',
      assigneeId: carl.userId,
      companyId,
      grantId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Send the grant letter',
      description: 'Before the board meeting',
      dueDate: '2099-03-01',
      dueTime: '09:30',
      assigneeId: carl.userId,
      assigneeName: 'Carl Collega',
      priority: 'normal',
      status: 'open',
      companyId,
      companyName: 'Taakmaat B.V.',
      grantId,
      grantStakeholderName: 'Eve Employee',
      grantPlanName: 'Phantom Plan',
      overdue: false,
      completedAt: null,
      createdByName: 'Ann Advocaat',
      sourceKey: null,
    });
    const got = await call(`/tasks/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    // Audited with its company, so the company's activity lists it.
    const events = await t.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityType, 'task'), eq(auditEvent.entityId, res.body.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'create', companyId });
    const activity = await call(`/company/${companyId}/activity`);
    if (activity.status === 200)
      expect(JSON.stringify(activity.body)).toContain(res.body.id as string);
  });

  it('a task needs no company, due date or assignee', async () => {
    const res = await call('/tasks', 'POST', { title: 'Read the new tax ruling' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      companyId: null,
      dueDate: null,
      assigneeId: null,
      overdue: false,
    });
  });

  it('done records completedAt; reopening clears it; changes are audited', async () => {
    const created = await call('/tasks', 'POST', { title: 'Call the CFO', companyId });
    const id = created.body.id as string;
    const done = await call(`/tasks/${id}`, 'PATCH', { status: 'done' });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('done');
    expect(done.body.completedAt).toEqual(expect.any(String));
    const waiting = await call(`/tasks/${id}`, 'PATCH', { status: 'waiting', priority: 'high' });
    expect(waiting.body).toMatchObject({ status: 'waiting', priority: 'high', completedAt: null });
    const events = await t.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityType, 'task'), eq(auditEvent.entityId, id)));
    expect(events.map((e) => e.action).sort()).toEqual(['create', 'update', 'update']);
    // Nothing changed: no audit row.
    await call(`/tasks/${id}`, 'PATCH', { priority: 'high' });
    const again = await t.db.select().from(auditEvent).where(eq(auditEvent.entityId, id));
    expect(again).toHaveLength(3);
  });

  it('moving a task to no company drops its grant', async () => {
    const created = await call('/tasks', 'POST', { title: 'Check the grant', companyId, grantId });
    const moved = await call(`/tasks/${created.body.id}`, 'PATCH', { companyId: null });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ companyId: null, grantId: null, companyName: null });
  });

  it('deletes a task (audited), then answers 404', async () => {
    const created = await call('/tasks', 'POST', { title: 'Throw away', companyId });
    const id = created.body.id as string;
    expect((await call(`/tasks/${id}`, 'DELETE')).status).toBe(204);
    expect((await call(`/tasks/${id}`)).status).toBe(404);
    expect((await call(`/tasks/${id}`, 'DELETE')).status).toBe(404);
    const events = await t.db.select().from(auditEvent).where(eq(auditEvent.entityId, id));
    expect(events.map((e) => e.action).sort()).toEqual(['create', 'delete']);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const otherCompany = await newCompany('Ander B.V.');
    const other = await grantWithCliff(otherCompany);
    const [someContact] = await t.db
      .insert(contact)
      .values({ organizationId: ann.organizationId, companyId: otherCompany, name: 'Olga Other' })
      .returning();
    const cases: [Loose, string][] = [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'T', description: 'x'.repeat(5001) }, 'description'],
      [{ title: 'T', dueDate: '2024-02-30' }, 'dueDate'],
      [{ title: 'T', dueDate: '2024-02-01', dueTime: '25:00' }, 'dueTime'],
      [{ title: 'T', dueTime: '09:00' }, 'dueTime'],
      [{ title: 'T', priority: 'urgent' }, 'priority'],
      [{ title: 'T', status: 'closed' }, 'status'],
      [{ title: 'T', companyId: 'nope' }, 'companyId'],
      [{ title: 'T', grantId }, 'grantId'],
      [{ title: 'T', valuationId: grantId }, 'valuationId'],
      [{ title: 'T', contactId: someContact!.id }, 'contactId'],
      [{ title: 'T', companyId, grantId: other.grantId }, 'grantId'],
      [{ title: 'T', companyId, valuationId: grantId }, 'valuationId'],
      [{ title: 'T', companyId, contactId: someContact!.id }, 'contactId'],
      [{ title: 'T', assigneeId: bob.userId }, 'assigneeId'],
      [{ title: 'T', assigneeId: 'no-such-user' }, 'assigneeId'],
      [{ title: 'T', sourceKey: 'cliff:x:y' }, 'sourceKey'],
    ];
    for (const [body, field] of cases) {
      const res = await call('/tasks', 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.error.fields), JSON.stringify(body)).toContain(field);
    }
    const created = await call('/tasks', 'POST', { title: 'Patch me', companyId });
    const patch: [Loose, string][] = [
      [{ title: '' }, 'title'],
      [{ dueTime: '08:00' }, 'dueTime'],
      [{ grantId: other.grantId }, 'grantId'],
      [{ assigneeId: bob.userId }, 'assigneeId'],
      [{ status: 'closed' }, 'status'],
    ];
    for (const [body, field] of patch) {
      const res = await call(`/tasks/${created.body.id}`, 'PATCH', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.error.fields)).toContain(field);
    }
  });

  it('answers in Dutch', async () => {
    const res = await call('/tasks', 'POST', { title: 'T', dueTime: '09:00' }, ann, 'nl');
    expect(res.body.error.fields.dueTime).toBe('Een tijdstip vraagt om een vervaldatum');
  });

  it("another workspace's company, task and grant answer 404", async () => {
    const bobCompany = await newCompany('Bob B.V.', bob);
    expect((await call('/tasks', 'POST', { title: 'T', companyId: bobCompany })).status).toBe(404);
    expect((await call(`/tasks?companyId=${bobCompany}`)).status).toBe(404);
    const annTask = await call('/tasks', 'POST', { title: 'Ann only', companyId });
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await call(
        `/tasks/${annTask.body.id}`,
        method,
        method === 'PATCH' ? { title: 'x' } : undefined,
        bob,
      );
      expect(res.status, method).toBe(404);
    }
    expect((await call('/tasks/not-an-id')).status).toBe(404);
    const list = await call('/tasks', 'GET', undefined, bob);
    expect(list.body.items.map((i: Loose) => i.id)).not.toContain(annTask.body.id);
  });
});

describe('tasks: the list and its filters', () => {
  let listCompany: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    pinClock(new Date('2030-06-12T10:00:00Z'));
    listCompany = await newCompany('Lijst B.V.');
    const make = async (name: string, body: Loose) => {
      const res = await call('/tasks', 'POST', { title: name, companyId: listCompany, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids[name] = res.body.id;
    };
    await make('late-low', { dueDate: '2030-06-01', priority: 'low', assigneeId: ann.userId });
    await make('late-high', { dueDate: '2030-06-10', priority: 'high', assigneeId: carl.userId });
    await make('today-late', { dueDate: '2030-06-12', dueTime: '16:00', assigneeId: ann.userId });
    await make('today-early', { dueDate: '2030-06-12', dueTime: '08:00' });
    await make('week', { dueDate: '2030-06-18', priority: 'high', assigneeId: ann.userId });
    await make('later', { dueDate: '2030-07-30', assigneeId: carl.userId });
    await make('none-high', { priority: 'high', status: 'waiting' });
    await make('none-low', { priority: 'low' });
    await make('done-late', { dueDate: '2030-06-02', status: 'done', assigneeId: ann.userId });
  });

  const names = (items: Loose[]) =>
    items.map((i) => Object.keys(ids).find((k) => ids[k] === i.id)).filter(Boolean);
  async function list(query: string, user: User = ann) {
    pinClock(new Date('2030-06-12T10:00:00Z'));
    const res = await call(`/tasks?companyId=${listCompany}${query}`, 'GET', undefined, user);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return names(res.body.items);
  }

  it('orders overdue first, then due date and time, then priority; marks overdue', async () => {
    expect(await list('')).toEqual([
      'late-low',
      'late-high',
      'done-late',
      'today-early',
      'today-late',
      'week',
      'later',
      'none-high',
      'none-low',
    ]);
    const res = await call(`/tasks/${ids['late-low']}`);
    expect(res.body.overdue).toBe(true);
    expect((await call(`/tasks/${ids['done-late']}`)).body.overdue).toBe(false);
    expect((await call(`/tasks?companyId=${listCompany}`)).body.today).toBe('2030-06-12');
  });

  it('overdue follows the clock in the firm’s time zone', async () => {
    // 22:30 UTC on 10 March is 23:30 in Amsterdam, still the 10th; 23:30 UTC on 11 March is
    // 00:30 on the 12th there: a task due on the 11th is then overdue.
    const created = await call('/tasks', 'POST', { title: 'Midnight', dueDate: '2031-03-11' });
    pinClock(new Date('2031-03-10T22:30:00Z'));
    expect((await call(`/tasks/${created.body.id}`)).body.overdue).toBe(false);
    pinClock(new Date('2031-03-11T23:30:00Z'));
    expect((await call(`/tasks/${created.body.id}`)).body.overdue).toBe(true);
    await call(`/tasks/${created.body.id}`, 'DELETE');
  });

  it('filters by assignee', async () => {
    expect(await list('&assignee=me')).toEqual(['late-low', 'done-late', 'today-late', 'week']);
    expect(await list(`&assignee=${carl.userId}`)).toEqual(['late-high', 'later']);
    expect(await list('&assignee=unassigned')).toEqual(['today-early', 'none-high', 'none-low']);
    expect(await list('&assignee=me', carl)).toEqual(['late-high', 'later']);
  });

  it('filters by status', async () => {
    expect(await list('&status=waiting')).toEqual(['none-high']);
    expect(await list('&status=open,waiting&assignee=me')).toEqual([
      'late-low',
      'today-late',
      'week',
    ]);
    expect(await list('&status=done')).toEqual(['done-late']);
    const bad = await call('/tasks?status=open,closed');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)[0]).toMatch(/^status/);
  });

  it('filters by due', async () => {
    expect(await list('&due=overdue')).toEqual(['late-low', 'late-high']);
    expect(await list('&due=today')).toEqual(['today-early', 'today-late']);
    expect(await list('&due=week')).toEqual(['today-early', 'today-late', 'week']);
    expect(await list('&due=none')).toEqual(['none-high', 'none-low']);
    expect(await list('&due=2030-06-02..2030-06-12')).toEqual([
      'late-high',
      'done-late',
      'today-early',
      'today-late',
    ]);
    expect(await list('&due=2030-07-01..')).toEqual(['later']);
    expect(await list('&due=..2030-06-01')).toEqual(['late-low']);
    for (const due of ['soon', '2030-06-40..', '..', '2030-06-12..2030-06-01']) {
      const bad = await call(`/tasks?due=${encodeURIComponent(due)}`);
      expect(bad.status, due).toBe(400);
      expect(bad.body.error.fields).toHaveProperty('due');
    }
  });

  it('filters by company', async () => {
    const bad = await call('/tasks?companyId=x');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('companyId');
    const elsewhere = await newCompany('Elders B.V.');
    expect((await call(`/tasks?companyId=${elsewhere}`)).body.items).toEqual([]);
  });
});

describe('tasks: bulk actions', () => {
  it('completes, reopens and reassigns, all or nothing', async () => {
    const companyId = await newCompany('Bulk B.V.');
    const a = (await call('/tasks', 'POST', { title: 'Bulk A', companyId })).body.id as string;
    const b = (await call('/tasks', 'POST', { title: 'Bulk B' })).body.id as string;
    const done = await call('/tasks/bulk', 'POST', { ids: [a, b], action: 'complete' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.items.map((i: Loose) => [i.id, i.status])).toEqual([
      [a, 'done'],
      [b, 'done'],
    ]);
    expect(done.body.items[0].completedAt).toEqual(expect.any(String));
    const reopened = await call('/tasks/bulk', 'POST', { ids: [a], action: 'reopen' });
    expect(reopened.body.items[0]).toMatchObject({ status: 'open', completedAt: null });
    const moved = await call('/tasks/bulk', 'POST', {
      ids: [a, b],
      action: 'reassign',
      assigneeId: carl.userId,
    });
    expect(moved.body.items.map((i: Loose) => i.assigneeName)).toEqual([
      'Carl Collega',
      'Carl Collega',
    ]);
    const events = await t.db.select().from(auditEvent).where(eq(auditEvent.entityId, a));
    expect(events).toHaveLength(4);
    expect(events.find((e) => e.action === 'update')?.companyId).toBe(companyId);
    // An unknown id: 404 naming it, nothing changed.
    const unknown = '00000000-0000-4000-8000-000000000001';
    const refused = await call('/tasks/bulk', 'POST', { ids: [a, unknown], action: 'complete' });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toContain(unknown);
    expect((await call(`/tasks/${a}`)).body.status).toBe('open');
    // Another workspace's task is unknown too.
    const bobs = (await call('/tasks', 'POST', { title: 'Bob’s' }, bob)).body.id as string;
    const cross = await call('/tasks/bulk', 'POST', { ids: [a, bobs], action: 'complete' });
    expect(cross.status).toBe(404);
    expect((await call(`/tasks/${a}`)).body.status).toBe('open');
    // Unassign.
    const none = await call('/tasks/bulk', 'POST', {
      ids: [a],
      action: 'reassign',
      assigneeId: null,
    });
    expect(none.body.items[0].assigneeId).toBeNull();
  });

  it('refuses bad input with 400 naming the field', async () => {
    const a = (await call('/tasks', 'POST', { title: 'Bulk C' })).body.id as string;
    const cases: [Loose, string][] = [
      [{ action: 'complete' }, 'ids'],
      [{ ids: [], action: 'complete' }, 'ids'],
      [{ ids: ['x'], action: 'complete' }, 'ids.0'],
      [{ ids: [a, a], action: 'complete' }, 'ids'],
      [{ ids: [a], action: 'archive' }, 'action'],
      [{ ids: [a], action: 'reassign' }, 'assigneeId'],
      [{ ids: [a], action: 'complete', assigneeId: carl.userId }, 'assigneeId'],
      [{ ids: [a], action: 'reassign', assigneeId: bob.userId }, 'assigneeId'],
    ];
    for (const [body, field] of cases) {
      const res = await call('/tasks/bulk', 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.error.fields), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('tasks from deadlines', () => {
  it('a cliff becomes one task, shown on the practice view', async () => {
    const companyId = await newCompany('Cliff B.V.', ann, { responsibleUserId: carl.userId });
    const { grantId, cliffDate } = await grantWithCliff(companyId);
    const res = await call(
      '/tasks/from-deadline',
      'POST',
      { type: 'cliff', grantId, date: cliffDate },
      ann,
      'nl',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Cliff van Eve Employee (Phantom Plan) bij Cliff B.V.',
      dueDate: cliffDate,
      companyId,
      grantId,
      assigneeId: carl.userId,
      status: 'open',
      sourceKey: `cliff:${grantId}:${cliffDate}`,
    });
    const upcoming = await call(`/upcoming?companyId=${companyId}`);
    expect(upcoming.body.items.find((i: Loose) => i.type === 'cliff').taskId).toBe(res.body.id);
    const again = await call('/tasks/from-deadline', 'POST', {
      type: 'cliff',
      grantId,
      date: cliffDate,
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'CONFLICT', existingId: res.body.id });
    const all = await call(`/tasks?companyId=${companyId}`);
    expect(all.body.items).toHaveLength(1);
    // Without a responsible lawyer the caller is the assignee, titled in English by default.
    const own = await newCompany('Own B.V.');
    const second = await grantWithCliff(own);
    const mine = await call('/tasks/from-deadline', 'POST', {
      type: 'cliff',
      grantId: second.grantId,
      date: second.cliffDate,
    });
    expect(mine.body).toMatchObject({
      assigneeId: ann.userId,
      title: 'Cliff of Eve Employee (Phantom Plan) at Own B.V.',
    });
  });

  it('refuses a deadline that does not exist', async () => {
    const companyId = await newCompany('Geen Termijn B.V.');
    const { grantId, cliffDate } = await grantWithCliff(companyId);
    const wrongDate = await call('/tasks/from-deadline', 'POST', {
      type: 'cliff',
      grantId,
      date: addDays(cliffDate, 1),
    });
    expect(wrongDate.status).toBe(400);
    expect(wrongDate.body.error.fields).toHaveProperty('date');
    const wrongType = await call('/tasks/from-deadline', 'POST', {
      type: 'exercise_deadline',
      grantId,
      date: cliffDate,
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.fields).toHaveProperty('date');
    const past = await call('/tasks/from-deadline', 'POST', {
      type: 'cliff',
      grantId,
      date: '2001-01-01',
    });
    expect(past.status).toBe(400);
    const noGrant = await call('/tasks/from-deadline', 'POST', {
      type: 'cliff',
      grantId: '00000000-0000-4000-8000-000000000002',
      date: cliffDate,
    });
    expect(noGrant.status).toBe(404);
    const bobGrant = await grantWithCliff(await newCompany('Bob Cliff B.V.', bob), bob);
    const cross = await call('/tasks/from-deadline', 'POST', {
      type: 'cliff',
      grantId: bobGrant.grantId,
      date: bobGrant.cliffDate,
    });
    expect(cross.status).toBe(404);
    for (const [body, field] of [
      [{ type: 'someday', grantId, date: cliffDate }, 'type'],
      [{ type: 'cliff', date: cliffDate }, 'grantId'],
      [{ type: 'cliff', grantId, date: 'soon' }, 'date'],
      [{ type: 'valuation' }, 'companyId'],
      [{ type: 'cliff', grantId, date: cliffDate, extra: 1 }, 'extra'],
    ] as [Loose, string][]) {
      const res = await call('/tasks/from-deadline', 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.error.fields), JSON.stringify(body)).toContain(field);
    }
  });

  it('a valuation alert becomes one task, shown with the alert', async () => {
    const companyId = await newCompany('Waardering B.V.');
    const valuation = await ok<{ id: string }>(
      t,
      ann.cookie,
      `/company/${companyId}/valuations`,
      'POST',
      {
        effectiveDate: addDays(firmToday(), -340),
        purpose: 'tax_fmv',
        method: 'opm',
        enterpriseValue: '1000000',
        fullyDilutedShares: 100_000,
      },
    );
    const alerts = await call('/valuation-alerts');
    const alert = alerts.body.items.find((i: Loose) => i.companyId === companyId);
    expect(alert).toMatchObject({ kind: 'expiring', taskId: null });
    const res = await call('/tasks/from-deadline', 'POST', { type: 'valuation', companyId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      title: 'New valuation for Waardering B.V.: the valuation expires soon',
      dueDate: alert.validUntil,
      companyId,
      valuationId: valuation.id,
      sourceKey: `valuation:${companyId}:${alert.validUntil}`,
    });
    const after = await call('/valuation-alerts');
    expect(after.body.items.find((i: Loose) => i.companyId === companyId).taskId).toBe(res.body.id);
    const again = await call('/tasks/from-deadline', 'POST', { type: 'valuation', companyId });
    expect(again.status).toBe(409);
    expect(again.body.error.existingId).toBe(res.body.id);
    // A company whose valuation needs nothing: 400 naming companyId; another workspace's: 404.
    const calm = await newCompany('Rustig B.V.');
    const none = await call('/tasks/from-deadline', 'POST', { type: 'valuation', companyId: calm });
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toHaveProperty('companyId');
    const bobs = await newCompany('Bob Waardering B.V.', bob);
    expect(
      (await call('/tasks/from-deadline', 'POST', { type: 'valuation', companyId: bobs })).status,
    ).toBe(404);
  });

  it('a missing valuation is due today', async () => {
    const companyId = await newCompany('Zonder Waardering B.V.');
    await grantWithCliff(companyId);
    const res = await call('/tasks/from-deadline', 'POST', { type: 'valuation', companyId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      dueDate: firmToday(),
      priority: 'high',
      valuationId: null,
      sourceKey: `valuation:${companyId}:none`,
    });
  });
});

describe('tasks: roles and client access', () => {
  it('guests read tasks but may not write them', async () => {
    const created = await call('/tasks', 'POST', { title: 'Guests may look' });
    expect((await call(`/tasks/${created.body.id}`, 'GET', undefined, gus)).status).toBe(200);
    expect((await call('/tasks', 'GET', undefined, gus)).status).toBe(200);
    const writes: [string, string, unknown][] = [
      ['/tasks', 'POST', { title: 'No' }],
      [`/tasks/${created.body.id}`, 'PATCH', { title: 'No' }],
      [`/tasks/${created.body.id}`, 'DELETE', undefined],
      ['/tasks/bulk', 'POST', { ids: [created.body.id], action: 'complete' }],
      ['/tasks/from-deadline', 'POST', { type: 'valuation', companyId: created.body.id }],
    ];
    for (const [path, method, body] of writes)
      expect((await call(path, method, body, gus)).status, `${method} ${path}`).toBe(403);
  });

  it('tasks of a company hidden from a member are out of their reach', async () => {
    const walled = await newCompany('Ommuurd B.V.');
    const { grantId, cliffDate } = await grantWithCliff(walled);
    const task = await call('/tasks/from-deadline', 'POST', {
      type: 'cliff',
      grantId,
      date: cliffDate,
    });
    expect(task.status).toBe(201);
    await t.db.update(company).set({ access: 'restricted' }).where(eq(company.id, walled));
    await t.db
      .insert(companyAccess)
      .values({ organizationId: ann.organizationId, companyId: walled, userId: ann.userId });
    // Ann (the owner) still sees it; Carl (a member not on the list) does not, anywhere.
    expect((await call(`/tasks/${task.body.id}`)).status).toBe(200);
    expect((await call(`/tasks/${task.body.id}`, 'GET', undefined, carl)).status).toBe(404);
    const carlList = await call('/tasks', 'GET', undefined, carl);
    expect(carlList.body.items.map((i: Loose) => i.id)).not.toContain(task.body.id);
    expect((await call(`/tasks?companyId=${walled}`, 'GET', undefined, carl)).status).toBe(404);
    expect((await call(`/tasks/${task.body.id}`, 'PATCH', { title: 'x' }, carl)).status).toBe(404);
    expect(
      (await call('/tasks/bulk', 'POST', { ids: [task.body.id], action: 'complete' }, carl)).status,
    ).toBe(404);
    expect((await call('/tasks', 'POST', { title: 'x', companyId: walled }, carl)).status).toBe(
      404,
    );
    const upcoming = await call('/upcoming', 'GET', undefined, carl);
    expect(upcoming.body.items.map((i: Loose) => i.companyId)).not.toContain(walled);
    expect((await call(`/upcoming?companyId=${walled}`, 'GET', undefined, carl)).status).toBe(404);
    const alerts = await call('/valuation-alerts', 'GET', undefined, carl);
    expect(alerts.body.items.map((i: Loose) => i.companyId)).not.toContain(walled);
    // Carl may not be given a task of it either.
    const assign = await call(`/tasks/${task.body.id}`, 'PATCH', { assigneeId: carl.userId });
    expect(assign.status).toBe(400);
    expect(assign.body.error.fields).toHaveProperty('assigneeId');
    const bulk = await call('/tasks/bulk', 'POST', {
      ids: [task.body.id],
      action: 'reassign',
      assigneeId: carl.userId,
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.error.fields).toHaveProperty('assigneeId');
  });
});
