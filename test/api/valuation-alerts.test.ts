import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { validUntil } from '../../src/domain/valuation';
import { addDays, daysBetween } from '../../src/domain/vesting/dates';
import { member, organizationRole, session } from '../../src/server/db/schema';
import { ROUTE_PERMISSIONS } from '../../src/server/http/permissions';
import { today as firmToday, systemNow } from '../../src/server/clock';
import { createTestApp, type TestApp } from '../support/app';
import { ok } from '../support/equity';

// Issue 6, practice view: GET /api/v1/valuation-alerts lists the workspace's client companies
// whose valuation is expired, stale or expiring within 60 days, and those with grants but no
// valuation in force, most urgent first.
let t: TestApp;
let ann: Awaited<ReturnType<TestApp['signUp']>>;
let bob: Awaited<ReturnType<TestApp['signUp']>>;

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp({ name: 'Ann Advocaat' });
  bob = await t.signUp({ name: 'Bob Jurist' });
});
afterAll(() => t.close());

const today = firmToday();
const daysAgo = (n: number) => addDays(today, -n);

type User = { cookie: string };

async function alerts(user: User = ann) {
  const res = await t.request('/api/v1/valuation-alerts', { cookie: user.cookie });
  return { status: res.status, body: await res.json() };
}

async function newCompany(companyName: string, user: User = ann) {
  return (await ok<{ id: string }>(t, user.cookie, '/company', 'POST', { companyName })).id;
}

async function value(
  companyId: string,
  effectiveDate: string,
  extra: Record<string, unknown> = {},
  user: User = ann,
) {
  return (
    await ok<{ id: string }>(t, user.cookie, `/company/${companyId}/valuations`, 'POST', {
      effectiveDate,
      purpose: 'tax_fmv',
      method: 'opm',
      enterpriseValue: '1000000',
      fullyDilutedShares: 100_000,
      ...extra,
    })
  ).id;
}

/** A cash-settled plan and one grant (no share register needed). */
async function grant(companyId: string, extra: Record<string, unknown> = {}, user: User = ann) {
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
  await ok(t, user.cookie, `${base}/grants`, 'POST', {
    stakeholderId: person.id,
    planId: plan.id,
    quantity: 1000,
    exercisePrice: '1.00',
    grantDate: daysAgo(30),
    vestingStartDate: daysAgo(30),
    terms: { type: 'time', periodLength: 1, periodUnit: 'months', occurrences: 48 },
    ...extra,
  });
}

