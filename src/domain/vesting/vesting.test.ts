import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, allocatePortions } from './allocation';
import { addDays, addMonths, daysBetween, daysInMonth } from './dates';
import { computeVesting, periodDates, vestedAsOf } from './schedule';
import {
  ALLOCATION_TYPES,
  DAY_OF_MONTH_OPTIONS,
  type AllocationType,
  type Milestone,
  type MilestoneTerms,
  type TimeTerms,
  type VestingPolicy,
  type VestingTerms,
} from './types';

const monthly = (
  occurrences: number,
  cliffPeriods = 0,
  extra: Partial<TimeTerms> = {},
): TimeTerms => ({
  type: 'time',
  periodLength: 1,
  periodUnit: 'months',
  occurrences,
  cliffPeriods,
  ...extra,
});

const policy = (over: Partial<VestingPolicy> = {}): VestingPolicy => ({
  leaver: {
    good: { unvested: 'forfeit', vested: 'keep' },
    bad: { unvested: 'forfeit', vested: 'forfeit' },
  },
  acceleration: { trigger: 'none', percent: null, windowMonths: null },
  exerciseWindowMonths: 3,
  ...over,
});

describe('allocation types (domain.md: 18 shares in 4 installments)', () => {
  it.each([
    ['CUMULATIVE_ROUNDING', [5, 4, 5, 4]],
    ['CUMULATIVE_ROUND_DOWN', [4, 5, 4, 5]],
    ['FRONT_LOADED', [5, 5, 4, 4]],
    ['BACK_LOADED', [4, 4, 5, 5]],
    ['FRONT_LOADED_TO_SINGLE_TRANCHE', [6, 4, 4, 4]],
    ['BACK_LOADED_TO_SINGLE_TRANCHE', [4, 4, 4, 6]],
  ] as const)('%s gives %o', (type, expected) => {
    expect(allocate(18, 4, type)).toEqual(expected);
  });

  it('property: every allocation sums to the quantity in whole, non-negative shares', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 120 }),
        fc.constantFrom(...ALLOCATION_TYPES),
        (quantity, count, type) => {
          const parts = allocate(quantity, count, type);
          expect(parts).toHaveLength(count);
          expect(parts.reduce((s, n) => s + n, 0)).toBe(quantity);
          for (const p of parts) expect(Number.isInteger(p) && p >= 0).toBe(true);
        },
      ),
    );
  });

  it('portions summing to one split the whole quantity', () => {
    expect(
      allocatePortions(10, [
        { numerator: 1, denominator: 3 },
        { numerator: 1, denominator: 3 },
        { numerator: 1, denominator: 3 },
      ]),
    ).toEqual([3, 4, 3]);
  });
});

describe('installment dates', () => {
  it('are computed from the start each time and clamped to the month end', () => {
    expect(periodDates('2024-01-31', monthly(4))).toEqual([
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
    ]);
    expect(periodDates('2023-01-31', monthly(2))).toEqual(['2023-02-28', '2023-03-31']);
  });

  it.each([
    ['01', '2024-02-01'],
    ['15', '2024-02-15'],
    ['28', '2024-02-28'],
    ['29_OR_LAST_DAY_OF_MONTH', '2024-02-29'],
    ['30_OR_LAST_DAY_OF_MONTH', '2024-02-29'],
    ['31_OR_LAST_DAY_OF_MONTH', '2024-02-29'],
    ['VESTING_START_DAY_OR_LAST_DAY_OF_MONTH', '2024-02-10'],
  ] as const)('day of month %s in a leap February', (dayOfMonth, expected) => {
    expect(addMonths('2024-01-10', 1, dayOfMonth)).toBe(expected);
  });

  it('a numeric day of month is read in the installment month (start month + k periods, on that day)', () => {
    // docs/vesting.md: the first installment is in the month after the start, whatever the day.
    expect(periodDates('2024-01-20', monthly(3, 0, { dayOfMonth: '01' }))).toEqual([
      '2024-02-01',
      '2024-03-01',
      '2024-04-01',
    ]);
    expect(periodDates('2024-01-31', monthly(2, 0, { dayOfMonth: '28' }))).toEqual([
      '2024-02-28',
      '2024-03-28',
    ]);
    expect(
      periodDates('2024-01-31', { ...monthly(2, 0, { dayOfMonth: '15' }), periodLength: 3 }),
    ).toEqual(['2024-04-15', '2024-07-15']);
    // 365-day periods are not years: 2024 has 366 days.
    expect(
      periodDates('2024-01-01', {
        type: 'time',
        periodLength: 365,
        periodUnit: 'days',
        occurrences: 2,
      }),
    ).toEqual(['2024-12-31', '2025-12-31']);
  });

  it('a non-leap February clamps to the 28th; day periods count days', () => {
    expect(addMonths('2023-01-29', 1, '29_OR_LAST_DAY_OF_MONTH')).toBe('2023-02-28');
    expect(
      periodDates('2024-02-28', {
        type: 'time',
        periodLength: 1,
        periodUnit: 'days',
        occurrences: 2,
      }),
    ).toEqual(['2024-02-29', '2024-03-01']);
    expect(
      periodDates('2024-01-15', {
        type: 'time',
        periodLength: 3,
        periodUnit: 'months',
        occurrences: 2,
      }),
    ).toEqual(['2024-04-15', '2024-07-15']);
  });
});

