import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../contracts/equity';
import type { Grant, GrantDetail } from '../../../contracts/vesting';
import { computeVesting, vestedAsOf } from '../../../domain/vesting';
import { policyOf } from './format';
import { chartSeries, grantsNeedingServerSchedule, grantVesting } from './schedule';

/**
 * The company vesting chart must agree with the server's figures (`grantFigures`): leaves of
 * absence shift installments and a change of control accelerates them. These fail when the
 * chart's inputs drop either.
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

/** Single-trigger: a change of control vests everything still unvested. */
const plan = {
  leaverPolicy: {
    good: { unvested: 'forfeit', vested: 'keep' },
    bad: { unvested: 'forfeit', vested: 'forfeit' },
  },
  acceleration: { trigger: 'single', percent: 100, windowMonths: null },
  exerciseWindowMonths: 24,
} as unknown as Plan;

/** The chart's value for the grant's plan on a date of its series. */
function valueOn(series: ReturnType<typeof chartSeries>, date: string): number | undefined {
  const i = series.dates.indexOf(date);
  return i < 0 ? undefined : series.series[0]?.values[i];
}

/** What the server's engine call (`grantFigures`) gives the grant. */
function serverResult(g: Grant, changeOfControlDate: string | null) {
  return computeVesting({
    quantity: g.quantity,
    vestingStartDate: g.vestingStartDate,
    terms: g.terms,
    asOf: TODAY,
    policy: policyOf(plan),
    events: {
      termination: null,
      changeOfControl: changeOfControlDate ? { date: changeOfControlDate } : null,
      pauses: g.pauses,
    },
  });
}

describe('company vesting chart', () => {
  it('shifts installments after a leave of absence, like the server', () => {
    // 100 on the first of each month from 1 Feb 2024. Two months off from 1 Jun 2024: the June
    // installment moves to 1 Aug 2024.
    const g = grant({ pauses: [{ start: '2024-06-01', end: '2024-08-01' }] });
    const vestings = new Map([[g.id, grantVesting(g, plan, TODAY)]]);
    const series = chartSeries([g], vestings, []);
    expect(valueOn(series, '2024-06-01')).toBe(400);
    expect(valueOn(series, '2024-07-01')).toBe(400);
    expect(valueOn(series, '2024-08-01')).toBe(500);
    // The last installment is two months later than without the leave.
    expect(series.dates.at(-1)! > '2028-01-01').toBe(true);
    const server = serverResult(g, null);
    for (const d of series.dates) expect(valueOn(series, d)).toBe(vestedAsOf(server, d));
  });

  it('accelerates on a change of control given to the engine, like the server', () => {
    const g = grant();
    const vestings = new Map([[g.id, grantVesting(g, plan, TODAY, '2024-06-15')]]);
    const series = chartSeries([g], vestings, []);
    expect(valueOn(series, '2024-06-01')).toBe(500);
    expect(valueOn(series, '2024-07-01')).toBe(4800);
    const server = serverResult(g, '2024-06-15');
    for (const d of series.dates) expect(valueOn(series, d)).toBe(vestedAsOf(server, d));
  });

  it('takes the server’s schedule for a grant a change of control accelerated', () => {
    // The list does not carry the change of control: the server's figure today gives it away.
    const g = grant({ schedule: { ...grant().schedule, vested: 4800, unvested: 0 } });
    const vestings = new Map([[g.id, grantVesting(g, plan, TODAY)]]);
    expect(grantsNeedingServerSchedule([g], vestings, TODAY)).toEqual([g.id]);
    const server = serverResult(g, '2024-06-15');
    const detail = {
      ...g,
      installments: server.installments,
      forfeitures: server.forfeitures,
      exercises: [],
    } satisfies GrantDetail;
    const series = chartSeries([g], vestings, [detail]);
    expect(valueOn(series, '2024-07-01')).toBe(4800);
    for (const d of series.dates) expect(valueOn(series, d)).toBe(vestedAsOf(server, d));
    // Until the detail arrives, the browser's own computation.
    expect(valueOn(chartSeries([g], vestings, [undefined]), '2024-07-01')).toBe(600);
  });

  it('leaves alone grants whose figures agree, and cancelled ones', () => {
    const agreeing = grant();
    const cancelled = grant({ id: uuid(2), cancelledDate: '2024-06-01' });
    const vestings = new Map([
      [agreeing.id, grantVesting(agreeing, plan, TODAY)],
      [cancelled.id, grantVesting(cancelled, plan, TODAY)],
    ]);
    expect(grantsNeedingServerSchedule([agreeing, cancelled], vestings, TODAY)).toEqual([]);
  });
});
