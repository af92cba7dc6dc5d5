import type { VestingTermsInput } from '../../../contracts/vesting';
import { describeVestingTerms } from '../../../contracts/vesting-describe';
import type { AllocationType, DayOfMonth } from '../../../domain/vesting/types';
import { activeLanguage, msg, t } from '../../lib/i18n';

/**
 * The words and defaults of vesting terms (domain.md "Vesting"; OCF VESTING_TERMS): labels of
 * the allocation types and day-of-month rules, a one-line summary of any terms, and the starting
 * point of each kind of terms in the editor.
 */

export type TimeTermsInput = Extract<VestingTermsInput, { type: 'time' }>;
export type MilestoneTermsInput = Extract<VestingTermsInput, { type: 'milestone' }>;
export type CombinedTermsInput = Extract<VestingTermsInput, { type: 'combined' }>;
export type MilestoneInput = MilestoneTermsInput['milestones'][number];

/** Catalog keys of the allocation types' labels (`t(ALLOCATION_LABELS[type])`). */
export const ALLOCATION_LABELS: Record<AllocationType, string> = {
  CUMULATIVE_ROUNDING: msg('vesting.allocation.CUMULATIVE_ROUNDING'),
  CUMULATIVE_ROUND_DOWN: msg('vesting.allocation.CUMULATIVE_ROUND_DOWN'),
  FRONT_LOADED: msg('vesting.allocation.FRONT_LOADED'),
  BACK_LOADED: msg('vesting.allocation.BACK_LOADED'),
  FRONT_LOADED_TO_SINGLE_TRANCHE: msg('vesting.allocation.FRONT_LOADED_TO_SINGLE_TRANCHE'),
  BACK_LOADED_TO_SINGLE_TRANCHE: msg('vesting.allocation.BACK_LOADED_TO_SINGLE_TRANCHE'),
};

/** Label of an OCF day_of_month option. */
export function dayOfMonthLabel(option: DayOfMonth): string {
  if (option === 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH') return t('vesting.dayOfMonth.startDay');
  const match = /^(\d{2})_OR_LAST_DAY_OF_MONTH$/.exec(option);
  if (match) return t('vesting.dayOfMonth.orLast', { day: Number(match[1]) });
  return t('vesting.dayOfMonth.day', { day: Number(option) });
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

/** "4 years monthly, 1-year cliff"; "3 milestones"; "75% time, 25% milestones". */
export function describeTerms(terms: VestingTermsInput): string {
  return describeVestingTerms(terms, t, activeLanguage());
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