describe('the worked example (domain.md): 10,000 options, 48 months, 12-month cliff', () => {
  const result = computeVesting({
    quantity: 10_000,
    vestingStartDate: '2024-01-15',
    terms: monthly(48, 12),
    asOf: '2030-01-01',
  });

  it('vests 2,500 at the cliff, then 208, 209, 208, 208, …, last on 2028-01-15, total 10,000', () => {
    expect(result.installments[0]).toMatchObject({
      date: '2025-01-15',
      quantity: 2500,
      source: 'cliff',
    });
    expect(result.installments.slice(1, 5).map((i) => i.quantity)).toEqual([208, 209, 208, 208]);
    expect(result.installments.at(-1)).toMatchObject({ date: '2028-01-15', cumulative: 10_000 });
    expect(result.installments).toHaveLength(37);
    expect(result.vested).toBe(10_000);
  });

  it('nothing vests the day before the cliff', () => {
    expect(vestedAsOf(result, '2025-01-14')).toBe(0);
    expect(vestedAsOf(result, '2025-01-15')).toBe(2500);
  });

  it('a cliff equal to the length vests everything at once', () => {
    const all = computeVesting({
      quantity: 1000,
      vestingStartDate: '2024-01-01',
      terms: monthly(12, 12),
      asOf: '2026-01-01',
    });
    expect(all.installments).toEqual([
      { date: '2025-01-01', quantity: 1000, cumulative: 1000, source: 'cliff' },
    ]);
  });
});

describe('milestones', () => {
  const terms = {
    type: 'milestone' as const,
    milestones: [
      {
        id: 'a',
        name: 'Product launch',
        portion: { numerator: 1, denominator: 2 },
        achievedDate: '2024-06-01',
        deadline: null,
      },
      {
        id: 'b',
        name: 'Series A',
        portion: { numerator: 1, denominator: 4 },
        achievedDate: null,
        deadline: '2024-12-31',
      },
      {
        id: 'c',
        name: 'ARR 1M',
        portion: { numerator: 1, denominator: 4 },
        achievedDate: null,
        deadline: '2025-12-31',
      },
    ],
  };

  it('an achieved milestone vests on its date; a passed deadline forfeits; the rest is pending', () => {
    const result = computeVesting({
      quantity: 1000,
      vestingStartDate: '2024-01-01',
      terms,
      asOf: '2025-03-01',
    });
    expect(result.installments).toEqual([
      { date: '2024-06-01', quantity: 500, cumulative: 500, source: 'milestone', milestoneId: 'a' },
    ]);
    expect(result.forfeitures).toEqual([
      { date: '2024-12-31', quantity: 250, reason: 'milestone_deadline', milestoneId: 'b' },
    ]);
    expect(result.pending).toEqual([{ milestoneId: 'c', quantity: 250 }]);
    expect(result).toMatchObject({ vested: 500, forfeited: 250, unvested: 250 });
  });

  it('before the deadline the milestone is still pending', () => {
    const result = computeVesting({
      quantity: 1000,
      vestingStartDate: '2024-01-01',
      terms,
      asOf: '2024-12-31',
    });
    expect(result.pending.map((p) => p.milestoneId)).toEqual(['b', 'c']);
  });

  it('combined terms vest partly on time and partly on milestones', () => {
    const result = computeVesting({
      quantity: 1200,
      vestingStartDate: '2024-01-01',
      terms: {
        type: 'combined',
        parts: [
          { portion: { numerator: 3, denominator: 4 }, terms: monthly(12) },
          {
            portion: { numerator: 1, denominator: 4 },
            terms: {
              type: 'milestone',
              milestones: [
                {
                  id: 'exit',
                  name: 'Exit',
                  portion: { numerator: 1, denominator: 1 },
                  achievedDate: null,
                  deadline: null,
                },
              ],
            },
          },
        ],
      },
      asOf: '2025-06-01',
    });
    expect(result.vested).toBe(900);
    expect(result.pending).toEqual([{ milestoneId: 'exit', quantity: 300 }]);
  });
});

