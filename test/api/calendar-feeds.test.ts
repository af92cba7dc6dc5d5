import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pinClock } from '../../src/server/clock';
import { auditEvent, calendarFeed, company, member, user } from '../../src/server/db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app';
import { addTask, companyWithCliff, joinWorkspace } from '../support/practice';

// Issue 15, calendar: a private ICS feed per user and workspace, at a URL with a long random
// token that needs no cookie; revocable; parsed back here with ical.js (an independent parser).

type User = Awaited<ReturnType<TestApp['signUp']>>;
let t: TestApp;
let ann: User;
let bob: User;
let guest: User;
let dave: User;
let alpha: { companyId: string; grantId: string };
let secret: { companyId: string; grantId: string };
const tasks: Record<string, string> = {};

beforeAll(async () => {
  // With the SPA mounted: its fallback must not answer the feed's URL.
  const staticDir = mkdtempSync(path.join(tmpdir(), 'esop-spa-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>SPA</title>');
  t = await createTestApp({ staticDir });
  // Wednesday 1 July 2026, 10:00 in Amsterdam (UTC+2); after the app, which sets the clock.
  pinClock(new Date('2026-07-01T08:00:00Z'));
  ann = await t.signUp({ name: 'Ann Advocaat' });
  bob = await joinWorkspace(
    t,
    await t.signUp({ name: 'Bob Jurist' }),
    ann.organizationId,
    'member',
  );
  guest = await joinWorkspace(
    t,
    await t.signUp({ name: 'Gus Guest' }),
    ann.organizationId,
    'guest',
  );
  dave = await t.signUp({ name: 'Dave Elsewhere' });
  await t.db.update(user).set({ locale: 'nl' }).where(eq(user.id, bob.userId));

  alpha = await companyWithCliff(t, ann, {
    name: 'Alpha B.V.',
    cliffDate: '2026-07-03',
    responsibleUserId: ann.userId,
  });
  secret = await companyWithCliff(t, ann, {
    name: 'Secret B.V.',
    cliffDate: '2026-07-02',
    responsibleUserId: bob.userId,
  });
  await t.db.update(company).set({ access: 'restricted' }).where(eq(company.id, secret.companyId));
  await companyWithCliff(t, ann, {
    name: 'Guest Watch B.V.',
    cliffDate: '2026-09-10',
    responsibleUserId: guest.userId,
  });

  const org = ann.organizationId;
  tasks.allDay = await addTask(t, {
    organizationId: org,
    assigneeId: ann.userId,
    title: 'File the annual accounts',
    dueDate: '2026-07-05',
    companyId: alpha.companyId,
  });
  tasks.timed = await addTask(t, {
    organizationId: org,
    assigneeId: ann.userId,
    title: 'Call the CFO',
    dueDate: '2026-07-03',
    dueTime: '14:00',
  });
  tasks.done = await addTask(t, {
    organizationId: org,
    assigneeId: ann.userId,
    title: 'Finished work',
    dueDate: '2026-07-02',
    status: 'done',
  });
  tasks.farAway = await addTask(t, {
    organizationId: org,
    assigneeId: ann.userId,
    title: 'Far in the future',
    dueDate: '2027-12-01',
  });
  tasks.bob = await addTask(t, {
    organizationId: org,
    assigneeId: bob.userId,
    title: 'Bel de notaris',
    dueDate: '2026-07-06',
  });
  tasks.secret = await addTask(t, {
    organizationId: org,
    assigneeId: bob.userId,
    title: 'Secret task',
    dueDate: '2026-07-06',
    companyId: secret.companyId,
  });
});
afterAll(async () => {
  pinClock(process.env.TEST_CLOCK ? new Date(process.env.TEST_CLOCK) : undefined);
  await t.close();
});

async function createFeed(u: { cookie: string }, body?: unknown) {
  const res = await t.request('/api/v1/calendar-feeds', { method: 'POST', body, cookie: u.cookie });
  return { status: res.status, body: (await res.json()) as { id: string; url: string } };
}

/** Fetches a feed as a calendar app does: no cookie, no Origin. */
async function fetchFeed(url: string) {
  return t.app.request(url);
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return { calendar, events, byUid: new Map(events.map((e) => [e.uid, e])) };
}

const host = new URL(TEST_ORIGIN).hostname;

describe('calendar feeds', () => {
  let feed: { id: string; url: string };

  it('creates a feed: 201 with its id and a URL outside the API', async () => {
    const created = await createFeed(ann);
    expect(created.status).toBe(201);
    feed = created.body;
    expect(feed.url.startsWith(`${TEST_ORIGIN}/calendar/`)).toBe(true);
    expect(feed.url.slice(`${TEST_ORIGIN}/calendar/`.length)).toMatch(/^[A-Za-z0-9_-]{43}\.ics$/);
    // Only the token's hash is stored.
    const [row] = await t.db.select().from(calendarFeed).where(eq(calendarFeed.id, feed.id));
    const token = feed.url.split('/').pop()!.replace('.ics', '');
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
    const audits = await t.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityType, 'calendar_feed'), eq(auditEvent.entityId, feed.id)));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('serves ICS without a cookie that ical.js parses, with the expected events', async () => {
    const res = await fetchFeed(feed.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const text = await res.text();
    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    const { calendar, byUid } = parse(text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(
      `ESOP CRM — ${(await workspaceName(ann.organizationId))!}`,
    );
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Amsterdam');
    expect([...byUid.keys()].sort()).toEqual(
      [
        `task-${tasks.allDay}@${host}`,
        `task-${tasks.timed}@${host}`,
        `cliff-${alpha.grantId}-2026-07-03@${host}`,
      ].sort(),
    );

    // A deadline: an all-day event on its date, with a link to the grant.
    const cliff = byUid.get(`cliff-${alpha.grantId}-2026-07-03@${host}`)!;
    expect(cliff.startDate.isDate).toBe(true);
    expect(cliff.startDate.toString()).toBe('2026-07-03');
    expect(cliff.endDate.toString()).toBe('2026-07-04');
    expect(cliff.summary).toBe('Cliff: Alpha B.V. — Eve Employee');
    expect(cliff.description).toContain(
      `${TEST_ORIGIN}/companies/${alpha.companyId}/grants/${alpha.grantId}`,
    );

    // A task without a time: all day.
    const allDay = byUid.get(`task-${tasks.allDay}@${host}`)!;
    expect(allDay.startDate.isDate).toBe(true);
    expect(allDay.startDate.toString()).toBe('2026-07-05');
    expect(allDay.summary).toBe('Task: File the annual accounts');
    expect(allDay.description).toContain('Alpha B.V.');

    // A task at 14:00 in Amsterdam: 12:00 UTC in summer, no VTIMEZONE needed.
    const timed = byUid.get(`task-${tasks.timed}@${host}`)!;
    expect(timed.startDate.isDate).toBe(false);
    expect(timed.startDate.zone.tzid).toBe('UTC');
    expect(timed.startDate.toJSDate().toISOString()).toBe('2026-07-03T12:00:00.000Z');
    expect(calendar.getAllSubcomponents('vtimezone')).toEqual([]);
  });

  it('keeps its UIDs from one fetch to the next, and records its last use', async () => {
    const first = parse(await (await fetchFeed(feed.url)).text());
    const second = parse(await (await fetchFeed(feed.url)).text());
    expect([...second.byUid.keys()].sort()).toEqual([...first.byUid.keys()].sort());
    const list = await t.request('/api/v1/calendar-feeds', { cookie: ann.cookie });
    expect(list.status).toBe(200);
    const items = (await list.json()).items as { id: string; lastUsedAt: string | null }[];
    expect(items.map((i) => i.id)).toEqual([feed.id]);
    expect(items[0]!.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(items)).not.toContain('.ics');
  });

  it('adds the routine installments when asked for', async () => {
    const withAll = await createFeed(ann, { includeInstallments: true });
    const { byUid } = parse(await (await fetchFeed(withAll.body.url)).text());
    expect(byUid.has(`installment-${alpha.grantId}-2026-08-03@${host}`)).toBe(true);
  });

  it('is written in its user’s language and leaves out companies they may not see', async () => {
    const bobs = await createFeed(bob);
    const { byUid, events } = parse(await (await fetchFeed(bobs.body.url)).text());
    expect(byUid.get(`task-${tasks.bob}@${host}`)!.summary).toBe('Taak: Bel de notaris');
    expect(events.map((e) => e.summary).join('\n')).not.toContain('Secret');
  });

  it('lets a guest have a feed of their own with the deadlines they may read', async () => {
    const created = await createFeed(guest);
    expect(created.status).toBe(201);
    const { events } = parse(await (await fetchFeed(created.body.url)).text());
    expect(events.map((e) => e.summary)).toEqual(['Cliff: Guest Watch B.V. — Eve Employee']);
  });

  it('refuses a malformed body naming the field', async () => {
    const res = await t.request('/api/v1/calendar-feeds', {
      method: 'POST',
      body: { includeInstallments: 'yes' },
      cookie: ann.cookie,
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).error.fields)).toEqual(['includeInstallments']);
  });

  it('answers 404 for another user’s feed, another workspace’s, and an unknown id', async () => {
    for (const [who, id] of [
      [bob, feed.id],
      [dave, feed.id],
      [ann, '00000000-0000-0000-0000-000000000000'],
      [ann, 'not-an-id'],
    ] as const) {
      const res = await t.request(`/api/v1/calendar-feeds/${id}`, {
        method: 'DELETE',
        cookie: who.cookie,
      });
      expect(res.status).toBe(404);
    }
    const daves = await t.request('/api/v1/calendar-feeds', { cookie: dave.cookie });
    expect((await daves.json()).items).toEqual([]);
    expect((await fetchFeed(feed.url)).status).toBe(200);
  });

  it('revokes a feed: its URL answers 404 from then on', async () => {
    const res = await t.request(`/api/v1/calendar-feeds/${feed.id}`, {
      method: 'DELETE',
      cookie: ann.cookie,
    });
    expect(res.status).toBe(204);
    const gone = await fetchFeed(feed.url);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toMatch(/json/);
    const again = await t.request(`/api/v1/calendar-feeds/${feed.id}`, {
      method: 'DELETE',
      cookie: ann.cookie,
    });
    expect(again.status).toBe(404);
  });

  it('answers 404 for an unknown token and for a user no longer in the workspace', async () => {
    expect((await fetchFeed(`${TEST_ORIGIN}/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await fetchFeed(`${TEST_ORIGIN}/calendar/short.ics`)).status).toBe(404);
    const bobs = await createFeed(bob);
    expect((await fetchFeed(bobs.body.url)).status).toBe(200);
    await t.db
      .delete(member)
      .where(and(eq(member.userId, bob.userId), eq(member.organizationId, ann.organizationId)));
    expect((await fetchFeed(bobs.body.url)).status).toBe(404);
  });

  it('needs a signed-in caller to manage feeds', async () => {
    expect((await t.request('/api/v1/calendar-feeds')).status).toBe(401);
  });
});

async function workspaceName(organizationId: string) {
  const { organization } = await import('../../src/server/db/schema');
  const [row] = await t.db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, organizationId));
  return row?.name;
}
