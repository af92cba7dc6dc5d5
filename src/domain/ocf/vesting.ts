import { addDays, addMonths } from '../vesting/dates';
import {
  ALLOCATION_TYPES,
  DAY_OF_MONTH_OPTIONS,
  type AllocationType,
  type DayOfMonth,
  type Milestone,
  type MilestoneTerms,
  type Portion,
  type TimeTerms,
  type VestingTerms,
} from '../vesting/types';

/**
 * Our vesting terms as OCF VESTING_TERMS conditions and back (docs/decisions/024). Time terms are
 * one VESTING_SCHEDULE_RELATIVE condition for the whole grant (portion 1/1, `cliff_installment`
 * for the cliff); milestones are VESTING_EVENT conditions; combined terms put each part's
 * conditions side by side after the start, their portions multiplied by the part's.
 */

export interface OcfCondition {
  id: string;
  description?: string;
  portion?: { numerator: string; denominator: string; remainder?: boolean };
  quantity?: string;
  trigger: {
    type: string;
    period?: {
      length: number;
      type: string;
      occurrences: number;
      day_of_month?: string;
      cliff_installment?: number;
    };
    relative_to_condition_id?: string;
    date?: string;
  };
  next_condition_ids: string[];
}

export const START_CONDITION_ID = 'vesting-start';

const fraction = (p: Portion) => ({
  numerator: String(p.numerator),
  denominator: String(p.denominator),
});
const times = (a: Portion, b: Portion): Portion => ({
  numerator: a.numerator * b.numerator,
  denominator: a.denominator * b.denominator,
});
const WHOLE: Portion = { numerator: 1, denominator: 1 };

function timeCondition(id: string, terms: TimeTerms, portion: Portion): OcfCondition {
  const cliff = terms.cliffPeriods ?? 0;
  return {
    id,
    description: 'Time-based installments',
    portion: fraction(portion),
    trigger: {
      type: 'VESTING_SCHEDULE_RELATIVE',
      period: {
        length: terms.periodLength,
        type: terms.periodUnit === 'months' ? 'MONTHS' : 'DAYS',
        occurrences: terms.occurrences,
        ...(terms.periodUnit === 'months'
          ? { day_of_month: terms.dayOfMonth ?? 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH' }
          : {}),
        ...(cliff > 0 ? { cliff_installment: cliff } : {}),
      },
      relative_to_condition_id: START_CONDITION_ID,
    },
    next_condition_ids: [],
  };
}

function milestoneConditions(terms: MilestoneTerms, scale: Portion): OcfCondition[] {
  return terms.milestones.map((m) => ({
    id: m.id,
    description: m.name,
    ...(m.portion
      ? { portion: fraction(times(m.portion, scale)) }
      : { quantity: String(m.quantity ?? 0) }),
    trigger: { type: 'VESTING_EVENT' },
    next_condition_ids: [],
  }));
}

/** The allocation type of terms (combined: round-down when any part rounds down, decision 012). */
export function allocationOf(terms: VestingTerms): AllocationType {
  if (terms.type !== 'combined') return terms.allocation ?? 'CUMULATIVE_ROUNDING';
  return terms.parts.some((p) => p.terms.allocation === 'CUMULATIVE_ROUND_DOWN')
    ? 'CUMULATIVE_ROUND_DOWN'
    : 'CUMULATIVE_ROUNDING';
}

/** The OCF vesting conditions of our terms: a start condition followed by the rest. */
export function toOcfConditions(terms: VestingTerms): OcfCondition[] {
  let rest: OcfCondition[];
  if (terms.type === 'time') rest = [timeCondition('time-based', terms, WHOLE)];
  else if (terms.type === 'milestone') rest = milestoneConditions(terms, WHOLE);
  else
    rest = terms.parts.flatMap((part, i) =>
      part.terms.type === 'time'
        ? [timeCondition(`part-${i + 1}-time-based`, part.terms, part.portion)]
        : milestoneConditions(part.terms, part.portion),
    );
  return [
    {
      id: START_CONDITION_ID,
      description: 'Vesting start date',
      quantity: '0',
      trigger: { type: 'VESTING_START_DATE' },
      next_condition_ids: rest.map((c) => c.id),
    },
    ...rest,
  ];
}

/** A decimal string that is a whole number ("12", "12.00") as a number; null otherwise. */
function wholeNumber(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\+?\d+(\.0+)?$/.test(value)) return null;
  const n = Number(value.replace(/^\+/, '').split('.')[0]);
  return Number.isSafeInteger(n) ? n : null;
}