describe('leavers, acceleration and pauses', () => {
  const base = { quantity: 4800, vestingStartDate: '2024-01-01', terms: monthly(48, 12) };

  it('a good leaver keeps vested shares with an exercise deadline; unvested is forfeited', () => {
    const result = computeVesting({
      ...base,
      asOf: '2026-01-01',
      policy: policy(),
      events: { termination: { date: '2025-06-15', leaverType: 'good' } },
    });
    // Cliff 1,200 on 2025-01-01, then 100 a month through 2025-06-01: 1,700.
    expect(result).toMatchObject({
      vested: 1700,
      forfeited: 3100,
      unvested: 0,
      exerciseDeadline: '2025-09-15',
    });
    expect(result.installments.at(-1)!.date).toBe('2025-06-01');
  });

  it('a bad leaver forfeits vested shares too, per the plan', () => {
    const result = computeVesting({
      ...base,
      asOf: '2026-01-01',
      policy: policy(),
      events: { termination: { date: '2025-06-15', leaverType: 'bad' } },
    });
    expect(result).toMatchObject({
      vested: 0,
      forfeited: 4800,
      unvested: 0,
      exerciseDeadline: null,
    });
    // Before the termination the vested shares were there.
    expect(vestedAsOf(result, '2025-06-14')).toBe(1700);
  });

  it('a leaver whose plan lets unvested continue keeps vesting', () => {
    const p = policy({
      leaver: {
        good: { unvested: 'continue', vested: 'keep' },
        bad: { unvested: 'forfeit', vested: 'forfeit' },
      },
    });
    const result = computeVesting({
      ...base,
      asOf: '2029-01-01',
      policy: p,
      events: { termination: { date: '2025-06-15', leaverType: 'good' } },
    });
    expect(result).toMatchObject({ vested: 4800, forfeited: 0 });
  });

  it('single trigger: the plan percentage of unvested vests on the change of control', () => {
    const p = policy({ acceleration: { trigger: 'single', percent: 50, windowMonths: null } });
    const result = computeVesting({
      ...base,
      asOf: '2025-07-01',
      policy: p,
      events: { changeOfControl: { date: '2025-06-15' } },
    });
    // Vested 1,700 before; unvested 3,100 → 1,550 accelerate; 1,550 keep vesting later.
    expect(result.installments.find((i) => i.source === 'acceleration')).toMatchObject({
      date: '2025-06-15',
      quantity: 1550,
    });
    expect(result.vested).toBe(3250 + 50);
    const end = computeVesting({
      ...base,
      asOf: '2030-01-01',
      policy: p,
      events: { changeOfControl: { date: '2025-06-15' } },
    });
    expect(end.vested).toBe(4800);
  });

  it('double trigger: accelerates only on a termination without cause within the window', () => {
    const p = policy({ acceleration: { trigger: 'double', percent: 100, windowMonths: 12 } });
    const coc = { date: '2025-06-15' };
    const within = computeVesting({
      ...base,
      asOf: '2026-01-01',
      policy: p,
      events: { changeOfControl: coc, termination: { date: '2026-01-01', leaverType: 'good' } },
    });
    expect(within).toMatchObject({ vested: 4800, forfeited: 0 });
    const late = computeVesting({
      ...base,
      asOf: '2027-01-01',
      policy: p,
      events: { changeOfControl: coc, termination: { date: '2026-07-01', leaverType: 'good' } },
    });
    expect(late.forfeited).toBeGreaterThan(0);
    const noTermination = computeVesting({
      ...base,
      asOf: '2025-07-01',
      policy: p,
      events: { changeOfControl: coc },
    });
    expect(noTermination.installments.some((i) => i.source === 'acceleration')).toBe(false);
    const forCause = computeVesting({
      ...base,
      asOf: '2026-01-01',
      policy: p,
      events: { changeOfControl: coc, termination: { date: '2025-12-01', leaverType: 'bad' } },
    });
    expect(forCause.installments.some((i) => i.source === 'acceleration')).toBe(false);
  });

  it('a leave of absence shifts later installments by the paused days', () => {
    const result = computeVesting({
      quantity: 1200,
      vestingStartDate: '2024-01-01',
      terms: monthly(12),
      asOf: '2026-01-01',
      events: { pauses: [{ start: '2024-03-15', end: '2024-04-14' }] },
    });
    expect(result.installments.slice(0, 4).map((i) => i.date)).toEqual([
      '2024-02-01',
      '2024-03-01',
      '2024-05-01',
      '2024-05-31',
    ]);
    expect(result.vested).toBe(1200);
  });
});

