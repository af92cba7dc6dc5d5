import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TimeTerms } from '../vesting/types';
import { fromOcfConditions, toOcfConditions, type OcfCondition } from './vesting';

const start = (next: string[]): OcfCondition => ({
  id: 'vesting-start',
  quantity: '0',
  trigger: { type: 'VESTING_START_DATE' },
  next_condition_ids: next,
});
const monthly = (id: string, length: number, occurrences: number, relativeTo: string) => ({
  type: 'VESTING_SCHEDULE_RELATIVE',
  period: {
    length,
    type: 'MONTHS',
    occurrences,
    day_of_month: 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
  },
  relative_to_condition_id: relativeTo,
});

describe('OCF vesting conditions (decision 024)', () => {
  it('reads back the time-based terms it writes (cliff as cliff_installment)', () => {
    fc.assert(
      fc.property(
        fc.record({
          periodLength: fc.integer({ min: 1, max: 12 }),
          periodUnit: fc.constantFrom('months' as const, 'days' as const),
          occurrences: fc.integer({ min: 1, max: 60 }),
          cliff: fc.nat(60),
          allocation: fc.constantFrom('CUMULATIVE_ROUNDING' as const, 'FRONT_LOADED' as const),
        }),
        (p) => {
          const cliffPeriods = Math.min(p.cliff, p.occurrences);
          const terms: TimeTerms = {
            type: 'time',
            periodLength: p.periodLength,
            periodUnit: p.periodUnit,
            occurrences: p.occurrences,
            cliffPeriods: cliffPeriods >= 2 ? cliffPeriods : 0,
            dayOfMonth: 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
            allocation: p.allocation,
          };
          expect(fromOcfConditions(toOcfConditions(terms), p.allocation, '2024-01-15')).toEqual({
            terms,
          });
        },
      ),
    );
  });

  it('reads the older four-year form with a one-year cliff (the coalition sample)', () => {
    const conditions: OcfCondition[] = [
      start(['cliff']),
      {
        id: 'cliff',
        portion: { numerator: '12', denominator: '48' },
        trigger: monthly('cliff', 12, 1, 'vesting-start'),
        next_condition_ids: ['monthly'],
      },
      {
        id: 'monthly',
        portion: { numerator: '1', denominator: '48' },
        trigger: monthly('monthly', 1, 36, 'cliff'),
        next_condition_ids: [],
      },
    ];
    expect(fromOcfConditions(conditions, 'CUMULATIVE_ROUNDING', '2024-01-15')).toEqual({
      terms: {
        type: 'time',
        periodLength: 1,
        periodUnit: 'months',
        occurrences: 48,
        cliffPeriods: 12,
        dayOfMonth: 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
        allocation: 'CUMULATIVE_ROUNDING',
      },
    });
  });

  it('reads event conditions as milestones, zero-amount schedules as their deadline', () => {
    const conditions: OcfCondition[] = [
      start(['expires', 'sale']),
      {
        id: 'expires',
        portion: { numerator: '0', denominator: '1' },
        trigger: monthly('expires', 36, 1, 'vesting-start'),
        next_condition_ids: [],
      },
      {
        id: 'absolute',
        quantity: '0',
        trigger: { type: 'VESTING_SCHEDULE_ABSOLUTE', date: '2025-01-01' },
        next_condition_ids: [],
      },
      {
        id: 'sale',
        description: 'Company is acquired',
        portion: { numerator: '1', denominator: '1' },
        trigger: { type: 'VESTING_EVENT' },
        next_condition_ids: [],
      },
    ];
    expect(fromOcfConditions(conditions, 'CUMULATIVE_ROUND_DOWN', '2021-01-01')).toEqual({
      terms: {
        type: 'milestone',
        allocation: 'CUMULATIVE_ROUND_DOWN',
        milestones: [
          {
            id: 'sale',
            name: 'Company is acquired',
            portion: { numerator: 1, denominator: 1 },
            achievedDate: null,
            deadline: '2024-01-01',
          },
        ],
      },
    });
  });

  it('says why it cannot read other shapes', () => {
    const backLoadedMilestones: OcfCondition[] = [
      start(['a']),
      {
        id: 'a',
        portion: { numerator: '1', denominator: '1' },
        trigger: { type: 'VESTING_EVENT' },
        next_condition_ids: [],
      },
    ];
    expect(fromOcfConditions(backLoadedMilestones, 'BACK_LOADED', '2024-01-01')).toEqual({
      reason: { code: 'MILESTONE_ALLOCATION', allocation: 'BACK_LOADED' },
    });
    expect(fromOcfConditions([start([])], 'CUMULATIVE_ROUNDING', '2024-01-01')).toEqual({
      reason: { code: 'VESTS_NOTHING' },
    });
  });
});
