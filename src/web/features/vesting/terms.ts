import type { VestingTermsInput } from '../../../contracts/vesting';
import type { AllocationType, DayOfMonth } from '../../../domain/vesting/types';

/**
 * The words and defaults of vesting terms (domain.md "Vesting"; OCF VESTING_TERMS): labels of
 * the allocation types and day-of-month rules, a one-line summary of any terms, and the starting
 * point of each kind of terms in the editor.
 */

export type TimeTermsInput = Extract<VestingTermsInput, { type: 'time' }>;
export type MilestoneTermsInput = Extract<VestingTermsInput, { type: 'milestone' }>;
export type CombinedTermsInput = Extract<VestingTermsInput, { type: 'combined' }>;
export type MilestoneInput = MilestoneTermsInput['milestones'][number];

export const ALLOCATION_LABELS: Record<AllocationType, string> = {
  CUMULATIVE_ROUNDING: 'Cumulative rounding (5-4-5-4)',
  CUMULATIVE_ROUND_DOWN: 'Cumulative round down (4-5-4-5)',
  FRONT_LOADED: 'Front-loaded (5-5-4-4)',
  BACK_LOADED: 'Back-loaded (4-4-5-5)',
  FRONT_LOADED_TO_SINGLE_TRANCHE: 'Remainder in the first installment (6-4-4-4)',
  BACK_LOADED_TO_SINGLE_TRANCHE: 'Remainder in the last installment (4-4-4-6)',
};

/** Label of an OCF day_of_month option. */
export function dayOfMonthLabel(option: DayOfMonth): string {
  if (option === 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH')
    return 'Vesting start day (or the last day of the month)';
  const match = /^(\d{2})_OR_LAST_DAY_OF_MONTH$/.exec(option);
  if (match) return `The ${Number(match[1])}th (or the last day of the month)`;
  const day = Number(option);
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  return `The ${day}${suffix}`;
}

export function defaultTimeTerms(): TimeTermsInput {
  return {
    type: 'time',
    periodLength: 1,
    periodUnit: 'months',
    occurrences: 48,
    cliffPeriods: 12,
    dayOfMonth: 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
    allocation: 'CUMULATIVE_ROUNDING',
  };
}

export function defaultMilestone(id: string): MilestoneInput {
  return {
    id,
    name: '',
    portion: { numerator: 1, denominator: 1 },
    achievedDate: null,
    deadline: null,
  };
}

export function defaultMilestoneTerms(): MilestoneTermsInput {
  return {
    type: 'milestone',
    allocation: 'CUMULATIVE_ROUNDING',
    milestones: [defaultMilestone('m1')],
  };
}

export function defaultCombinedTerms(): CombinedTermsInput {
  return {
    type: 'combined',
    parts: [
      { portion: { numerator: 3, denominator: 4 }, terms: defaultTimeTerms() },
      { portion: { numerator: 1, denominator: 4 }, terms: defaultMilestoneTerms() },
    ],
  };
}

/** An id not used by any milestone of the terms ("m1", "m2", …): ids stay stable once saved. */
export function nextMilestoneId(milestones: readonly { id: string }[]): string {
  let n = milestones.length + 1;
  const used = new Set(milestones.map((m) => m.id));
  while (used.has(`m${n}`)) n += 1;
  return `m${n}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function describePeriod(length: number, unit: 'months' | 'days'): string {
  if (unit === 'months') {
    if (length === 1) return 'monthly';
    if (length === 3) return 'quarterly';
    if (length === 12) return 'yearly';
    return `every ${plural(length, 'month')}`;
  }
  return length === 1 ? 'daily' : `every ${plural(length, 'day')}`;
}

function spanText(periods: number, unit: 'months' | 'days'): string {
  if (unit === 'months' && periods % 12 === 0) return plural(periods / 12, 'year');
  return plural(periods, unit === 'months' ? 'month' : 'day');
}

/** "4 years monthly, 1-year cliff"; "3 milestones"; "75% time, 25% milestones". */
export function describeTerms(terms: VestingTermsInput): string {
  if (terms.type === 'time') {
    const total = terms.periodLength * terms.occurrences;
    const period = describePeriod(terms.periodLength, terms.periodUnit);
    const base =
      terms.occurrences === 1
        ? `All at once after ${spanText(total, terms.periodUnit)}`
        : `${spanText(total, terms.periodUnit)} ${period}`;
    const cliff = terms.cliffPeriods ?? 0;
    if (!cliff || terms.occurrences === 1) return base;
    if (cliff === terms.occurrences)
      return `All at once after ${spanText(total, terms.periodUnit)}`;
    const cliffSpan = spanText(cliff * terms.periodLength, terms.periodUnit).replace(/s$/, '');
    return `${base}, ${cliffSpan.replace(' ', '-')} cliff`;
  }
  if (terms.type === 'milestone') return plural(terms.milestones.length, 'milestone');
  return terms.parts
    .map((p) => {
      const percent = (p.portion.numerator / p.portion.denominator) * 100;
      const share = `${percent.toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`;
      return `${share} ${p.terms.type === 'time' ? describeTerms(p.terms).toLowerCase() : describeTerms(p.terms)}`;
    })
    .join(' + ');
}

/** Every milestone of the terms (of each part of combined terms). */
export function milestonesOf(terms: VestingTermsInput): MilestoneInput[] {
  if (terms.type === 'milestone') return terms.milestones;
  if (terms.type === 'combined')
    return terms.parts.flatMap((p) => (p.terms.type === 'milestone' ? p.terms.milestones : []));
  return [];
}

type ErrorTree = { message?: unknown; type?: unknown; [key: string]: unknown };

/**
 * react-hook-form's nested errors under a field as `{ 'milestones.0.name': message }`, relative
 * to that field (the terms editor shows each next to its input; '' is the field itself).
 */
export function flattenErrors(tree: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof tree !== 'object' || tree === null) return out;
  const node = tree as ErrorTree;
  if (typeof node.message === 'string' && node.message) out[prefix] = node.message;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'message' || key === 'type' || key === 'ref' || key === 'types') continue;
    if (key === 'root' && typeof value === 'object' && value !== null) {
      Object.assign(out, flattenErrors(value, prefix));
      continue;
    }
    Object.assign(out, flattenErrors(value, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}