describe('properties', () => {
  const terms = fc.record({
    occurrences: fc.integer({ min: 1, max: 60 }),
    periodLength: fc.integer({ min: 1, max: 12 }),
    periodUnit: fc.constantFrom('months' as const, 'days' as const),
    cliff: fc.integer({ min: 0, max: 60 }),
    allocation: fc.constantFrom(...ALLOCATION_TYPES),
    dayOfMonth: fc.constantFrom(...DAY_OF_MONTH_OPTIONS),
  });
  const date = fc
    .date({ min: new Date('2015-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

  it('installments sum to the quantity, never decrease, start after the start and not before the cliff', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), terms, date, (quantity, t, start) => {
        const cliffPeriods = Math.min(t.cliff, t.occurrences);
        const spec: TimeTerms = {
          type: 'time',
          periodLength: t.periodLength,
          periodUnit: t.periodUnit,
          occurrences: t.occurrences,
          cliffPeriods,
          allocation: t.allocation,
          dayOfMonth: t.dayOfMonth,
        };
        const result = computeVesting({
          quantity,
          vestingStartDate: start,
          terms: spec,
          asOf: '2100-01-01',
        });
        expect(result.installments.reduce((s, i) => s + i.quantity, 0)).toBe(quantity);
        let previous = 0;
        const cliffDate = cliffPeriods > 0 ? periodDates(start, spec)[cliffPeriods - 1]! : start;
        for (const i of result.installments) {
          expect(i.cumulative).toBeGreaterThanOrEqual(previous);
          previous = i.cumulative;
          expect(i.date > start).toBe(true);
          expect(i.date >= cliffDate).toBe(true);
        }
      }),
    );
  });

  it('vested is monotone in the date, and acceleration never vests more than the quantity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        terms,
        date,
        date,
        date,
        fc.integer({ min: 0, max: 100 }),
        (quantity, t, start, a, b, percent) => {
          const spec: TimeTerms = {
            type: 'time',
            periodLength: t.periodLength,
            periodUnit: t.periodUnit,
            occurrences: t.occurrences,
            cliffPeriods: Math.min(t.cliff, t.occurrences),
            allocation: t.allocation,
          };
          const result = computeVesting({
            quantity,
            vestingStartDate: start,
            terms: spec,
            asOf: '2100-01-01',
            policy: policy({ acceleration: { trigger: 'single', percent, windowMonths: null } }),
            events: { changeOfControl: { date: a } },
          });
          const [early, late] = a <= b ? [a, b] : [b, a];
          expect(vestedAsOf(result, early)).toBeLessThanOrEqual(vestedAsOf(result, late));
          expect(result.installments.reduce((s, i) => s + i.quantity, 0)).toBe(quantity);
          expect(result.vested).toBeLessThanOrEqual(quantity);
        },
      ),
    );
  });
});

