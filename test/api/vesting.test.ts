import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { ok } from '../support/equity';

let t: TestApp;
let ann: Awaited<ReturnType<TestApp['signUp']>>;
let bob: Awaited<ReturnType<TestApp['signUp']>>;

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp({ name: 'Ann Advocaat' });
  bob = await t.signUp({ name: 'Bob Jurist' });
});
afterAll(() => t.close());

const FOUR_YEARS_CLIFF = {
  type: 'time',
  periodLength: 1,
  periodUnit: 'months',
  occurrences: 48,
  cliffPeriods: 12,
};

async function call(path: string, method = 'GET', body?: unknown, cookie = ann.cookie) {
  const res = await t.request(`/api/v1${path}`, { method, body, cookie });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe('POST /api/v1/vesting/preview', () => {
  it('computes the worked example of domain.md', async () => {
    const res = await call('/vesting/preview', 'POST', {
      quantity: 10000,
      vestingStartDate: '2024-01-15',
      terms: FOUR_YEARS_CLIFF,
      asOf: '2025-03-15',
    });
    expect(res.status).toBe(200);
    expect(res.body.installments.slice(0, 3)).toEqual([
      { date: '2025-01-15', quantity: 2500, cumulative: 2500, source: 'cliff' },
      { date: '2025-02-15', quantity: 208, cumulative: 2708, source: 'time' },
      { date: '2025-03-15', quantity: 209, cumulative: 2917, source: 'time' },
    ]);
    expect(res.body).toMatchObject({ vested: 2917, unvested: 7083, forfeited: 0, pending: [] });
    expect(res.body.installments.at(-1)).toMatchObject({ date: '2028-01-15', cumulative: 10000 });
  });

  it('previews milestones with pending portions', async () => {
    const res = await call('/vesting/preview', 'POST', {
      quantity: 900,
      vestingStartDate: '2024-01-01',
      asOf: '2024-07-01',
      terms: {
        type: 'milestone',
        milestones: [
          {
            id: 'launch',
            name: 'Launch',
            portion: { numerator: 1, denominator: 3 },
            achievedDate: '2024-05-01',
          },
          { id: 'round', name: 'Series A', quantity: 600, deadline: '2025-12-31' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      vested: 300,
      unvested: 600,
      pending: [{ milestoneId: 'round', quantity: 600 }],
    });
  });

  it.each([
    [{ terms: { ...FOUR_YEARS_CLIFF, cliffPeriods: 49 } }, 'terms.cliffPeriods'],
    [{ terms: { ...FOUR_YEARS_CLIFF, allocation: 'RANDOM' } }, 'terms.allocation'],
    [{ terms: { ...FOUR_YEARS_CLIFF, dayOfMonth: '30' } }, 'terms.dayOfMonth'],
    [{ terms: { type: 'yearly' } }, 'terms.type'],
    [{ quantity: 10.5 }, 'quantity'],
    [{ vestingStartDate: '2024-02-30' }, 'vestingStartDate'],
    [
      { terms: { type: 'milestone', milestones: [{ id: 'a', name: 'A', quantity: 20000 }] } },
      'terms.milestones.0.quantity',
    ],
    [
      {
        terms: {
          type: 'milestone',
          milestones: [
            { id: 'a', name: 'A', portion: { numerator: 2, denominator: 3 } },
            { id: 'b', name: 'B', portion: { numerator: 2, denominator: 3 } },
          ],
        },
      },
      'terms.milestones.1.portion',
    ],
    [
      {
        terms: {
          type: 'combined',
          parts: [
            { portion: { numerator: 1, denominator: 2 }, terms: FOUR_YEARS_CLIFF },
            { portion: { numerator: 1, denominator: 4 }, terms: FOUR_YEARS_CLIFF },
          ],
        },
      },
      'terms.parts',
    ],
  ])('refuses %o naming %s', async (patch, field) => {
    const res = await call('/vesting/preview', 'POST', {
      quantity: 10000,
      vestingStartDate: '2024-01-15',
      terms: FOUR_YEARS_CLIFF,
      ...patch,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
  });

  it('needs a signed-in user', async () => {
    const res = await t.request('/api/v1/vesting/preview', {
      method: 'POST',
      body: { quantity: 1, vestingStartDate: '2024-01-01', terms: FOUR_YEARS_CLIFF },
    });
    expect(res.status).toBe(401);
  });
});

describe('vesting templates', () => {
  it('CRUD within the workspace; plans point to one; in use cannot be deleted', async () => {
    const created = await ok<{ id: string; terms: Record<string, unknown>; planCount: number }>(
      t,
      ann.cookie,
      '/vesting-templates',
      'POST',
      {
        name: '4 years monthly, 1-year cliff, day 1',
        terms: FOUR_YEARS_CLIFF,
      },
    );
    // Defaults filled in.
    expect(created.terms).toEqual({
      ...FOUR_YEARS_CLIFF,
      dayOfMonth: 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
      allocation: 'CUMULATIVE_ROUNDING',
    });
    const dup = await call('/vesting-templates', 'POST', {
      name: '4 YEARS monthly, 1-year cliff, DAY 1',
      terms: FOUR_YEARS_CLIFF,
    });
    expect(dup.status).toBe(409);
    const company = await ok<{ id: string }>(t, ann.cookie, '/company', 'POST', {
      companyName: 'Template B.V.',
    });
    const plan = await call(`/company/${company.id}/plans`, 'POST', {
      name: 'SAR',
      planType: 'sar',
      poolSize: 10,
      defaultVestingTemplateId: created.id,
    });
    expect(plan.status).toBe(201);
    expect(plan.body.defaultVestingTemplateId).toBe(created.id);
    const listed = await ok<{ items: { id: string; planCount: number }[] }>(
      t,
      ann.cookie,
      '/vesting-templates',
    );
    // Next to the workspace's standard templates (decision 022), which no plan uses.
    expect(listed.items.filter((x) => x.planCount > 0)).toEqual([
      expect.objectContaining({ id: created.id, planCount: 1 }),
    ]);
    const inUse = await call(`/vesting-templates/${created.id}`, 'DELETE');
    expect(inUse.status).toBe(409);
    const renamed = await ok<{ name: string }>(
      t,
      ann.cookie,
      `/vesting-templates/${created.id}`,
      'PATCH',
      { name: '4y/1y' },
    );
    expect(renamed.name).toBe('4y/1y');
    await ok(t, ann.cookie, `/company/${company.id}/plans/${plan.body.id}`, 'PATCH', {
      defaultVestingTemplateId: null,
    });
    expect((await call(`/vesting-templates/${created.id}`, 'DELETE')).status).toBe(204);
  });

  it('another workspace cannot see or use the template', async () => {
    const created = await ok<{ id: string }>(t, ann.cookie, '/vesting-templates', 'POST', {
      name: 'Private',
      terms: FOUR_YEARS_CLIFF,
    });
    expect(
      (await call(`/vesting-templates/${created.id}`, 'GET', undefined, bob.cookie)).status,
    ).toBe(404);
    expect(
      (await call(`/vesting-templates/${created.id}`, 'DELETE', undefined, bob.cookie)).status,
    ).toBe(404);
    const company = await ok<{ id: string }>(t, bob.cookie, '/company', 'POST', {
      companyName: 'Bob B.V.',
    });
    const plan = await call(
      `/company/${company.id}/plans`,
      'POST',
      { name: 'SAR', planType: 'sar', poolSize: 10, defaultVestingTemplateId: created.id },
      bob.cookie,
    );
    expect(plan.status).toBe(400);
    expect(plan.body.error.fields).toEqual({
      defaultVestingTemplateId: 'No such vesting template in this workspace',
    });
  });
});

describe('POST /api/v1/vesting/preview at the ends of the calendar', () => {
  it('computes years 0–99 as themselves (proleptic Gregorian), not as 1900–1999', async () => {
    const res = await call('/vesting/preview', 'POST', {
      quantity: 10000,
      vestingStartDate: '0050-01-31',
      terms: FOUR_YEARS_CLIFF,
      asOf: '0051-03-01',
    });
    expect(res.status).toBe(200);
    expect(res.body.installments.slice(0, 3)).toEqual([
      { date: '0051-01-31', quantity: 2500, cumulative: 2500, source: 'cliff' },
      { date: '0051-02-28', quantity: 208, cumulative: 2708, source: 'time' },
      { date: '0051-03-31', quantity: 209, cumulative: 2917, source: 'time' },
    ]);
    expect(res.body.installments.at(-1)).toMatchObject({ date: '0054-01-31', cumulative: 10000 });
    expect(res.body).toMatchObject({ asOf: '0051-03-01', vested: 2708, unvested: 7292 });
  });

  it('refuses a schedule whose installments would run past 9999-12-31, naming the field (issue 11)', async () => {
    const months = await call('/vesting/preview', 'POST', {
      quantity: 600,
      vestingStartDate: '9999-12-31',
      terms: { type: 'time', periodLength: 120, periodUnit: 'months', occurrences: 600 },
      asOf: '9999-12-31',
    });
    expect(months.status).toBe(400);
    expect(months.body.error.fields).toEqual({
      'terms.occurrences': expect.stringMatching(/after 9999-12-31 \(on 15999-12-31\)/),
    });
    const days = await call('/vesting/preview', 'POST', {
      quantity: 1000,
      vestingStartDate: '9990-06-15',
      terms: { type: 'time', periodLength: 30, periodUnit: 'days', occurrences: 600 },
    });
    expect(days.status).toBe(400);
    expect(days.body.error.fields).toEqual({
      'terms.occurrences': expect.stringMatching(/after 9999-12-31/),
    });
    // Up to the last day is fine.
    const last = await call('/vesting/preview', 'POST', {
      quantity: 12,
      vestingStartDate: '9998-12-31',
      terms: { type: 'time', periodLength: 1, periodUnit: 'months', occurrences: 12 },
    });
    expect(last.status).toBe(200);
    expect(last.body.installments.at(-1)).toMatchObject({ date: '9999-12-31', cumulative: 12 });
  });
});

describe('vesting terms exact in every corner (issue 11)', () => {
  const preview = (body: Record<string, unknown>) =>
    call('/vesting/preview', 'POST', { vestingStartDate: '2024-01-01', ...body });

  it('refuses milestones that vest more than the grant, naming the milestone', async () => {
    const res = await preview({
      quantity: 1000,
      terms: {
        type: 'milestone',
        milestones: [
          { id: 'a', name: 'A', portion: { numerator: 1, denominator: 2 } },
          { id: 'b', name: 'B', quantity: 501 },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      'terms.milestones.1.quantity':
        'The milestones add up to more than the 1,000 shares of the grant',
    });
  });

  it('refuses a combined part whose fixed quantities pass the part, naming the milestone', async () => {
    const res = await preview({
      quantity: 1000,
      terms: {
        type: 'combined',
        parts: [
          { portion: { numerator: 3, denominator: 4 }, terms: FOUR_YEARS_CLIFF },
          {
            portion: { numerator: 1, denominator: 4 },
            terms: { type: 'milestone', milestones: [{ id: 'exit', name: 'Exit', quantity: 300 }] },
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      'terms.parts.1.terms.milestones.0.quantity':
        'The milestones add up to more than the 250 shares of part 2',
    });
  });

  it('templates refuse portions of the whole plus a fixed quantity, and front-loaded milestones', async () => {
    const over = await call('/vesting-templates', 'POST', {
      name: 'Too much',
      terms: {
        type: 'milestone',
        milestones: [
          { id: 'a', name: 'A', portion: { numerator: 1, denominator: 1 } },
          { id: 'b', name: 'B', quantity: 1 },
        ],
      },
    });
    expect(over.status).toBe(400);
    expect(Object.keys(over.body.error.fields)).toEqual(['terms.milestones.1.quantity']);
    const frontLoaded = await call('/vesting-templates', 'POST', {
      name: 'Front-loaded milestones',
      terms: {
        type: 'milestone',
        allocation: 'FRONT_LOADED',
        milestones: [{ id: 'a', name: 'A', portion: { numerator: 1, denominator: 1 } }],
      },
    });
    expect(frontLoaded.status).toBe(400);
    expect(frontLoaded.body.error.fields).toEqual({
      'terms.allocation': expect.stringMatching(/CUMULATIVE_ROUNDING or CUMULATIVE_ROUND_DOWN/),
    });
    const names = (await call('/vesting-templates')).body.items.map(
      (t: { name: string }) => t.name,
    );
    expect(names).not.toContain('Too much');
    expect(names).not.toContain('Front-loaded milestones');
  });

  it('rounds milestones down in the order they vest, not the order listed', async () => {
    const third = { numerator: 1, denominator: 3 };
    const res = await preview({
      quantity: 10,
      asOf: '2024-12-31',
      terms: {
        type: 'milestone',
        allocation: 'CUMULATIVE_ROUND_DOWN',
        milestones: [
          { id: 'a', name: 'A', portion: third },
          { id: 'b', name: 'B', portion: third, achievedDate: '2024-09-01' },
          { id: 'c', name: 'C', portion: third, achievedDate: '2024-03-01' },
        ],
      },
    });
    expect(res.status).toBe(200);
    // Two thirds of 10 achieved: 6 vested (6.67 rounded down), not 7.
    expect(res.body.installments).toEqual([
      { date: '2024-03-01', quantity: 3, cumulative: 3, source: 'milestone', milestoneId: 'c' },
      { date: '2024-09-01', quantity: 3, cumulative: 6, source: 'milestone', milestoneId: 'b' },
    ]);
    expect(res.body).toMatchObject({
      vested: 6,
      unvested: 4,
      pending: [{ milestoneId: 'a', quantity: 4 }],
    });
  });

  it('splits combined terms rounding down when the parts round down', async () => {
    const part = (portion: number, periodLength: number) => ({
      portion: { numerator: portion, denominator: 3 },
      terms: {
        type: 'time',
        periodLength,
        periodUnit: 'months',
        occurrences: 1,
        allocation: 'CUMULATIVE_ROUND_DOWN',
      },
    });
    const res = await preview({
      quantity: 10,
      asOf: '2025-01-01',
      terms: { type: 'combined', parts: [part(2, 1), part(1, 2)] },
    });
    expect(res.status).toBe(200);
    expect(res.body.installments.map((i: { quantity: number }) => i.quantity)).toEqual([6, 4]);
  });

  it('accepts 365-day periods and daily vesting over years, up to 10,000 installments', async () => {
    const yearly = await preview({
      quantity: 4000,
      terms: { type: 'time', periodLength: 365, periodUnit: 'days', occurrences: 4 },
    });
    expect(yearly.status).toBe(200);
    expect(yearly.body.installments.map((i: { date: string }) => i.date)).toEqual([
      '2024-12-31',
      '2025-12-31',
      '2026-12-31',
      '2027-12-31',
    ]);
    const daily = await preview({
      quantity: 1_000_000,
      asOf: '2030-01-01',
      terms: {
        type: 'time',
        periodLength: 1,
        periodUnit: 'days',
        occurrences: 10_000,
        cliffPeriods: 365,
      },
    });
    expect(daily.status).toBe(200);
    expect(daily.body.installments).toHaveLength(10_000 - 364);
    expect(daily.body.installments.at(-1)).toMatchObject({
      date: '2051-05-19',
      cumulative: 1_000_000,
    });
    // How fast: bench/vesting.ts times the engine on the largest terms the contract accepts.
    const tooMany = await preview({
      quantity: 1000,
      terms: { type: 'time', periodLength: 1, periodUnit: 'days', occurrences: 10_001 },
    });
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.body.error.fields)).toEqual(['terms.occurrences']);
    const tooLong = await preview({
      quantity: 1000,
      terms: { type: 'time', periodLength: 3661, periodUnit: 'days', occurrences: 1 },
    });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.error.fields)).toEqual(['terms.periodLength']);
  });
});
