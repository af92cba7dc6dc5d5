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
      'terms',
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
      'terms.milestones',
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
        name: '4 years monthly, 1-year cliff',
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
      name: '4 YEARS monthly, 1-year cliff',
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
    expect(listed.items).toEqual([expect.objectContaining({ id: created.id, planCount: 1 })]);
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

  it('answers a schedule running past 9999 (five-digit years), not a 500', async () => {
    const months = await call('/vesting/preview', 'POST', {
      quantity: 600,
      vestingStartDate: '9999-12-31',
      terms: { type: 'time', periodLength: 120, periodUnit: 'months', occurrences: 600 },
      asOf: '9999-12-31',
    });
    expect(months.status).toBe(200);
    expect(months.body.installments).toHaveLength(600);
    expect(months.body.installments[0]).toEqual({
      date: '10009-12-31',
      quantity: 1,
      cumulative: 1,
      source: 'time',
    });
    expect(months.body.installments.at(-1)).toMatchObject({ date: '15999-12-31', cumulative: 600 });
    expect(months.body).toMatchObject({ vested: 0, unvested: 600, forfeited: 0 });

    const days = await call('/vesting/preview', 'POST', {
      quantity: 1000,
      vestingStartDate: '9990-06-15',
      terms: { type: 'time', periodLength: 30, periodUnit: 'days', occurrences: 600 },
    });
    expect(days.status).toBe(200);
    const dates: string[] = days.body.installments.map((i: { date: string }) => i.date);
    expect(dates.at(-1)).toMatch(/^10\d{3}-\d{2}-\d{2}$/);
    expect(dates.filter((d) => d.length === 10).every((d) => d <= '9999-12-31')).toBe(true);
  });
});