describe('allocation arithmetic', () => {
  it('property: the fast path agrees with exact bigint arithmetic', () => {
    const exact = (q: number, n: number, down: boolean) => {
      const parts: number[] = [];
      let prev = 0n;
      for (let k = 1n; k <= BigInt(n); k++) {
        const c = down
          ? (BigInt(q) * k) / BigInt(n)
          : (2n * BigInt(q) * k + BigInt(n)) / (2n * BigInt(n));
        parts.push(Number(c - prev));
        prev = c;
      }
      return parts;
    };
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 1e9 })),
        // Up to 10,000 installments (issue 11's daily schedules over years).
        fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 10_000 })),
        fc.boolean(),
        (q, n, down) => {
          expect(allocate(q, n, down ? 'CUMULATIVE_ROUND_DOWN' : 'CUMULATIVE_ROUNDING')).toEqual(
            exact(q, n, down),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

// ------------------------------------------------------------------------------------ issue 11

const third = { numerator: 1, denominator: 3 };
const milestoneOf = (
  id: string,
  amount: { portion: { numerator: number; denominator: number } } | { quantity: number },
  achievedDate: string | null = null,
  deadline: string | null = null,
): Milestone => ({ id, name: id.toUpperCase(), ...amount, achievedDate, deadline });

describe('terms that would vest more than the grant (issue 11): the engine caps them', () => {
  it('a fixed quantity next to portions of the whole never vests more than the quantity', () => {
    const result = computeVesting({
      quantity: 1000,
      vestingStartDate: '2024-01-01',
      terms: {
        type: 'milestone',
        milestones: [
          milestoneOf('all', { portion: { numerator: 1, denominator: 1 } }, '2024-03-01'),
          milestoneOf('extra', { quantity: 500 }, '2024-06-01'),
        ],
      },
      asOf: '2025-01-01',
    });
    expect(result).toMatchObject({ vested: 1000, unvested: 0, forfeited: 0 });
    expect(result.installments.map((i) => [i.milestoneId, i.quantity])).toEqual([['all', 1000]]);
  });

  it('a combined part whose fixed quantities exceed the part gets at most the part', () => {
    const result = computeVesting({
      quantity: 1000,
      vestingStartDate: '2024-01-01',
      terms: {
        type: 'combined',
        parts: [
          {
            portion: { numerator: 1, denominator: 4 },
            terms: { type: 'milestone', milestones: [milestoneOf('m', { quantity: 600 })] },
          },
          { portion: { numerator: 3, denominator: 4 }, terms: monthly(12) },
        ],
      },
      asOf: '2026-01-01',
    });
    expect(result.pending).toEqual([{ milestoneId: 'm', quantity: 250 }]);
    expect(result).toMatchObject({ vested: 750, unvested: 250 });
  });
});

describe('milestones round in the order they vest (issue 11)', () => {
  const listedLastVestsFirst = (allocation: AllocationType): MilestoneTerms => ({
    type: 'milestone',
    allocation,
    milestones: [
      milestoneOf('a', { portion: third }),
      milestoneOf('b', { portion: third }, '2024-09-01'),
      milestoneOf('c', { portion: third }, '2024-03-01'),
    ],
  });

  it('CUMULATIVE_ROUND_DOWN: the first to vest gets the rounded-down share, wherever it is listed', () => {
    const result = computeVesting({
      quantity: 10,
      vestingStartDate: '2024-01-01',
      terms: listedLastVestsFirst('CUMULATIVE_ROUND_DOWN'),
      asOf: '2025-01-01',
    });
    // 10 × 1/3 = 3.33 → 3; 10 × 2/3 = 6.67 → 6; the rest (4) is still pending.
    expect(result.installments.map((i) => [i.milestoneId, i.quantity, i.cumulative])).toEqual([
      ['c', 3, 3],
      ['b', 3, 6],
    ]);
    expect(result.pending).toEqual([{ milestoneId: 'a', quantity: 4 }]);
  });

  it('CUMULATIVE_ROUNDING: the running total in vesting order rounds half up', () => {
    const result = computeVesting({
      quantity: 1,
      vestingStartDate: '2024-01-01',
      terms: {
        type: 'milestone',
        milestones: [
          milestoneOf('a', { portion: { numerator: 1, denominator: 2 } }),
          milestoneOf('b', { portion: { numerator: 1, denominator: 2 } }, '2024-03-01'),
        ],
      },
      asOf: '2025-01-01',
    });
    // Half of one share, achieved first, rounds half up to 1; the other half gets 0.
    expect(result.installments.map((i) => [i.milestoneId, i.quantity])).toEqual([['b', 1]]);
    expect(result).toMatchObject({ vested: 1, unvested: 0 });
  });

  it('ties on a date keep the list order; fixed quantities count in the running total', () => {
    const result = computeVesting({
      quantity: 100,
      vestingStartDate: '2024-01-01',
      terms: {
        type: 'milestone',
        allocation: 'CUMULATIVE_ROUND_DOWN',
        milestones: [
          milestoneOf('late', { portion: third }, '2024-12-01'),
          milestoneOf('fixed', { quantity: 10 }, '2024-05-01'),
          milestoneOf('same1', { portion: third }, '2024-05-01'),
          milestoneOf('same2', { portion: { numerator: 1, denominator: 6 } }, '2024-05-01'),
        ],
      },
      asOf: '2025-01-01',
    });
    // 10; 10 + 33.3 → 43; 10 + 50 = 60; 10 + 83.3 → 93.
    expect(result.installments.map((i) => [i.milestoneId, i.cumulative])).toEqual([
      ['fixed', 10],
      ['same1', 43],
      ['same2', 60],
      ['late', 93],
    ]);
  });

  const milestoneSet = fc
    .record({
      quantity: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 1e9 })),
      items: fc.array(
        fc.record({
          kind: fc.constantFrom('portion', 'portion', 'portion', 'quantity'),
          numerator: fc.integer({ min: 0, max: 7 }),
          denominator: fc.integer({ min: 1, max: 12 }),
          fixed: fc.integer({ min: 1, max: 50 }),
          achieved: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
          deadline: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      allocation: fc.constantFrom('CUMULATIVE_ROUNDING', 'CUMULATIVE_ROUND_DOWN') as fc.Arbitrary<
        'CUMULATIVE_ROUNDING' | 'CUMULATIVE_ROUND_DOWN'
      >,
    })
    .map(({ quantity, items, allocation }) => {
      // Amounts as fractions of the quantity (fixed ones: fixed / quantity), kept within it.
      let num = 0;
      const milestones: Milestone[] = [];
      const exact: { num: number; den: number }[] = [];
      items.forEach((it, i) => {
        const byQuantity = it.kind === 'quantity' && quantity > 0;
        const share = byQuantity ? it.fixed / quantity : it.numerator / it.denominator;
        if (num + share > 1 + 1e-12) return;
        num += share;
        const month = (k: number | null) =>
          k === null ? null : `2024-${String(k + 1).padStart(2, '0')}-01`;
        milestones.push(
          milestoneOf(
            `m${i}`,
            byQuantity
              ? { quantity: it.fixed }
              : { portion: { numerator: it.numerator, denominator: it.denominator } },
            month(it.achieved),
            month(it.deadline),
          ),
        );
        exact.push(
          byQuantity
            ? { num: it.fixed, den: 1 }
            : { num: it.numerator * quantity, den: it.denominator },
        );
      });
      return { quantity, allocation, milestones, exact };
    });

  it('property: vested on any date is the achieved amount rounded (down under CUMULATIVE_ROUND_DOWN), never more', () => {
    fc.assert(
      fc.property(milestoneSet, ({ quantity, allocation, milestones, exact }) => {
        const result = computeVesting({
          quantity,
          vestingStartDate: '2024-01-01',
          terms: { type: 'milestone', allocation, milestones },
          asOf: '2030-01-01',
        });
        for (let k = 0; k <= 6; k++) {
          const day = `2024-${String(k + 1).padStart(2, '0')}-01`;
          // The exact amount achieved by `day` (a milestone vests on or before its deadline).
          let num = 0n;
          let den = 1n;
          milestones.forEach((m, i) => {
            if (!m.achievedDate || m.achievedDate > day) return;
            if (m.deadline && m.achievedDate > m.deadline) return;
            const e = exact[i]!;
            num = num * BigInt(e.den) + BigInt(e.num) * den;
            den *= BigInt(e.den);
          });
          const down = Number(num / den);
          const halfUp = Number((2n * num + den) / (2n * den));
          const vested = vestedAsOf(result, day);
          if (allocation === 'CUMULATIVE_ROUND_DOWN') {
            expect(vested).toBeLessThanOrEqual(down);
            expect(vested).toBe(down);
          } else expect(vested).toBe(halfUp);
        }
        expect(result.unvested).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2_000 },
    );
  }, 60_000);

  it('property: when every milestone vests and the portions make the whole, the total is the quantity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 28 }), { minLength: 8, maxLength: 8 }),
        fc.constantFrom('CUMULATIVE_ROUNDING', 'CUMULATIVE_ROUND_DOWN') as fc.Arbitrary<
          'CUMULATIVE_ROUNDING' | 'CUMULATIVE_ROUND_DOWN'
        >,
        (quantity, weights, days, allocation) => {
          const total = weights.reduce((s, w) => s + w, 0);
          const result = computeVesting({
            quantity,
            vestingStartDate: '2024-01-01',
            terms: {
              type: 'milestone',
              allocation,
              milestones: weights.map((w, i) =>
                milestoneOf(
                  `m${i}`,
                  { portion: { numerator: w, denominator: total } },
                  `2024-02-${String(days[i]).padStart(2, '0')}`,
                ),
              ),
            },
            asOf: '2024-03-01',
          });
          expect(result.vested).toBe(quantity);
          expect(result.installments.at(-1)?.cumulative ?? 0).toBe(quantity);
        },
      ),
      { numRuns: 1_000 },
    );
  }, 60_000);
});

