// Vesting engine benchmark (issue 5): full schedules for 100,000 grants computed by
// `computeVesting`, a realistic mix of terms (4-year monthly with a 1-year cliff, 3-year quarterly,
// daily, milestone and combined), with leavers and a change of control on some. Prints the time
// per grant. Pure CPU: no database, no server.
import { performance } from 'node:perf_hooks';
import { computeVesting, type VestingPolicy, type VestingTerms } from '../src/domain/vesting';

export const VESTING_GRANTS = 100_000;

const policy: VestingPolicy = {
  leaver: {
    good: { unvested: 'forfeit', vested: 'keep' },
    bad: { unvested: 'forfeit', vested: 'forfeit' },
  },
  acceleration: { trigger: 'single', percent: 50, windowMonths: null },
  exerciseWindowMonths: 3,
};

const TERMS: VestingTerms[] = [
  { type: 'time', periodLength: 1, periodUnit: 'months', occurrences: 48, cliffPeriods: 12 },
  {
    type: 'time',
    periodLength: 3,
    periodUnit: 'months',
    occurrences: 12,
    allocation: 'FRONT_LOADED',
  },
  { type: 'time', periodLength: 30, periodUnit: 'days', occurrences: 36, cliffPeriods: 6 },
  {
    type: 'milestone',
    milestones: [
      {
        id: 'a',
        name: 'Launch',
        portion: { numerator: 1, denominator: 2 },
        achievedDate: '2024-06-01',
        deadline: null,
      },
      {
        id: 'b',
        name: 'Series A',
        portion: { numerator: 1, denominator: 2 },
        achievedDate: null,
        deadline: '2026-12-31',
      },
    ],
  },
  {
    type: 'combined',
    parts: [
      {
        portion: { numerator: 3, denominator: 4 },
        terms: {
          type: 'time',
          periodLength: 1,
          periodUnit: 'months',
          occurrences: 48,
          cliffPeriods: 12,
        },
      },
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
];

export interface VestingRun {
  grants: number;
  totalMs: number;
  perGrantUs: number;
  installments: number;
}

export function benchVestingEngine(count = VESTING_GRANTS): VestingRun {
  let installments = 0;
  // Warm-up so the JIT has settled before timing.
  for (let i = 0; i < 2_000; i++) run(i);
  const started = performance.now();
  for (let i = 0; i < count; i++) installments += run(i);
  const totalMs = performance.now() - started;
  return { grants: count, totalMs, perGrantUs: (totalMs * 1000) / count, installments };
}

function run(i: number): number {
  const month = String((i % 12) + 1).padStart(2, '0');
  const day = String((i % 28) + 1).padStart(2, '0');
  const start = `${2020 + (i % 5)}-${month}-${day}`;
  const result = computeVesting({
    quantity: 1_000 + (i % 50_000),
    vestingStartDate: start,
    terms: TERMS[i % TERMS.length]!,
    asOf: '2026-11-22',
    policy,
    events: {
      termination:
        i % 7 === 0 ? { date: '2025-06-30', leaverType: i % 14 === 0 ? 'bad' : 'good' } : null,
      changeOfControl: i % 11 === 0 ? { date: '2026-01-15' } : null,
    },
  });
  return result.installments.length;
}