describe('valuation alerts', () => {
  const ids: Record<string, string> = {};
  const vals: Record<string, string> = {};

  beforeAll(async () => {
    // Expired: effective 400 and 500 days ago (the older one expired first).
    ids.expiredOld = await newCompany('Expired Old B.V.');
    vals.expiredOld = await value(ids.expiredOld, daysAgo(500));
    ids.expired = await newCompany('Expired B.V.');
    vals.expired = await value(ids.expired, daysAgo(400));
    // Stale: a material event five days ago, although the valuation is otherwise current.
    ids.stale = await newCompany('Stale B.V.');
    vals.stale = await value(ids.stale, daysAgo(100), { materialEventDate: daysAgo(5) });
    // Expiring: about 25 and 50 days left; exactly 60 days left is still expiring.
    ids.expiring50 = await newCompany('Expiring Fifty B.V.');
    vals.expiring50 = await value(ids.expiring50, daysAgo(315));
    ids.expiring25 = await newCompany('Expiring Twenty-five B.V.');
    vals.expiring25 = await value(ids.expiring25, daysAgo(340));
    // Missing: grants and no valuation; grants and only a valuation dated in the future.
    ids.missing = await newCompany('Missing B.V.');
    await grant(ids.missing);
    ids.missingUpcoming = await newCompany('Awaiting B.V.');
    await grant(ids.missingUpcoming);
    await value(ids.missingUpcoming, addDays(today, 10));
    // No alert: a current valuation (with an old expired one superseded by it), a company
    // without grants or valuations, one with only a draft grant, one with a material event
    // still ahead.
    ids.current = await newCompany('Current B.V.');
    await value(ids.current, daysAgo(600));
    await value(ids.current, daysAgo(10));
    await grant(ids.current);
    ids.empty = await newCompany('Empty B.V.');
    ids.draft = await newCompany('Draft B.V.');
    await grant(ids.draft, { status: 'draft' });
    ids.eventAhead = await newCompany('Event Ahead B.V.');
    await value(ids.eventAhead, daysAgo(20), { materialEventDate: addDays(today, 5) });
    // Another workspace's expired valuation and grant without valuation.
    await value(await newCompany('Bob Expired B.V.', bob), daysAgo(400), {}, bob);
    await grant(await newCompany('Bob Missing B.V.', bob), {}, bob);
  });

  it('lists each kind, most urgent first, then soonest', async () => {
    const res = await alerts();
    expect(res.status).toBe(200);
    expect(res.body.asOf).toBe(today);
    expect(
      res.body.items.map((i: { companyName: string; kind: string }) => [i.companyName, i.kind]),
    ).toEqual([
      ['Expired Old B.V.', 'expired'],
      ['Expired B.V.', 'expired'],
      ['Stale B.V.', 'stale'],
      ['Awaiting B.V.', 'missing'],
      ['Missing B.V.', 'missing'],
      ['Expiring Twenty-five B.V.', 'expiring'],
      ['Expiring Fifty B.V.', 'expiring'],
    ]);
  });

  it('gives the valuation in force, its dates and the days left', async () => {
    const { items } = (await alerts()).body as {
      items: { companyId: string; [k: string]: unknown }[];
    };
    const of = (id: string) => items.find((i) => i.companyId === id);
    const until = validUntil(daysAgo(400));
    expect(of(ids.expired!)).toEqual({
      companyId: ids.expired,
      companyName: 'Expired B.V.',
      kind: 'expired',
      valuationId: vals.expired,
      effectiveDate: daysAgo(400),
      validUntil: until,
      materialEventDate: null,
      daysLeft: daysBetween(today, until),
      taskId: null,
    });
    expect(of(ids.expired!)!.daysLeft).toBeLessThan(0);
    expect(of(ids.stale!)).toMatchObject({
      kind: 'stale',
      valuationId: vals.stale,
      effectiveDate: daysAgo(100),
      validUntil: validUntil(daysAgo(100)),
      materialEventDate: daysAgo(5),
      daysLeft: null,
    });
    const expiring = of(ids.expiring25!)!;
    expect(expiring).toMatchObject({
      kind: 'expiring',
      valuationId: vals.expiring25,
      validUntil: validUntil(daysAgo(340)),
      daysLeft: daysBetween(today, validUntil(daysAgo(340))),
    });
    expect(expiring.daysLeft).toBeGreaterThan(0);
    expect(expiring.daysLeft).toBeLessThanOrEqual(60);
    expect(of(ids.missing!)).toEqual({
      companyId: ids.missing,
      companyName: 'Missing B.V.',
      kind: 'missing',
      valuationId: null,
      effectiveDate: null,
      validUntil: null,
      materialEventDate: null,
      daysLeft: null,
      taskId: null,
    });
    for (const quiet of ['current', 'empty', 'draft', 'eventAhead'])
      expect(of(ids[quiet]!), quiet).toBeUndefined();
  });

  it('counts expiring from exactly 60 days left; 61 days left is current', async () => {
    // validUntil = today + 60 ⇔ the anniversary is today + 61: effective one year before that.
    const sixty = await newCompany('Sixty Days B.V.');
    const sixtyOne = await newCompany('Sixty-one Days B.V.');
    const effectiveFor = (left: number) => {
      // Walk back from a year ago until validUntil lands exactly `left` days ahead.
      let d = addDays(today, left - 366);
      while (daysBetween(today, validUntil(d)) < left) d = addDays(d, 1);
      return d;
    };
    await value(sixty, effectiveFor(60));
    await value(sixtyOne, effectiveFor(61));
    const { items } = (await alerts()).body as { items: { companyId: string; daysLeft: number }[] };
    expect(items.find((i) => i.companyId === sixty)).toMatchObject({ daysLeft: 60 });
    expect(items.find((i) => i.companyId === sixtyOne)).toBeUndefined();
  });

  it("never shows another workspace's companies", async () => {
    const own = (await alerts()).body.items.map((i: { companyName: string }) => i.companyName);
    expect(own.some((n: string) => n.startsWith('Bob '))).toBe(false);
    const theirs = (await alerts(bob)).body.items.map(
      (i: { companyName: string; kind: string }) => [i.companyName, i.kind],
    );
    expect(theirs).toEqual([
      ['Bob Expired B.V.', 'expired'],
      ['Bob Missing B.V.', 'missing'],
    ]);
  });

  it('answers with an empty list for a workspace without alerts', async () => {
    const carol = await t.signUp({ name: 'Carol Clean' });
    await newCompany('Quiet B.V.', carol);
    expect((await alerts(carol)).body).toEqual({ asOf: today, items: [] });
  });
});

describe('access', () => {
  it('is declared as valuation read', () => {
    expect(ROUTE_PERMISSIONS.filter((r) => r.path === '/valuation-alerts')).toEqual([
      {
        method: 'GET',
        path: '/valuation-alerts',
        resource: 'valuation',
        action: 'read',
        reads: ['company'],
        also: [],
      },
    ]);
  });

  it('403 for a custom role without valuation read; 401 without a session', async () => {
    const owner = await t.signUp({ name: 'Olivia Owner' });
    await t.db.insert(organizationRole).values({
      id: randomBytes(8).toString('hex'),
      organizationId: owner.organizationId,
      role: 'company-reader',
      permission: JSON.stringify({
        company: ['read'],
        grant: ['read'],
        stakeholder: ['read'],
        plan: ['read'],
      }),
    });
    const reader = await t.signUp({ name: 'Rita Reader' });
    await t.db.insert(member).values({
      id: randomBytes(8).toString('hex'),
      organizationId: owner.organizationId,
      userId: reader.userId,
      role: 'company-reader',
      createdAt: systemNow(),
    });
    await t.db
      .update(session)
      .set({ activeOrganizationId: owner.organizationId })
      .where(eq(session.userId, reader.userId));
    const res = await alerts(reader);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: { code: 'FORBIDDEN', message: 'You are not allowed to access resource: valuation' },
    });
    // The same role can read /upcoming (grants, holders, plans): only the valuations are refused.
    expect((await t.request('/api/v1/upcoming', { cookie: reader.cookie })).status).toBe(200);
    expect((await t.request('/api/v1/valuation-alerts')).status).toBe(401);
  });
});
