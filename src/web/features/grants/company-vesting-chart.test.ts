import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../contracts/equity';
import type { Grant, GrantListResponse } from '../../../contracts/vesting';
import { computeVesting, totalsAsOf, vestedAsOf } from '../../../domain/vesting';
import { policyOf } from './format';
import { companyOverview } from './schedule';

/**
 * The company vesting chart must agree with the server's figures (`grantFigures`): leaves of
 * absence shift installments, a leaver stops vesting and the company's change of control (which
 * the list carries) accelerates them. These fail when the chart's inputs drop any of them.
 */

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TODAY = '2025-03-01';

/** 4,800 over 48 months from 1 Jan 2024, no cliff: 100 on the first of each month. */
function grant(over: Partial<Grant> = {}): Grant {
  return {
    id: uuid(1),
    companyId: uuid(900),
    stakeholderId: uuid(800),
    stakeholderName: 'Holder',
    planId: uuid(700),
    planName: 'ESOP 2024',
    quantity: 4800,
    exercisePrice: '0.10',
    currency: 'EUR',
    pauses: [],
    grantDate: '2024-01-01',
    vestingStartDate: '2024-01-01',
    templateId: null,
    terms: {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 48,
      cliffPeriods: 0,
      dayOfMonth: 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
      allocation: 'CUMULATIVE_ROUNDING',
    },
    expiryDate: null,
    offerDate: null,
    acceptanceDate: null,
    acceptanceDeadline: null,
    taxAtExercise: false,
    taxElectionDate: null,
    status: 'active',
    termination: null,
    cancelledDate: null,
    notes: null,
    schedule: {
      asOf: TODAY,
      vested: 1400,
      unvested: 3400,
      exercised: 0,
      forfeited: 0,
      exercisable: 1400,
      nextInstallment: null,
      exerciseDeadline: null,
      pending: [],
    },
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...over,
  };
}

const plan = (id: number, acceleration: Record<string, unknown>) =>
  ({
    id: uuid(id),
    name: `Plan ${id}`,
    leaverPolicy: {
      good: { unvested: 'forfeit', vested: 'keep' },
      bad: { unvested: 'forfeit', vested: 'forfeit' },
    },
    acceleration,
    exerciseWindowMonths: 24,
  }) as unknown as Plan;

/** Single-trigger: a change of control vests everything still unvested. */
const SINGLE = plan(700, { trigger: 'single', percent: 100, windowMonths: null });
/** Single-trigger at half: a change of control vests half of what is still unvested. */
const HALF = plan(701, { trigger: 'single', percent: 50, windowMonths: null });
/** No acceleration. */
const NONE = plan(702, { trigger: 'none', percent: null, windowMonths: null });

/**
 * The server's vested figure for the grant on `asOf`: `grantFigures`'s engine call (plan policy,
 * termination, the company's change of control, leaves) and its total (no exercises here).
 */
function serverVested(g: Grant, p: Plan, changeOfControlDate: string | null, asOf: string) {
  const result = computeVesting({
    quantity: g.quantity,
    vestingStartDate: g.vestingStartDate,
    terms: g.terms,
    asOf,
    policy: policyOf(p),
    events: {
      termination: g.termination
        ? { date: g.termination.date, leaverType: g.termination.leaverType }
        : null,
      changeOfControl: changeOfControlDate ? { date: changeOfControlDate } : null,
      pauses: g.pauses,
    },
  });
  return totalsAsOf({ ...result, quantity: g.quantity }, asOf).vested;
}

/** The list as the server answers it: each grant's figure today, and the change of control. */
function listOf(
  grants: Grant[],
  plans: readonly Plan[],
  changeOfControlDate: string | null,
): GrantListResponse {
  const byId = new Map(plans.map((p) => [p.id, p]));
  return {
    items: grants.map((g) => {
      const vested = serverVested(g, byId.get(g.planId)!, changeOfControlDate, TODAY);
      return { ...g, schedule: { ...g.schedule, vested, unvested: g.quantity - vested } };
    }),
    changeOfControlDate,
  };
}

type Overview = ReturnType<typeof companyOverview>;

/** The chart's value for a plan on a date of its series. */
function valueOn(overview: Overview, date: string, planId = SINGLE.id): number | undefined {
  const i = overview.series.dates.indexOf(date);
  const values = overview.series.series.find((s) => s.planId === planId)?.values;
  return i < 0 ? undefined : values?.[i];
}

/**
 * Every point of the chart, per plan, is the sum of the server's vested figures on that date, and
 * today's figure per plan is the list's.
 */
