import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../contracts/equity';
import type { Grant, UpcomingItem } from '../../../contracts/vesting';
import {
  companyVestingSeries,
  countsTowardsVesting,
  grantVesting,
  mergeUpcoming,
  milestoneDeadlines,
  type UpcomingEvent,
} from './schedule';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const TIME_TERMS: Grant['terms'] = {
  type: 'time',
  periodLength: 1,
  periodUnit: 'months',
  occurrences: 48,
  cliffPeriods: 12,
  dayOfMonth: 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
  allocation: 'CUMULATIVE_ROUNDING',
};

function grant(n: number, over: Partial<Grant> = {}): Grant {
  return {
    id: uuid(n),
    companyId: uuid(900),
    stakeholderId: uuid(800 + n),
    stakeholderName: `Holder ${n}`,
    planId: uuid(700),
    planName: 'ESOP 2024',
    quantity: 4800,
    exercisePrice: '0.10',
    currency: 'EUR',
    pauses: [],
    grantDate: '2024-01-15',
    vestingStartDate: '2024-01-15',
    templateId: null,
    terms: TIME_TERMS,
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
      asOf: '2025-03-01',
      vested: 0,
      unvested: 0,
      exercised: 0,
      forfeited: 0,
      exercisable: 0,
      nextInstallment: null,
      exerciseDeadline: null,
      pending: [],
    },
    createdAt: '2024-01-15T00:00:00.000Z',
    updatedAt: '2024-01-15T00:00:00.000Z',
    ...over,
  };
}

const plan = {
  leaverPolicy: {
    good: { unvested: 'forfeit', vested: 'keep' },
    bad: { unvested: 'forfeit', vested: 'forfeit' },
  },
  acceleration: { trigger: 'none', percent: null, windowMonths: null },
  exerciseWindowMonths: 24,
} as unknown as Plan;

const milestoneTerms = (deadline: string | null, achievedDate: string | null = null) =>
  ({
    type: 'milestone',
    allocation: 'CUMULATIVE_ROUNDING',
    milestones: [
      {
        id: 'm1',
        name: 'Series A',
        portion: { numerator: 1, denominator: 2 },
        achievedDate,
        deadline,
      },
      {
        id: 'm2',
        name: 'Profitability',
        portion: { numerator: 1, denominator: 2 },
        achievedDate: null,
        deadline: null,
      },
    ],
  }) as Grant['terms'];

describe('countsTowardsVesting', () => {
  it.each([
    ['draft', false],
    ['offered', false],
    ['accepted', true],
    ['active', true],
    ['forfeited', true],
  ] as const)('%s → %s', (status, expected) => {
    expect(countsTowardsVesting(grant(1, { status }))).toBe(expected);
  });
});

describe('grantVesting', () => {
  it('vests a quarter at the one-year cliff, then monthly', () => {
    const result = grantVesting(grant(1), plan, '2025-03-01');
    expect(result.installments[0]).toMatchObject({ date: '2025-01-15', quantity: 1200 });
    expect(result.installments[1]).toMatchObject({ date: '2025-02-15', quantity: 100 });
    expect(result.installments).toHaveLength(37);
  });

  it('stops at a good leaver’s termination and sets the plan’s exercise deadline', () => {
    const result = grantVesting(
      grant(1, {
        status: 'forfeited',
        termination: { date: '2025-06-30', leaverType: 'good', reason: null },
      }),
      plan,
      '2025-07-01',
    );
    expect(result.installments.at(-1)?.date).toBe('2025-06-15');
    expect(result.exerciseDeadline).toBe('2027-06-30');
  });

  it('treats a cancellation as forfeiting the unvested, whatever the plan says', () => {
    const result = grantVesting(
      grant(1, { status: 'cancelled', cancelledDate: '2025-02-20' }),
      { ...plan, exerciseWindowMonths: 12 } as Plan,
      '2025-03-01',
    );
    expect(result.installments.map((i) => i.date)).toEqual(['2025-01-15', '2025-02-15']);
    expect(result.exerciseDeadline).toBeNull();
  });
});

describe('companyVestingSeries', () => {
  it('is empty without counted grants', () => {
    expect(companyVestingSeries([grant(1)], new Map())).toEqual({ dates: [], series: [] });
  });

  it('sums each plan on the first of each month, plans by name', () => {
    const a = grant(1);
    const b = grant(2, { planId: uuid(701), planName: 'Angel plan', quantity: 480 });
    const vestings = new Map([a, b].map((g) => [g.id, grantVesting(g, plan, '2025-03-01')]));
    const { dates, series } = companyVestingSeries([a, b], vestings);
    expect(dates[0]).toBe('2024-01-01');
    expect(dates.at(-1)! > '2028-01-15').toBe(true);
    expect(series.map((s) => s.planName)).toEqual(['Angel plan', 'ESOP 2024']);
    const feb2025 = dates.indexOf('2025-02-01');
    expect(series[1]!.values[feb2025]).toBe(1200);
    expect(series[0]!.values.at(-1)).toBe(480);
    expect(series[1]!.values.at(-1)).toBe(4800);
  });

  it('widens the step on long spans to stay near 120 points', () => {
    const g = grant(1, { terms: { ...TIME_TERMS, occurrences: 240, cliffPeriods: 0 } });
    const vestings = new Map([[g.id, grantVesting(g, plan, '2025-03-01')]]);
    const { dates } = companyVestingSeries([g], vestings);
    // 241 months from January 2024 to January 2044: a step of 3 months.
    expect(dates.length).toBeLessThanOrEqual(122);
    expect(dates.slice(0, 3)).toEqual(['2024-01-01', '2024-04-01', '2024-07-01']);
    expect(dates.at(-1)! > '2044-01-15').toBe(true);
  });
});

