import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today as firmToday, now } from '../../src/server/clock';
import { auditEvent, grant as grantTable } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { ok } from '../support/equity';

let t: TestApp;
let ann: Awaited<ReturnType<TestApp['signUp']>>;

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp({ name: 'Ann Advocaat' });
});
afterAll(() => t.close());

const FOUR_YEARS_CLIFF = {
  type: 'time',
  periodLength: 1,
  periodUnit: 'months',
  occurrences: 48,
  cliffPeriods: 12,
};

async function call(path: string, method = 'GET', body?: unknown) {
  const res = await t.request(`/api/v1${path}`, { method, body, cookie: ann.cookie });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A company with an employee, a STAK, a common class and plans. */
async function setup(
  options: {
    country?: string;
    planType?: string;
    poolSize?: number;
    plan?: Record<string, unknown>;
  } = {},
) {
  const company = await ok<{ id: string }>(t, ann.cookie, '/company', 'POST', {
    companyName: 'Grant B.V.',
    country: options.country ?? 'NL',
  });
  const base = `/company/${company.id}`;
  const person = async (name: string, relationship: string) =>
    (
      await ok<{ id: string }>(t, ann.cookie, `${base}/stakeholders`, 'POST', {
        name,
        relationship,
      })
    ).id;
  const eve = await person('Eve Employee', 'employee');
  const stak = await person('STAK Grant', 'stak');
  const common = (
    await ok<{ id: string }>(t, ann.cookie, `${base}/share-classes`, 'POST', {
      name: 'Common',
      nominalValue: '0.01',
    })
  ).id;
  const planType = options.planType ?? 'stock_options';
  const plan = await ok<{ id: string }>(t, ann.cookie, `${base}/plans`, 'POST', {
    name: 'ESOP',
    planType,
    shareClassId: ['phantom_shares', 'sar', 'virtual_shares'].includes(planType) ? null : common,
    stakStakeholderId: planType === 'receipt_options' ? stak : null,
    poolSize: options.poolSize ?? 20000,
    boardApprovalDate: '2024-01-01',
    exerciseWindowMonths: 3,
    ...options.plan,
  });
  return { companyId: company.id, base, eve, stak, common, planId: plan.id };
}

const grantBody = (s: Awaited<ReturnType<typeof setup>>, extra: Record<string, unknown> = {}) => ({
  stakeholderId: s.eve,
  planId: s.planId,
  quantity: 10000,
  exercisePrice: '0.10',
  grantDate: '2024-01-15',
  vestingStartDate: '2024-01-15',
  terms: FOUR_YEARS_CLIFF,
  ...extra,
});

describe('grants', () => {
  it('saves the worked example and serves its schedule', async () => {
    const s = await setup();
    const res = await call(`${s.base}/grants`, 'POST', grantBody(s));
    expect(res.status).toBe(201);
    expect(res.body.installments[0]).toMatchObject({
      date: '2025-01-15',
      quantity: 2500,
      source: 'cliff',
    });
    expect(res.body.installments.at(-1)).toMatchObject({ date: '2028-01-15', cumulative: 10000 });
    expect(res.body).toMatchObject({
      currency: 'EUR',
      stakeholderName: 'Eve Employee',
      planName: 'ESOP',
      exercisePrice: '0.1',
    });
    const list = await ok<{ items: { schedule: { vested: number; exercisable: number } }[] }>(
      t,
      ann.cookie,
      `${s.base}/grants`,
    );
    expect(list.items).toHaveLength(1);
    const plan = await ok<{ poolGranted: number; poolAvailable: number }>(
      t,
      ann.cookie,
      `${s.base}/plans/${s.planId}`,
    );
    expect(plan).toMatchObject({ poolGranted: 10000, poolAvailable: 10000 });
  });

  it('refuses granting beyond the pool (409 POOL_EXHAUSTED with the available number)', async () => {
    const s = await setup({ poolSize: 12000 });
    await ok(t, ann.cookie, `${s.base}/grants`, 'POST', grantBody(s));
    const res = await call(`${s.base}/grants`, 'POST', grantBody(s, { quantity: 2001 }));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('POOL_EXHAUSTED');
    expect(res.body.error.message).toContain('(available: 2,000)');
    expect((await ok<{ items: unknown[] }>(t, ann.cookie, `${s.base}/grants`)).items).toHaveLength(
      1,
    );
    // Nor can the pool be reduced below what is granted.
    const shrink = await call(`${s.base}/plans/${s.planId}`, 'PATCH', { poolSize: 9000 });
    expect(shrink.status).toBe(409);
    expect(shrink.body.error.code).toBe('POOL_EXHAUSTED');
  });

  it.each([
    [{ expiryDate: '2024-01-01' }, 'expiryDate'],
    [{ vestingStartDate: '2022-12-31' }, 'vestingStartDate'],
    [{ exercisePrice: null }, 'exercisePrice'],
    [{ offerDate: '2024-02-01' }, 'offerDate'],
    [{ taxAtExercise: true }, 'taxElectionDate'],
    [{ terms: { ...FOUR_YEARS_CLIFF, cliffPeriods: 60 } }, 'terms.cliffPeriods'],
    [{ quantity: 0 }, 'quantity'],
  ])('refuses %o naming %s', async (patch, field) => {
    const s = await setup();
    const res = await call(`${s.base}/grants`, 'POST', grantBody(s, patch));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
  });

  it('restricted shares and RSUs take no exercise price', async () => {
    const s = await setup({ planType: 'rsu' });
    const res = await call(`${s.base}/grants`, 'POST', grantBody(s));
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty('exercisePrice');
    expect(
      (await call(`${s.base}/grants`, 'POST', grantBody(s, { exercisePrice: null }))).status,
    ).toBe(201);
  });

  it('Belgian offers must be accepted within 60 days', async () => {
    const s = await setup({ country: 'BE' });
    const late = await call(
      `${s.base}/grants`,
      'POST',
      grantBody(s, { offerDate: '2024-01-02', acceptanceDate: '2024-03-03' }),
    );
    expect(late.status).toBe(400);
    expect(late.body.error.fields.acceptanceDate).toContain('by 2 March 2024');
    const inTime = await call(
      `${s.base}/grants`,
      'POST',
      grantBody(s, { offerDate: '2024-01-02', acceptanceDate: '2024-03-02' }),
    );
    expect(inTime.status).toBe(201);
    expect(inTime.body.acceptanceDeadline).toBe('2024-03-02');
  });
});

describe('leavers, exercises and cancellation', () => {
  it('a good leaver keeps vested options until the deadline; exercising issues shares; the cap table follows', async () => {
    const s = await setup();
    const created = await ok<{ id: string }>(
      t,
      ann.cookie,
      `${s.base}/grants`,
      'POST',
      grantBody(s),
    );
    const g = `${s.base}/grants/${created.id}`;
    const left = await ok<{ schedule: Record<string, unknown>; status: string }>(
      t,
      ann.cookie,
      `${g}/termination`,
      'POST',
      { date: '2025-03-20', leaverType: 'good', reason: 'Resigned' },
    );
    // Vested: 2,500 + 208 + 209 = 2,917; the rest is forfeited; 3 months to exercise.
    expect(left.schedule).toMatchObject({
      vested: 2917,
      forfeited: 7083,
      unvested: 0,
      exerciseDeadline: '2025-06-20',
    });
    const again = await call(`${g}/termination`, 'POST', { date: '2025-04-01', leaverType: 'bad' });
    expect(again.status).toBe(409);
    const tooMany = await call(`${g}/exercises`, 'POST', { date: '2025-04-01', quantity: 2918 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error.fields.quantity).toBe('At most 2,917 exercisable on 1 April 2025');
    const exercised = await ok<{
      schedule: Record<string, unknown>;
      status: string;
      exercises: { shareEventId: string }[];
    }>(t, ann.cookie, `${g}/exercises`, 'POST', { date: '2025-04-01', quantity: 1000 });
    expect(exercised.schedule).toMatchObject({ exercised: 1000 });
    expect(exercised.status).toBe('partly_exercised');
    expect(exercised.exercises[0]!.shareEventId).toBeTruthy();
    const table = await ok<{
      rows: {
        name: string;
        shares: Record<string, number>;
        awardsVested: number;
        awardsUnvested: number;
      }[];
      pools: { available: number }[];
    }>(t, ann.cookie, `${s.base}/cap-table?asOf=2025-05-01`);
    expect(table.rows.find((r) => r.name === 'Eve Employee')).toMatchObject({
      shares: { [s.common]: 1000 },
      awardsVested: 1917,
      awardsUnvested: 0,
    });
    // Forfeited options returned to the pool: 20,000 − 10,000 + 7,083.
    expect(table.pools[0]!.available).toBe(17083);
    const afterDeadline = await call(`${g}/exercises`, 'POST', { date: '2025-06-21', quantity: 1 });
    expect(afterDeadline.status).toBe(409);
    expect((await call(g, 'DELETE')).status).toBe(409);
  });

  it('a bad leaver forfeits vested options too', async () => {
    const s = await setup();
    const created = await ok<{ id: string }>(
      t,
      ann.cookie,
      `${s.base}/grants`,
      'POST',
      grantBody(s),
    );
    const left = await ok<{ schedule: Record<string, unknown>; status: string }>(
      t,
      ann.cookie,
      `/company/${s.companyId}/grants/${created.id}/termination`,
      'POST',
      { date: '2025-03-20', leaverType: 'bad' },
    );
    expect(left.schedule).toMatchObject({ vested: 0, forfeited: 10000, exercisable: 0 });
    expect(left.status).toBe('forfeited');
  });

  it('options on receipts: exercising issues shares to the STAK and receipts to the holder', async () => {
    const s = await setup({ planType: 'receipt_options' });
    const created = await ok<{ id: string }>(
      t,
      ann.cookie,
      `${s.base}/grants`,
      'POST',
      grantBody(s),
    );
    const exercised = await ok<{ exercises: { receiptId: string }[] }>(
      t,
      ann.cookie,
      `${s.base}/grants/${created.id}/exercises`,
      'POST',
      { date: '2025-02-01', quantity: 500 },
    );
    expect(exercised.exercises[0]!.receiptId).toBeTruthy();
    const receipts = await ok<{ items: { holderStakeholderId: string; receiptCount: number }[] }>(
      t,
      ann.cookie,
      `${s.base}/receipts`,
    );
    expect(receipts.items).toEqual([
      expect.objectContaining({ holderStakeholderId: s.eve, receiptCount: 500 }),
    ]);
    const table = await ok<{ rows: { name: string; fullyDiluted: number }[] }>(
      t,
      ann.cookie,
      `${s.base}/cap-table?asOf=2025-02-01`,
    );
    expect(table.rows.find((r) => r.name === 'STAK Grant')!.fullyDiluted).toBe(500);
  });

  it('cash-settled plans record the settlement without shares', async () => {
    const s = await setup({ planType: 'phantom_shares' });
    const created = await ok<{ id: string }>(
      t,
      ann.cookie,
      `${s.base}/grants`,
      'POST',
      grantBody(s),
    );
    const exercised = await ok<{ exercises: { shareEventId: string | null }[] }>(
      t,
      ann.cookie,
      `${s.base}/grants/${created.id}/exercises`,
      'POST',
      { date: '2025-02-01', quantity: 500 },
    );
    expect(exercised.exercises[0]!.shareEventId).toBeNull();
    expect(
      (await ok<{ items: unknown[] }>(t, ann.cookie, `${s.base}/share-events`)).items,
    ).toHaveLength(0);
  });

  it('a cancellation ends the grant and returns the rest to the pool', async () => {
    const s = await setup();
    const created = await ok<{ id: string }>(
      t,
      ann.cookie,
      `${s.base}/grants`,
      'POST',
      grantBody(s),
    );
    const cancelled = await ok<{ status: string; schedule: Record<string, unknown> }>(
      t,
      ann.cookie,
      `${s.base}/grants/${created.id}/cancellation`,
      'POST',
      { date: '2024-06-01', reason: 'Offer withdrawn' },
    );
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.schedule).toMatchObject({ exercisable: 0, forfeited: 10000 });
    const plan = await ok<{ poolAvailable: number }>(t, ann.cookie, `${s.base}/plans/${s.planId}`);
    expect(plan.poolAvailable).toBe(20000);
    expect(
      (
        await call(`${s.base}/grants/${created.id}/exercises`, 'POST', {
          date: '2025-06-01',
          quantity: 1,
        })
      ).status,
    ).toBe(409);
  });
});

describe('milestones and change of control', () => {
  it('achieving a milestone vests its portion on that date', async () => {
    const s = await setup();
    const created = await ok<{ id: string; schedule: { pending: unknown[] } }>(
      t,
      ann.cookie,
      `${s.base}/grants`,
      'POST',
      grantBody(s, {
        quantity: 1000,
        terms: {
          type: 'milestone',
          milestones: [{ id: 'launch', name: 'Launch', portion: { numerator: 1, denominator: 1 } }],
        },
      }),
    );
    expect(created.schedule.pending).toEqual([{ milestoneId: 'launch', quantity: 1000 }]);
    const achieved = await ok<{ schedule: { vested: number } }>(
      t,
      ann.cookie,
      `${s.base}/grants/${created.id}/milestones/launch/achievement`,
      'POST',
      { date: '2024-06-01' },
    );
    expect(achieved.schedule.vested).toBe(1000);
    expect(
      (
        await call(`${s.base}/grants/${created.id}/milestones/nope/achievement`, 'POST', {
          date: '2024-06-01',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(`${s.base}/grants/${created.id}/milestones/launch/achievement`, 'POST', {
          date: '2024-07-01',
        })
      ).status,
    ).toBe(409);
  });

  it('single trigger: a change of control accelerates the plan percentage', async () => {
    const s = await setup({ plan: { acceleration: { trigger: 'single', percent: 100 } } });
    const created = await ok<{ id: string }>(
      t,
      ann.cookie,
      `${s.base}/grants`,
      'POST',
      grantBody(s),
    );
    const coc = await call(`${s.base}/change-of-control`, 'POST', { date: '2025-03-20' });
    expect(coc.status).toBe(201);
    const g = await ok<{
      schedule: { vested: number };
      installments: { source: string; quantity: number; date: string }[];
    }>(t, ann.cookie, `${s.base}/grants/${created.id}`);
    expect(g.schedule.vested).toBe(10000);
    expect(g.installments.at(-1)).toMatchObject({
      source: 'acceleration',
      date: '2025-03-20',
      quantity: 7083,
    });
    expect((await call(`${s.base}/change-of-control`, 'POST', { date: '2025-04-01' })).status).toBe(
      409,
    );
  });
});

describe('GET /api/v1/upcoming (practice view)', () => {
  it('lists cliffs, installments, acceptance deadlines and exercise deadlines across clients, soonest first', async () => {
    const today = firmToday();
    const shift = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const nl = await setup();
    // Vesting started 11 months and a bit ago: the 12-month cliff falls within the next 90 days.
    const start = shift(-330);
    await ok(
      t,
      ann.cookie,
      `${nl.base}/grants`,
      'POST',
      grantBody(nl, { grantDate: start, vestingStartDate: start, quantity: 4800 }),
    );
    const be = await setup({ country: 'BE' });
    await ok(t, ann.cookie, `${be.base}/plans/${be.planId}`, 'PATCH', {
      boardApprovalDate: shift(-30),
    });
    await ok(
      t,
      ann.cookie,
      `${be.base}/grants`,
      'POST',
      grantBody(be, {
        grantDate: shift(-10),
        vestingStartDate: shift(-10),
        offerDate: shift(-10),
        status: 'offered',
      }),
    );
    const res = await ok<{
      items: { type: string; date: string; companyName: string; quantity: number | null }[];
    }>(t, ann.cookie, '/upcoming?days=90');
    const cliff = res.items.find((i) => i.type === 'cliff');
    expect(cliff).toMatchObject({ date: addMonthsIso(start, 12), quantity: 1200 });
    expect(res.items.find((i) => i.type === 'acceptance_deadline')).toMatchObject({
      date: shift(50),
      quantity: 10000,
    });
    const dates = res.items.map((i) => i.date);
    expect(dates).toEqual([...dates].sort());
    const onlyNl = await ok<{ items: { companyName: string; type: string }[] }>(
      t,
      ann.cookie,
      `/upcoming?companyId=${nl.companyId}&types=cliff`,
    );
    expect(onlyNl.items.map((i) => i.type)).toEqual(['cliff']);
    const bad = await call('/upcoming?days=1000');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('days');
  });
});

function addMonthsIso(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const last = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

describe('leave of absence', () => {
  it('pauses vesting: later installments move by the paused days; overlaps are refused', async () => {
    const s = await setup();
    const created = await ok<{ id: string }>(
      t,
      ann.cookie,
      `${s.base}/grants`,
      'POST',
      grantBody(s, {
        terms: { type: 'time', periodLength: 1, periodUnit: 'months', occurrences: 12 },
        quantity: 1200,
      }),
    );
    const g = `${s.base}/grants/${created.id}`;
    const paused = await ok<{ pauses: unknown[]; installments: { date: string }[] }>(
      t,
      ann.cookie,
      `${g}/pauses`,
      'POST',
      { start: '2024-03-01', end: '2024-03-31' },
    );
    expect(paused.pauses).toEqual([{ start: '2024-03-01', end: '2024-03-31' }]);
    // 2024-02-15 is before the leave; 2024-03-15 and later move 30 days.
    expect(paused.installments.slice(0, 3).map((i) => i.date)).toEqual([
      '2024-02-15',
      '2024-04-14',
      '2024-05-15',
    ]);
    const overlap = await call(`${g}/pauses`, 'POST', { start: '2024-03-15', end: '2024-04-15' });
    expect(overlap.status).toBe(409);
    const backwards = await call(`${g}/pauses`, 'POST', { start: '2024-06-01', end: '2024-05-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields).toHaveProperty('end');
  });

  it('removes a leave of absence: the installments it moved come back, audited (issue 11)', async () => {
    const s = await setup();
    const created = await ok<{ id: string; installments: { date: string }[] }>(
      t,
      ann.cookie,
      `${s.base}/grants`,
      'POST',
      grantBody(s, {
        terms: { type: 'time', periodLength: 1, periodUnit: 'months', occurrences: 12 },
        quantity: 1200,
      }),
    );
    const g = `${s.base}/grants/${created.id}`;
    await ok(t, ann.cookie, `${g}/pauses`, 'POST', { start: '2024-03-01', end: '2024-03-31' });
    await ok(t, ann.cookie, `${g}/pauses`, 'POST', { start: '2024-06-01', end: '2024-06-11' });
    const after = await ok<{ pauses: unknown[]; installments: { date: string }[] }>(
      t,
      ann.cookie,
      `${g}/pauses/2024-03-01`,
      'DELETE',
    );
    expect(after.pauses).toEqual([{ start: '2024-06-01', end: '2024-06-11' }]);
    expect(after.installments.slice(0, 3).map((i) => i.date)).toEqual([
      '2024-02-15',
      '2024-03-15',
      '2024-04-15',
    ]);
    const rows = await t.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, created.id), eq(auditEvent.action, 'update')));
    expect(rows.map((r) => r.changes)).toContainEqual({
      'leave of absence': { from: '2024-03-01 – 2024-03-31', to: null },
    });
    const last = await ok<{ pauses: unknown[]; installments: { date: string }[] }>(
      t,
      ann.cookie,
      `${g}/pauses/2024-06-01`,
      'DELETE',
    );
    expect(last.pauses).toEqual([]);
    expect(last.installments.map((i) => i.date)).toEqual(created.installments.map((i) => i.date));
    expect((await call(`${g}/pauses/2024-06-01`, 'DELETE')).status).toBe(404);
    expect((await call(`${g}/pauses/not-a-date`, 'DELETE')).status).toBe(404);
  });
});

describe('grants list and the change of control', () => {
  it('carries the company’s change of control, and the browser’s chart agrees with the server', async () => {
    // The Grants tab's chart runs the engine over the list; it needs the list's date only.
    const { companyOverview } = await import('../../src/web/features/grants/schedule');
    const { vestedAsOf } = await import('../../src/domain/vesting');
    const inMonths = (months: number) => {
      const d = now();
      d.setUTCMonth(d.getUTCMonth() + months, 20);
      return d.toISOString().slice(0, 10);
    };
    // Dated in the past, and in the future (the figures today do not accelerate yet).
    for (const date of ['2025-03-20', inMonths(7)]) {
      const s = await setup({ plan: { acceleration: { trigger: 'single', percent: 50 } } });
      const created = await ok<{ id: string }>(
        t,
        ann.cookie,
        `${s.base}/grants`,
        'POST',
        grantBody(s),
      );
      await ok(t, ann.cookie, `${s.base}/grants/${created.id}/pauses`, 'POST', {
        start: '2024-06-01',
        end: '2024-07-15',
      });
      const before = await call(`${s.base}/grants`);
      expect(before.status).toBe(200);
      expect(before.body.changeOfControlDate).toBeNull();
      expect((await call(`${s.base}/change-of-control`, 'POST', { date })).status).toBe(201);
      const list = await call(`${s.base}/grants`);
      expect(list.status).toBe(200);
      expect(list.body.changeOfControlDate).toBe(date);
      // Once, at the top: not repeated on each grant.
      expect(list.body.items[0]).not.toHaveProperty('changeOfControlDate');
      // Filtered lists carry it too.
      const filtered = await call(`${s.base}/grants?planId=${s.planId}&status=active`);
      expect(filtered.body.changeOfControlDate).toBe(date);

      const plans = (await call(`${s.base}/plans`)).body.items;
      const detail = (await call(`${s.base}/grants/${created.id}`)).body;
      expect(detail.installments.some((i: { source: string }) => i.source === 'acceleration')).toBe(
        true,
      );
      const today = list.body.items[0].schedule.asOf;
      const overview = companyOverview(list.body, plans, today);
      expect(vestedAsOf(overview.vestings.get(created.id)!, today)).toBe(
        list.body.items[0].schedule.vested,
      );
      const chart = overview.series.series[0]!.values;
      overview.series.dates.forEach((d, i) =>
        expect({ date: d, vested: chart[i] }).toEqual({ date: d, vested: vestedAsOf(detail, d) }),
      );
    }
  });
});

describe('GET /api/v1/upcoming across a workspace of several companies', () => {
  const today = firmToday();
  const shift = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  type Item = {
    type: string;
    date: string;
    companyId: string;
    companyName: string;
    grantId: string;
    quantity: number | null;
  };

  /** A client company of `cookie`'s workspace with an employee, a common class and a plan. */
  async function client(cookie: string, name: string, options: Record<string, unknown> = {}) {
    const { country = 'NL', plan = {} } = options as {
      country?: string;
      plan?: Record<string, unknown>;
    };
    const c = await ok<{ id: string }>(t, cookie, '/company', 'POST', {
      companyName: name,
      country,
    });
    const base = `/company/${c.id}`;
    const eve = await ok<{ id: string }>(t, cookie, `${base}/stakeholders`, 'POST', {
      name: `Eve of ${name}`,
      relationship: 'employee',
    });
    const common = await ok<{ id: string }>(t, cookie, `${base}/share-classes`, 'POST', {
      name: 'Common',
      nominalValue: '0.01',
    });
    const p = await ok<{ id: string }>(t, cookie, `${base}/plans`, 'POST', {
      name: 'ESOP',
      planType: 'stock_options',
      shareClassId: common.id,
      poolSize: 40000,
      boardApprovalDate: '2020-01-01',
      exerciseWindowMonths: 3,
      ...plan,
    });
    const grant = (extra: Record<string, unknown> = {}) =>
      ok<{ id: string }>(t, cookie, `${base}/grants`, 'POST', {
        stakeholderId: eve.id,
        planId: p.id,
        quantity: 4800,
        exercisePrice: '0.10',
        grantDate: shift(-330),
        vestingStartDate: shift(-330),
        terms: FOUR_YEARS_CLIFF,
        ...extra,
      });
    return { id: c.id, base, grant };
  }

  const key = (i: Item) => `${i.date} ${i.type} ${i.companyId} ${i.grantId} ${i.quantity}`;

  it('gives each company its own grants, exercises and change of control, as asked one by one', async () => {
    const bea = await t.signUp({ name: 'Bea Beheer' });
    // Alpha: a cliff ahead, and a leaver who exercised part of what vested.
    const alpha = await client(bea.cookie, 'Alpha B.V.');
    const cliff = await alpha.grant();
    const leaver = await alpha.grant({
      quantity: 9600,
      grantDate: shift(-800),
      vestingStartDate: shift(-800),
    });
    const left = await ok<{ schedule: { vested: number } }>(
      t,
      bea.cookie,
      `${alpha.base}/grants/${leaver.id}/termination`,
      'POST',
      { date: shift(-10), leaverType: 'good', reason: 'Resigned' },
    );
    await ok(t, bea.cookie, `${alpha.base}/grants/${leaver.id}/exercises`, 'POST', {
      date: shift(-5),
      quantity: 1000,
    });
    // Beta: the same grant as Alpha's cliff, but a change of control accelerated all of it.
    const beta = await client(bea.cookie, 'Beta B.V.', {
      plan: { acceleration: { trigger: 'single', percent: 100 } },
    });
    await beta.grant();
    await ok(t, bea.cookie, `${beta.base}/change-of-control`, 'POST', { date: shift(-5) });
    // Gamma (Belgium): an offer waiting for acceptance.
    const gamma = await client(bea.cookie, 'Gamma BV', { country: 'BE' });
    const offer = await gamma.grant({
      grantDate: shift(-10),
      vestingStartDate: shift(-10),
      offerDate: shift(-10),
      status: 'offered',
    });
    // Delta: no grants. And another workspace's grant with a cliff ahead, which must not show.
    const delta = await client(bea.cookie, 'Delta B.V.');
    const other = await client(ann.cookie, 'Elsewhere B.V.');
    await other.grant();

    const whole = await ok<{ items: Item[] }>(t, bea.cookie, '/upcoming?days=90');
    expect(whole.items.filter((i) => i.grantId === cliff.id && i.type === 'cliff')).toEqual([
      expect.objectContaining({ date: addMonthsIso(shift(-330), 12), quantity: 1200 }),
    ]);
    expect(
      whole.items.find((i) => i.grantId === leaver.id && i.type === 'exercise_deadline'),
    ).toMatchObject({ companyName: 'Alpha B.V.', quantity: left.schedule.vested - 1000 });
    expect(whole.items.filter((i) => i.companyId === beta.id)).toEqual([]);
    expect(whole.items.filter((i) => i.companyId === gamma.id)).toEqual([
      expect.objectContaining({ type: 'acceptance_deadline', grantId: offer.id, date: shift(50) }),
    ]);
    expect(new Set(whole.items.map((i) => i.companyId))).toEqual(new Set([alpha.id, gamma.id]));

    // The same items as asking company by company.
    const one: Item[] = [];
    for (const c of [alpha, beta, gamma, delta])
      one.push(
        ...(await ok<{ items: Item[] }>(t, bea.cookie, `/upcoming?companyId=${c.id}`)).items,
      );
    expect(whole.items.map(key).sort()).toEqual(one.map(key).sort());
    const dates = whole.items.map((i) => i.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('runs the same number of queries whatever the number of companies', async () => {
    const cid = await t.signUp({ name: 'Cid Count' });
    const driver = (t.db as unknown as { $client: { query: (...a: unknown[]) => unknown } })
      .$client;
    // Counts what reaches the driver (the pg pool, or PGlite) during one request.
    const queriesOf = async (path: string) => {
      const query = driver.query;
      const own = Object.hasOwn(driver, 'query');
      let n = 0;
      driver.query = (...args: unknown[]) => {
        n += 1;
        return query.apply(driver, args);
      };
      try {
        const body = await ok<{ items: Item[] }>(t, cid.cookie, path);
        return { n, items: body.items.length };
      } finally {
        if (own) driver.query = query;
        else delete (driver as { query?: unknown }).query;
      }
    };
    await (await client(cid.cookie, 'First B.V.')).grant();
    const few = await queriesOf('/upcoming?days=90');
    for (const name of ['Second B.V.', 'Third B.V.', 'Fourth B.V.', 'Fifth B.V.'])
      await (await client(cid.cookie, name)).grant();
    const many = await queriesOf('/upcoming?days=90');
    expect(many.items).toBe(few.items * 5);
    expect(few.n).toBeGreaterThan(0);
    expect(many.n).toBe(few.n);
  });
});

describe('vesting terms exact in every corner (issue 11)', () => {
  const overVesting = {
    type: 'milestone',
    milestones: [
      {
        id: 'all',
        name: 'All',
        portion: { numerator: 1, denominator: 1 },
        achievedDate: '2024-03-01',
      },
      { id: 'extra', name: 'Extra', quantity: 5000, achievedDate: '2024-06-01' },
    ],
  };

  it('refuses terms that vest more than the grant, on create and when a PATCH lowers the quantity', async () => {
    const s = await setup();
    const refused = await call(
      `${s.base}/grants`,
      'POST',
      grantBody(s, {
        terms: {
          type: 'milestone',
          milestones: [
            { id: 'half', name: 'Half', portion: { numerator: 1, denominator: 2 } },
            { id: 'fixed', name: 'Fixed', quantity: 5001 },
          ],
        },
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      'terms.milestones.1.quantity':
        'The milestones add up to more than the 10,000 shares of the grant',
    });
    const created = await ok<{ id: string }>(
      t,
      ann.cookie,
      `${s.base}/grants`,
      'POST',
      grantBody(s, {
        terms: {
          type: 'milestone',
          milestones: [
            { id: 'half', name: 'Half', portion: { numerator: 1, denominator: 2 } },
            { id: 'fixed', name: 'Fixed', quantity: 5000 },
          ],
        },
      }),
    );
    const g = `${s.base}/grants/${created.id}`;
    const lowered = await call(g, 'PATCH', { quantity: 9000 });
    expect(lowered.status).toBe(400);
    expect(Object.keys(lowered.body.error.fields)).toEqual(['terms.milestones.1.quantity']);
    expect((await call(g)).body.quantity).toBe(10000);
  });

  it('a stored grant whose terms vest more than it (saved before issue 11) reads without a 5xx or a negative figure', async () => {
    const s = await setup({ poolSize: 40_000 });
    const make = async () =>
      (await ok<{ id: string }>(t, ann.cookie, `${s.base}/grants`, 'POST', grantBody(s))).id;
    const [milestones, combined, frontLoaded, past9999] = [
      await make(),
      await make(),
      await make(),
      await make(),
    ];
    // Written straight into the database, as the old contract let them through.
    const store = (id: string, values: Partial<typeof grantTable.$inferInsert>) =>
      t.db.update(grantTable).set(values).where(eq(grantTable.id, id));
    await store(milestones, { terms: overVesting });
    await store(combined, {
      terms: {
        type: 'combined',
        parts: [
          { portion: { numerator: 3, denominator: 4 }, terms: FOUR_YEARS_CLIFF },
          {
            portion: { numerator: 1, denominator: 4 },
            terms: {
              type: 'milestone',
              milestones: [
                { id: 'exit', name: 'Exit', quantity: 9000, achievedDate: '2024-05-01' },
              ],
            },
          },
        ],
      },
    });
    await store(frontLoaded, {
      terms: {
        type: 'milestone',
        allocation: 'FRONT_LOADED',
        milestones: [
          {
            id: 'x',
            name: 'X',
            portion: { numerator: 1, denominator: 3 },
            achievedDate: '2024-02-01',
          },
          { id: 'y', name: 'Y', portion: { numerator: 2, denominator: 3 } },
        ],
      },
    });
    // The old limits allowed schedules past 9999 (600 periods of 120 months).
    await store(past9999, {
      grantDate: '9999-06-01',
      vestingStartDate: '9999-06-01',
      terms: { type: 'time', periodLength: 120, periodUnit: 'months', occurrences: 600 },
    });

    type Detail = {
      quantity: number;
      installments: { quantity: number; date: string; milestoneId?: string; cumulative: number }[];
      schedule: { vested: number; unvested: number; forfeited: number; exercisable: number };
    };
    const figures: Record<string, Detail['schedule']> = {};
    const details: Record<string, Detail> = {};
    for (const id of [milestones, combined, frontLoaded, past9999]) {
      const res = await call(`${s.base}/grants/${id}`);
      expect(res.status).toBe(200);
      const d = res.body as Detail;
      const scheduled = d.installments.reduce((sum, i) => sum + i.quantity, 0);
      expect(scheduled).toBeLessThanOrEqual(d.quantity);
      for (const n of [d.schedule.vested, d.schedule.unvested, d.schedule.forfeited])
        expect(n).toBeGreaterThanOrEqual(0);
      expect(d.schedule.vested + d.schedule.unvested + d.schedule.forfeited).toBe(d.quantity);
      figures[id] = d.schedule;
      details[id] = d;
    }
    expect(figures[milestones]).toMatchObject({ vested: 10000, unvested: 0 });
    // The part is 2,500 shares: its milestone vests 2,500, not 9,000.
    expect(details[combined]!.installments).toContainEqual(
      expect.objectContaining({ milestoneId: 'exit', quantity: 2500 }),
    );
    expect(details[combined]!.installments.at(-1)).toMatchObject({ cumulative: 10000 });
    expect(figures[frontLoaded]).toMatchObject({ vested: 3333, unvested: 6667 });
    expect(figures[past9999]).toMatchObject({ vested: 0, unvested: 10000 });

    const list = await call(`${s.base}/grants`);
    expect(list.status).toBe(200);
    for (const item of list.body.items as { schedule: Detail['schedule'] }[])
      expect(item.schedule.unvested).toBeGreaterThanOrEqual(0);
    for (const path of [
      `${s.base}/cap-table?asOf=2025-05-01`,
      `${s.base}/summary`,
      `${s.base}/plans/${s.planId}`,
      `${s.base}/valuation-metrics`,
      '/upcoming?days=365',
    ])
      expect((await call(path)).status, path).toBe(200);
    const table = await ok<{
      rows: { name: string; awardsVested: number; awardsUnvested: number }[];
    }>(t, ann.cookie, `${s.base}/cap-table?asOf=2025-05-01`);
    const eve = table.rows.find((r) => r.name === 'Eve Employee')!;
    expect(eve.awardsVested + eve.awardsUnvested).toBeLessThanOrEqual(40000);
    expect(eve.awardsUnvested).toBeGreaterThanOrEqual(0);

    // No more than the grant can be exercised.
    const tooMuch = await call(`${s.base}/grants/${milestones}/exercises`, 'POST', {
      date: '2024-07-01',
      quantity: 10001,
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.fields.quantity).toBe('At most 10,000 exercisable on 1 July 2024');
    // Editing it asks for terms that fit, naming the milestone.
    const edit = await call(`${s.base}/grants/${milestones}`, 'PATCH', { notes: 'Checked' });
    expect(edit.status).toBe(400);
    expect(Object.keys(edit.body.error.fields)).toEqual(['terms.milestones.1.quantity']);
  });

  it('a leave of absence that would move installments past 9999-12-31 is refused, naming end', async () => {
    const s = await setup();
    const created = await ok<{ id: string; installments: { date: string }[] }>(
      t,
      ann.cookie,
      `${s.base}/grants`,
      'POST',
      grantBody(s, { grantDate: '9995-01-01', vestingStartDate: '9995-01-01' }),
    );
    expect(created.installments.at(-1)!.date).toBe('9999-01-01');
    const g = `${s.base}/grants/${created.id}/pauses`;
    const refused = await call(g, 'POST', { start: '9996-01-01', end: '9997-06-01' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      end: expect.stringMatching(/after 31 December 9999/),
    });
    const fits = await ok<{ installments: { date: string }[] }>(t, ann.cookie, g, 'POST', {
      start: '9996-01-01',
      end: '9996-06-01',
    });
    expect(fits.installments.at(-1)!.date).toBe('9999-06-02');
  });
});