describe('combined terms split the quantity between parts by their rounding (issue 11)', () => {
  const twoParts = (allocation: AllocationType): VestingTerms => ({
    type: 'combined',
    parts: [
      {
        portion: { numerator: 2, denominator: 3 },
        terms: { ...monthly(1), allocation },
      },
      {
        portion: { numerator: 1, denominator: 3 },
        terms: { ...monthly(1), periodLength: 2, allocation },
      },
    ],
  });
  const amounts = (terms: VestingTerms) =>
    computeVesting({
      quantity: 10,
      vestingStartDate: '2024-01-01',
      terms,
      asOf: '2025-01-01',
    }).installments.map((i) => i.quantity);

  it('CUMULATIVE_ROUND_DOWN parts: 10 × 2/3 = 6.67 gives the first part 6, not 7', () => {
    expect(amounts(twoParts('CUMULATIVE_ROUND_DOWN'))).toEqual([6, 4]);
  });

  it('CUMULATIVE_ROUNDING parts round the split half up, as before', () => {
    expect(amounts(twoParts('CUMULATIVE_ROUNDING'))).toEqual([7, 3]);
  });

  it('one part rounding down is enough to split rounding down', () => {
    const terms = twoParts('CUMULATIVE_ROUNDING');
    if (terms.type !== 'combined') throw new Error('combined');
    terms.parts[1]!.terms = {
      type: 'milestone',
      allocation: 'CUMULATIVE_ROUND_DOWN',
      milestones: [milestoneOf('m', { portion: { numerator: 1, denominator: 1 } }, '2024-06-01')],
    };
    expect(amounts(terms)).toEqual([6, 4]);
  });
});

describe('calendar arithmetic of dates.ts in years 0001–0099 (issue 11)', () => {
  it('adds days and counts days as the years themselves, not as 1900–1999', () => {
    expect(addDays('0050-01-31', 1)).toBe('0050-02-01');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(addDays('0100-01-01', -1)).toBe('0099-12-31');
    expect(addDays('0001-01-01', 365)).toBe('0002-01-01');
    expect(daysBetween('0099-12-31', '0100-01-01')).toBe(1);
    expect(daysBetween('0004-02-28', '0004-03-01')).toBe(2);
    expect(daysBetween('0001-01-01', '9999-12-31')).toBe(3_652_058);
  });

  it('knows the leap years of the proleptic Gregorian calendar', () => {
    expect(daysInMonth(0, 2)).toBe(29);
    expect(daysInMonth(4, 2)).toBe(29);
    expect(daysInMonth(100, 2)).toBe(28);
    expect(daysInMonth(400, 2)).toBe(29);
    expect(addMonths('0003-02-28', 12, '29_OR_LAST_DAY_OF_MONTH')).toBe('0004-02-29');
    expect(addMonths('0001-01-31', 1)).toBe('0001-02-28');
  });
});
