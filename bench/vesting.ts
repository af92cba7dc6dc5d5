// Vesting engine benchmark (issue 5): full schedules for 100,000 grants computed by
// `computeVesting`, a realistic mix of terms (4-year monthly with a 1-year cliff, 3-year quarterly,
// daily, milestone and combined), with leavers and a change of control on some. Prints the time
// per grant. Then the worst case the contracts accept (issue 11): combined terms with 10,000 daily
// installments in one part and 50 milestones in each of the nine others, with leaves of absence,
// a change of control and a termination; median time of one such grant. Pure CPU: no database, no
// server.
import { performance } from 'node:perf_hooks';
import { VESTING_LIMITS, vestingPreviewRequestSchema } from '../src/contracts/vesting';
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
  /** The largest terms the contracts accept: median ms per grant, and its installments. */
  worstCase?: { medianMs: number; maxMs: number; installments: number; runs: number };
}

/** The largest terms the contracts accept (VESTING_LIMITS), checked by the preview's schema. */
export function worstCaseInput() {
  const parts = [
    {
      portion: { numerator: 1, denominator: 10 },
      terms: {
        type: 'time',
        periodLength: 1,
        periodUnit: 'days',
        occurrences: VESTING_LIMITS.occurrences,
        cliffPeriods: 365,
        allocation: 'CUMULATIVE_ROUND_DOWN',
      },
    },
    ...Array.from({ length: VESTING_LIMITS.parts - 1 }, (_, p) => ({
      portion: { numerator: 1, denominator: 10 },
      terms: {
        type: 'milestone',
        allocation: 'CUMULATIVE_ROUND_DOWN',
        milestones: Array.from({ length: VESTING_LIMITS.milestones }, (_, m) => ({
          id: `p${p}m${m}`,
          name: `Milestone ${m + 1} of part ${p + 2}`,
          portion: { numerator: 1, denominator: VESTING_LIMITS.milestones },
          // Achieved in reverse list order (the rounding order is sorted), some with deadlines.
          achievedDate:
            m % 3 === 0 ? null : `${2030 - (m % 6)}-${String((m % 12) + 1).padStart(2, '0')}-15`,
          deadline: m % 3 === 0 ? `${2026 + (m % 5)}-06-30` : null,
        })),
      },
    })),
  ];
  const parsed = vestingPreviewRequestSchema.parse({
    quantity: 1_000_000_000,
    vestingStartDate: '2024-01-01',
    terms: { type: 'combined', parts },
    asOf: '2031-01-01',
  });
  return {
    quantity: parsed.quantity,
    vestingStartDate: parsed.vestingStartDate,
    terms: parsed.terms as VestingTerms,
    asOf: parsed.asOf!,
    policy,
    events: {
      changeOfControl: { date: '2032-01-15' },
      // After the last installment: every one of them stays.
      termination: { date: '2055-06-30', leaverType: 'good' as const },
      pauses: Array.from({ length: 20 }, (_, k) => ({
        start: `${2025 + k}-03-01`,
        end: `${2025 + k}-05-01`,
      })),
    },
  };
}

/** Median and maximum time of the worst case over `runs` runs (after a warm-up). */
export function benchVestingWorstCase(runs = 200): NonNullable<VestingRun['worstCase']> {
  const input = worstCaseInput();
  let installments = 0;
  for (let i = 0; i < 20; i++) installments = computeVesting(input).installments.length;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    computeVesting(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    medianMs: times[Math.floor(runs / 2)]!,
    maxMs: times.at(-1)!,
    installments,
    runs,
  };
}

export function benchVestingEngine(count = VESTING_GRANTS): VestingRun {
  let installments = 0;
  // Warm-up so the JIT has settled before timing.
  for (let i = 0; i < 2_000; i++) run(i);
  const started = performance.now();
  for (let i = 0; i < count; i++) installments += run(i);
  const totalMs = performance.now() - started;
  return {
    grants: count,
    totalMs,
    perGrantUs: (totalMs * 1000) / count,
    installments,
    worstCase: benchVestingWorstCase(),
  };
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