function expectAgreement(list: GrantListResponse, plans: readonly Plan[]) {
  const overview = companyOverview(list, plans, TODAY);
  const byId = new Map(plans.map((p) => [p.id, p]));
  expect(overview.series.dates.length).toBeGreaterThan(2);
  for (const s of overview.series.series) {
    const grants = list.items.filter((g) => g.planId === s.planId);
    overview.series.dates.forEach((d, i) => {
      const server = grants.reduce(
        (sum, g) => sum + serverVested(g, byId.get(g.planId)!, list.changeOfControlDate, d),
        0,
      );
      expect({ plan: s.planName, date: d, vested: s.values[i] }).toEqual({
        plan: s.planName,
        date: d,
        vested: server,
      });
    });
    // The browser's schedules give today the figure the server lists for each grant.
    for (const g of grants)
      expect(vestedAsOf(overview.vestings.get(g.id)!, TODAY)).toBe(g.schedule.vested);
    const listed = grants.reduce((sum, g) => sum + g.schedule.vested, 0);
    expect(overview.vestedToday.get(s.planId)).toBe(listed);
  }
  return overview;
}

describe('company vesting chart', () => {
  it('shifts installments after a leave of absence, like the server', () => {
    // 100 on the first of each month from 1 Feb 2024. Two months off from 1 Jun 2024: the June
    // installment moves to 1 Aug 2024.
    const g = grant({ pauses: [{ start: '2024-06-01', end: '2024-08-01' }] });
    const overview = expectAgreement(listOf([g], [SINGLE], null), [SINGLE]);
    expect(valueOn(overview, '2024-06-01')).toBe(400);
    expect(valueOn(overview, '2024-07-01')).toBe(400);
    expect(valueOn(overview, '2024-08-01')).toBe(500);
    // The last installment is two months later than without the leave.
    expect(overview.series.dates.at(-1)! > '2028-01-01').toBe(true);
  });

  it('accelerates on the change of control the list carries (past), after a leave, like the server', () => {
    const g = grant({ pauses: [{ start: '2024-03-01', end: '2024-04-01' }] });
    const list = listOf([g], [SINGLE], '2024-06-15');
    expect(list.items[0]!.schedule.vested).toBe(4800);
    const overview = expectAgreement(list, [SINGLE]);
    // 1 Feb, then 1 Mar moved 31 days to 1 Apr, 1 Apr to 2 May, 1 May to 1 Jun; all on 15 Jun.
    expect(valueOn(overview, '2024-06-01')).toBe(400);
    expect(valueOn(overview, '2024-07-01')).toBe(4800);
    // Without the list's date the browser would not accelerate: the date is what makes it agree.
    const blind = companyOverview({ ...list, changeOfControlDate: null }, [SINGLE], TODAY);
    expect(valueOn(blind, '2024-07-01')).toBe(400);
  });

  it('accelerates on a change of control dated in the future only from its date, like the server', () => {
    const g = grant({ pauses: [{ start: '2024-06-01', end: '2024-08-01' }] });
    const list = listOf([g], [SINGLE], '2026-06-15');
    // Today (1 Mar 2025) nothing is accelerated yet: 1 Feb 2024 … 1 Mar 2025, less the 61 days
    // off (the 1 Jan 2025 installment moved to 3 Mar 2025).
    expect(list.items[0]!.schedule.vested).toBe(1100);
    const overview = expectAgreement(list, [SINGLE]);
    const blind = companyOverview({ ...list, changeOfControlDate: null }, [SINGLE], TODAY);
    expect(valueOn(overview, '2025-03-01')).toBe(1100);
    // Up to the change of control the chart follows the grant's own schedule; then all of it.
    expect(valueOn(overview, '2026-06-01')).toBe(valueOn(blind, '2026-06-01'));
    expect(valueOn(overview, '2026-06-01')).toBeLessThan(4800);
    expect(valueOn(overview, '2026-07-01')).toBe(4800);
    expect(valueOn(blind, '2026-07-01')).toBeLessThan(4800);
    // The chart ends at the acceleration, not at the original last installment.
    expect(overview.series.dates.at(-1)! < '2026-09-01').toBe(true);
  });

  it('stacks plans with different acceleration, leavers and leaves, like the server', () => {
    const grants = [
      grant({ id: uuid(1), pauses: [{ start: '2024-05-10', end: '2024-07-20' }] }),
      grant({
        id: uuid(2),
        planId: HALF.id,
        planName: HALF.name,
        quantity: 2400,
        pauses: [{ start: '2024-09-01', end: '2024-10-01' }],
      }),
      grant({
        id: uuid(3),
        planId: HALF.id,
        planName: HALF.name,
        // A good leaver before the change of control: vesting stopped there.
        termination: { date: '2024-05-20', leaverType: 'good', reason: null },
        status: 'forfeited',
      }),
      grant({ id: uuid(4), planId: NONE.id, planName: NONE.name, vestingStartDate: '2023-07-01' }),
      // A draft never vests: out of the chart and of today's figures.
      grant({ id: uuid(5), status: 'draft' }),
    ];
    const plans = [SINGLE, HALF, NONE];
    for (const coc of ['2024-11-15', '2025-09-15']) {
      const list = listOf(grants, plans, coc);
      const overview = expectAgreement(
        { ...list, items: list.items.filter((g) => g.status !== 'draft') },
        plans,
      );
      // The draft changes nothing.
      expect(companyOverview(list, plans, TODAY).series).toEqual(overview.series);
      expect(overview.series.series.map((s) => s.planId)).toEqual([SINGLE.id, HALF.id, NONE.id]);
    }
  });
});