function portionOf(c: OcfCondition): Portion | null {
  if (!c.portion) return null;
  const numerator = wholeNumber(c.portion.numerator);
  const denominator = wholeNumber(c.portion.denominator);
  if (numerator === null || denominator === null || denominator === 0) return null;
  return { numerator, denominator };
}

const isZero = (c: OcfCondition) =>
  (c.quantity !== undefined && wholeNumber(c.quantity) === 0) ||
  (c.portion !== undefined && portionOf(c)?.numerator === 0);
const sameFraction = (a: Portion, b: Portion) =>
  a.numerator * b.denominator === b.numerator * a.denominator;

/**
 * Why OCF vesting conditions cannot be represented as our terms: a code and the ids or types it
 * concerns, so the server can say it in the reader's language (issue 12).
 */
export type OcfTermsProblem =
  | { code: 'ALLOCATION_UNSUPPORTED'; allocation: string }
  | { code: 'VESTS_NOTHING' }
  | { code: 'ABSOLUTE_DATES' }
  | { code: 'SCHEDULES_AND_EVENTS' }
  | { code: 'MILESTONE_ALLOCATION'; allocation: string }
  | { code: 'NO_DEADLINE'; conditionId: string }
  | { code: 'REMAINDER'; conditionId: string }
  | { code: 'NO_AMOUNT'; conditionId: string }
  | { code: 'TIME_DEADLINE' }
  | { code: 'PERIOD_UNIT' }
  | { code: 'NOT_WHOLE_GRANT'; conditionId: string }
  | { code: 'COMBINATION' };

export type FromOcfResult = { terms: VestingTerms } | { reason: OcfTermsProblem };

/**
 * Our terms for OCF vesting conditions, for a grant whose vesting starts on `vestingStartDate`
 * (relative deadlines need it). What we recognise: one relative schedule (with its cliff
 * installment, or the older form of a one-occurrence cliff followed by the monthly rest), or
 * event conditions (milestones), with zero-amount conditions as their deadline. Anything else
 * gives the reason it cannot be represented.
 */