describe('milestoneDeadlines', () => {
  const today = '2025-03-01';
  const deadlines = (g: Grant, days = 90) =>
    milestoneDeadlines([g], new Map([[g.id, grantVesting(g, plan, today)]]), today, days);

  it('lists a pending milestone whose deadline falls in the window, with its quantity', () => {
    expect(deadlines(grant(1, { terms: milestoneTerms('2025-04-30') }))).toEqual([
      {
        date: '2025-04-30',
        kind: 'milestone_deadline',
        grantId: uuid(1),
        stakeholderName: 'Holder 1',
        planName: 'ESOP 2024',
        quantity: 2400,
        detail: 'Series A',
      },
    ]);
  });

  it('counts today and the last day of the window in', () => {
    expect(deadlines(grant(1, { terms: milestoneTerms(today) }))).toHaveLength(1);
    expect(deadlines(grant(1, { terms: milestoneTerms('2025-05-30') }))).toHaveLength(1);
    expect(deadlines(grant(1, { terms: milestoneTerms('2025-05-31') }))).toHaveLength(0);
    expect(deadlines(grant(1, { terms: milestoneTerms('2025-02-28') }))).toHaveLength(0);
  });

  it('skips achieved milestones, leavers, cancelled and settled grants', () => {
    expect(deadlines(grant(1, { terms: milestoneTerms('2025-04-30', '2025-02-01') }))).toEqual([]);
    const terms = milestoneTerms('2025-04-30');
    const leaver = { date: '2025-02-01', leaverType: 'good', reason: null } as const;
    expect(deadlines(grant(1, { terms, status: 'forfeited', termination: leaver }))).toEqual([]);
    expect(deadlines(grant(1, { terms, status: 'active', termination: leaver }))).toEqual([]);
    expect(deadlines(grant(1, { terms, status: 'cancelled', cancelledDate: today }))).toEqual([]);
    expect(deadlines(grant(1, { terms, status: 'exercised' }))).toEqual([]);
  });

  it('reads the milestone parts of combined terms', () => {
    const terms = {
      type: 'combined',
      parts: [
        { portion: { numerator: 1, denominator: 2 }, terms: TIME_TERMS },
        { portion: { numerator: 1, denominator: 2 }, terms: milestoneTerms('2025-04-01') },
      ],
    } as Grant['terms'];
    expect(deadlines(grant(1, { terms })).map((e) => [e.date, e.detail, e.quantity])).toEqual([
      ['2025-04-01', 'Series A', 1200],
    ]);
  });
});

describe('mergeUpcoming', () => {
  const item = (date: string, type: UpcomingItem['type']): UpcomingItem => ({
    date,
    type,
    companyId: uuid(900),
    companyName: 'Acme BV',
    grantId: uuid(1),
    stakeholderName: 'Holder 1',
    planName: 'ESOP 2024',
    quantity: 100,
    taskId: null,
  });
  const deadline: UpcomingEvent = {
    date: '2025-03-10',
    kind: 'milestone_deadline',
    grantId: uuid(2),
    stakeholderName: 'Holder 2',
    planName: 'ESOP 2024',
    quantity: 50,
    detail: 'Series A',
  };

  it('maps the server’s items and slots milestone deadlines in by date', () => {
    const merged = mergeUpcoming(
      [
        item('2025-03-05', 'cliff'),
        item('2025-03-10', 'expiry'),
        item('2025-03-15', 'installment'),
      ],
      [deadline],
    );
    expect(merged.map((e) => [e.date, e.kind])).toEqual([
      ['2025-03-05', 'cliff'],
      ['2025-03-10', 'expiry'],
      ['2025-03-10', 'milestone_deadline'],
      ['2025-03-15', 'installment'],
    ]);
    expect(merged[0]).toEqual({
      date: '2025-03-05',
      kind: 'cliff',
      grantId: uuid(1),
      stakeholderName: 'Holder 1',
      planName: 'ESOP 2024',
      quantity: 100,
      detail: null,
    });
  });

  it('is empty when both are', () => {
    expect(mergeUpcoming([], [])).toEqual([]);
  });
});
