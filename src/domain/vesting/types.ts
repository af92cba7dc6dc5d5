/**
 * Vesting terms (issue 5; domain.md "Vesting"; OCF VESTING_TERMS). Dates are ISO `YYYY-MM-DD`.
 */

/** OCF allocation types: how a quantity is split into whole-share installments. */
export const ALLOCATION_TYPES = [
  'CUMULATIVE_ROUNDING',
  'CUMULATIVE_ROUND_DOWN',
  'FRONT_LOADED',
  'BACK_LOADED',
  'FRONT_LOADED_TO_SINGLE_TRANCHE',
  'BACK_LOADED_TO_SINGLE_TRANCHE',
] as const;
export type AllocationType = (typeof ALLOCATION_TYPES)[number];

/**
 * The allocation types milestone terms take (issue 11): the running total of the milestones'
 * amounts, in the order they vest, rounded half up or down. The front- and back-loaded types
 * spread the remainder of equal installments; milestones are neither equal nor in a known order
 * until they vest, so the contracts refuse those types for them (docs/vesting.md).
 */
export const MILESTONE_ALLOCATION_TYPES = ['CUMULATIVE_ROUNDING', 'CUMULATIVE_ROUND_DOWN'] as const;

/** OCF VESTING_SCHEDULE_RELATIVE day_of_month options. */
export const DAY_OF_MONTH_OPTIONS = [
  'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
  ...Array.from({ length: 28 }, (_, i) => String(i + 1).padStart(2, '0')),
  '29_OR_LAST_DAY_OF_MONTH',
  '30_OR_LAST_DAY_OF_MONTH',
  '31_OR_LAST_DAY_OF_MONTH',
] as const;
export type DayOfMonth = (typeof DAY_OF_MONTH_OPTIONS)[number];

export interface Portion {
  numerator: number;
  denominator: number;
}

/** Equal installments every period for `occurrences` periods, optionally behind a cliff. */
export interface TimeTerms {
  type: 'time';
  periodLength: number;
  periodUnit: 'months' | 'days';
  occurrences: number;
  /** Periods before the cliff (0 or absent: no cliff). */
  cliffPeriods?: number;
  dayOfMonth?: DayOfMonth;
  allocation?: AllocationType;
}

export interface Milestone {
  id: string;
  name: string;
  /** A share of the grant (or of its combined part); or `quantity`, a fixed number of shares. */
  portion?: Portion;
  quantity?: number;
  achievedDate: string | null;
  deadline: string | null;
}

export interface MilestoneTerms {
  type: 'milestone';
  /**
   * MILESTONE_ALLOCATION_TYPES; terms stored before issue 11 may hold another type, which the
   * engine reads as CUMULATIVE_ROUNDING (as it always did).
   */
  allocation?: AllocationType;
  milestones: Milestone[];
}

export interface CombinedTerms {
  type: 'combined';
  parts: { portion: Portion; terms: TimeTerms | MilestoneTerms }[];
}

export type VestingTerms = TimeTerms | MilestoneTerms | CombinedTerms;

/**
 * Stored terms as the engine reads them: a milestone allocation other than the two milestone
 * types (saved before issue 11) is CUMULATIVE_ROUNDING, which is what the engine has always
 * computed with. The API answers this form, so what it shows is what it computes.
 */
export function readStoredTerms<T extends VestingTerms>(terms: T): T {
  const milestone = (m: MilestoneTerms): MilestoneTerms =>
    m.allocation === undefined ||
    (MILESTONE_ALLOCATION_TYPES as readonly string[]).includes(m.allocation)
      ? m
      : { ...m, allocation: 'CUMULATIVE_ROUNDING' };
  if (terms.type === 'milestone') return milestone(terms) as T;
  if (terms.type === 'combined') {
    return {
      ...terms,
      parts: terms.parts.map((part) =>
        part.terms.type === 'milestone' ? { ...part, terms: milestone(part.terms) } : part,
      ),
    };
  }
  return terms;
}

/** What a plan says happens when someone leaves (issue 4's plan leaver policy). */
export interface LeaverRule {
  unvested: 'forfeit' | 'continue';
  vested: 'keep' | 'forfeit';
}

/** Events applied on top of the terms. */
export interface VestingEvents {
  termination?: {
    date: string;
    leaverType: 'good' | 'bad';
    /** For double-trigger acceleration; defaults to true for good leavers. */
    withoutCause?: boolean;
  } | null;
  changeOfControl?: { date: string } | null;
  /** Leaves of absence: installments on or after `start` move later by the paused days. */
  pauses?: readonly { start: string; end: string }[];
}

export interface VestingPolicy {
  leaver: { good: LeaverRule; bad: LeaverRule };
  acceleration: {
    trigger: 'none' | 'single' | 'double';
    percent: number | null;
    windowMonths: number | null;
  };
  /** Months a leaver who keeps vested awards has to exercise them. */
  exerciseWindowMonths: number | null;
}

export type InstallmentSource = 'time' | 'cliff' | 'milestone' | 'acceleration';

export interface Installment {
  date: string;
  quantity: number;
  cumulative: number;
  source: InstallmentSource;
  /** The milestone that vested, for milestone installments. */
  milestoneId?: string;
}

export interface Forfeiture {
  date: string;
  quantity: number;
  reason: 'termination_unvested' | 'termination_vested' | 'milestone_deadline';
  milestoneId?: string;
}

export interface VestingResult {
  quantity: number;
  installments: Installment[];
  /** Milestone portions not yet achieved and not (yet) forfeited as of the as-of date. */
  pending: { milestoneId: string; quantity: number }[];
  forfeitures: Forfeiture[];
  /** Last day a leaver may exercise vested awards, when the plan keeps them. */
  exerciseDeadline: string | null;
  asOf: string;
  vested: number;
  unvested: number;
  forfeited: number;
}