export function fromOcfConditions(
  conditions: readonly OcfCondition[],
  allocationType: string,
  vestingStartDate: string,
): FromOcfResult {
  const allocation = (ALLOCATION_TYPES as readonly string[]).includes(allocationType)
    ? (allocationType as AllocationType)
    : null;
  if (!allocation)
    return { reason: { code: 'ALLOCATION_UNSUPPORTED', allocation: allocationType } };
  const real = conditions.filter((c) => c.trigger.type !== 'VESTING_START_DATE');
  const startIds = conditions.filter((c) => !real.includes(c)).map((c) => c.id);
  const expirations = real.filter((c) => isZero(c) && c.trigger.type !== 'VESTING_EVENT');
  const amounts = real.filter((c) => !expirations.includes(c));
  if (amounts.length === 0) return { reason: { code: 'VESTS_NOTHING' } };

  const schedules = amounts.filter((c) => c.trigger.type === 'VESTING_SCHEDULE_RELATIVE');
  const events = amounts.filter((c) => c.trigger.type === 'VESTING_EVENT');
  if (schedules.length + events.length !== amounts.length)
    return { reason: { code: 'ABSOLUTE_DATES' } };
  if (schedules.length > 0 && events.length > 0)
    return { reason: { code: 'SCHEDULES_AND_EVENTS' } };

  if (events.length > 0) {
    if (allocation !== 'CUMULATIVE_ROUNDING' && allocation !== 'CUMULATIVE_ROUND_DOWN')
      return { reason: { code: 'MILESTONE_ALLOCATION', allocation } };
    let deadline: string | null = null;
    for (const e of expirations) {
      const date = expirationDate(e, vestingStartDate, startIds);
      if (date === null) return { reason: { code: 'NO_DEADLINE', conditionId: e.id } };
      if (deadline === null || date < deadline) deadline = date;
    }
    const milestones: Milestone[] = [];
    for (const e of events) {
      const portion = portionOf(e);
      const quantity = e.quantity !== undefined ? wholeNumber(e.quantity) : null;
      if (e.portion?.remainder) return { reason: { code: 'REMAINDER', conditionId: e.id } };
      if (!portion && !quantity) return { reason: { code: 'NO_AMOUNT', conditionId: e.id } };
      milestones.push({
        id: e.id.slice(0, 64),
        name: (e.description ?? e.id).replace(/\s+/g, ' ').trim().slice(0, 200) || e.id,
        ...(portion ? { portion } : { quantity: quantity! }),
        achievedDate: null,
        deadline,
      });
    }
    return { terms: { type: 'milestone', allocation, milestones } };
  }

  if (expirations.length > 0) return { reason: { code: 'TIME_DEADLINE' } };
  const periodOf = (c: OcfCondition) => c.trigger.period!;
  const unitOf = (c: OcfCondition) => (periodOf(c).type === 'MONTHS' ? 'months' : 'days');
  const dayOf = (c: OcfCondition): DayOfMonth => {
    const d = periodOf(c).day_of_month;
    return d && (DAY_OF_MONTH_OPTIONS as readonly string[]).includes(d)
      ? (d as DayOfMonth)
      : 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH';
  };
  if (schedules.some((c) => !['MONTHS', 'DAYS'].includes(periodOf(c).type)))
    return { reason: { code: 'PERIOD_UNIT' } };

  if (schedules.length === 1) {
    const [s] = schedules as [OcfCondition];
    const portion = portionOf(s);
    if (!portion || !sameFraction(portion, WHOLE))
      return { reason: { code: 'NOT_WHOLE_GRANT', conditionId: s.id } };
    const p = periodOf(s);
    const cliff = p.cliff_installment && p.cliff_installment >= 2 ? p.cliff_installment : 0;
    return {
      terms: {
        type: 'time',
        periodLength: p.length,
        periodUnit: unitOf(s),
        occurrences: p.occurrences,
        cliffPeriods: Math.min(cliff, p.occurrences),
        dayOfMonth: dayOf(s),
        allocation,
      },
    };
  }

  if (schedules.length === 2) {
    // The older form: a one-occurrence cliff, then the rest relative to it.
    const cliff = schedules.find((c) => periodOf(c).occurrences === 1);
    const rest = schedules.find(
      (c) => c !== cliff && c.trigger.relative_to_condition_id === cliff?.id,
    );
    if (cliff && rest && unitOf(cliff) === unitOf(rest) && periodOf(rest).length > 0) {
      const length = periodOf(rest).length;
      const cliffPeriods = periodOf(cliff).length / length;
      const occurrences = cliffPeriods + periodOf(rest).occurrences;
      const cliffPortion = portionOf(cliff);
      const restPortion = portionOf(rest);
      const perOccurrence = { numerator: 1, denominator: occurrences };
      const restTotal = { numerator: occurrences - cliffPeriods, denominator: occurrences };
      if (
        Number.isInteger(cliffPeriods) &&
        cliffPortion &&
        restPortion &&
        sameFraction(cliffPortion, { numerator: cliffPeriods, denominator: occurrences }) &&
        (sameFraction(restPortion, perOccurrence) || sameFraction(restPortion, restTotal))
      )
        return {
          terms: {
            type: 'time',
            periodLength: length,
            periodUnit: unitOf(rest),
            occurrences,
            cliffPeriods,
            dayOfMonth: dayOf(rest),
            allocation,
          },
        };
    }
  }
  return { reason: { code: 'COMBINATION' } };
}

function expirationDate(c: OcfCondition, start: string, startIds: string[]): string | null {
  if (c.trigger.type === 'VESTING_SCHEDULE_ABSOLUTE') return c.trigger.date ?? null;
  const p = c.trigger.period;
  if (c.trigger.type !== 'VESTING_SCHEDULE_RELATIVE' || !p) return null;
  if (!startIds.includes(c.trigger.relative_to_condition_id ?? '')) return null;
  const span = p.length * p.occurrences;
  if (p.type === 'MONTHS') return addMonths(start, span);
  if (p.type === 'DAYS') return addDays(start, span);
  return null;
}
