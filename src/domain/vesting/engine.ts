import { allocate, allocateInOrder, allocatePortions, splitBetweenParts } from './allocation';
import {
  addMonthsDay,
  formatDay,
  LAST_OUTPUT_YEAR,
  MAX_DAY,
  MIN_DAY,
  parseDay,
  ymdOf,
} from './days';
import {
  ALLOCATION_TYPES,
  DAY_OF_MONTH_OPTIONS,
  type Forfeiture,
  type Installment,
  type InstallmentSource,
  type MilestoneTerms,
  type TimeTerms,
  type VestingEvents,
  type VestingPolicy,
  type VestingResult,
  type VestingTerms,
} from './types';

/**
 * The vesting engine, on integer day numbers (days.ts): dates are parsed once and formatted once
 * at the output, through a cache. It takes every input the contracts (src/contracts/vesting.ts)
 * accept: real `YYYY-MM-DD` dates in years 0000–9999, whole-number counts, schedules running past
 * 9999. Anything else (an impossible or malformed date, a negative or fractional count, an unknown
 * option) throws an Error saying what is wrong. differential.test.ts checks it against a frozen
 * copy of the old string-based engine. Internal: schedule.ts is the public face.
 */

export interface VestingInput {
  quantity: number;
  vestingStartDate: string;
  terms: VestingTerms;
  asOf: string;
  events?: VestingEvents;
  policy?: VestingPolicy;
}

/** Same-day order: scheduled before milestone before acceleration. */
const RANK_SCHEDULED = 0;
const RANK_MILESTONE = 1;
const RANK_ACCELERATION = 2;

interface Tranche {
  day: number;
  quantity: number;
  source: InstallmentSource;
  rank: number;
  milestoneId: string | undefined;
  /** The date as given, when it comes from the input (milestones, acceleration). */
  date: string | undefined;
}

interface Pending {
  milestoneId: string;
  quantity: number;
}

interface Forfeit {
  day: number;
  forfeiture: Forfeiture;
}

interface Draft {
  tranches: Tranche[];
  pending: Pending[];
  forfeits: Forfeit[];
}

/** Input the engine does not take: not one the contracts accept. */
function invalid(message: string): never {
  throw new Error(`computeVesting: ${message}`);
}

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** DayOfMonth → the day it asks for; 0 for the vesting start day. */
const WANTED_DAY = new Map<unknown, number>(
  DAY_OF_MONTH_OPTIONS.map((o) => [
    o,
    o === 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH' ? 0 : Number(o.slice(0, 2)),
  ]),
);
WANTED_DAY.set(undefined, 0);

const KNOWN_ALLOCATIONS = new Set<unknown>([...ALLOCATION_TYPES, undefined]);

function dayOrThrow(iso: unknown, field: string): number {
  const day = parseDay(iso);
  if (day !== day) invalid(`${field} must be a real date written YYYY-MM-DD, got ${show(iso)}`);
  return day;
}

function checkRange(day: number): number {
  if (!(day >= MIN_DAY && day <= MAX_DAY))
    invalid(`the schedule runs outside years 0–${LAST_OUTPUT_YEAR}`);
  return day;
}

function wholeNumber(value: unknown, field: string, min: number): number {
  if (!Number.isSafeInteger(value) || (value as number) < min)
    invalid(`${field} must be a whole number ≥ ${min}, got ${show(value)}`);
  return value as number;
}

function checkPortion(p: { numerator: number; denominator: number } | undefined, field: string) {
  if (p == null) invalid(`${field} is missing`);
  wholeNumber(p.numerator, `${field}.numerator`, 0);
  wholeNumber(p.denominator, `${field}.denominator`, 1);
}

/**
 * The installment day of period k (1-based) of time terms, as a function; throws for terms or a
 * start the contracts do not accept.
 */
function periodDayFn(start: string, terms: TimeTerms): (k: number) => number {
  wholeNumber(terms.occurrences, 'occurrences', 0);
  const periodLength = wholeNumber(terms.periodLength, 'periodLength', 1);
  const startDay = dayOrThrow(start, 'vestingStartDate');
  if (terms.periodUnit === 'months') {
    const wanted = WANTED_DAY.get(terms.dayOfMonth);
    if (wanted === undefined) invalid(`unknown dayOfMonth ${show(terms.dayOfMonth)}`);
    const [y, m, d] = ymdOf(start);
    const dayOfMonth = wanted === 0 ? d : wanted;
    return (k) => checkRange(addMonthsDay(y, m, dayOfMonth, k * periodLength));
  }
  if (terms.periodUnit !== 'days') invalid(`unknown periodUnit ${show(terms.periodUnit)}`);
  return (k) => checkRange(startDay + k * periodLength);
}

/** The day number of installment k of time terms (periodDate); throws on malformed input. */
export function periodDayOf(start: string, terms: TimeTerms, k: number): number {
  return periodDayFn(start, terms)(wholeNumber(k, 'k', 1));
}

/** Day numbers of the installments of time terms (periodDates); throws on malformed input. */
export function periodDays(start: string, terms: TimeTerms): number[] {
  const dayOf = periodDayFn(start, terms);
  const days = new Array<number>(terms.occurrences);
  for (let i = 0; i < terms.occurrences; i++) days[i] = dayOf(i + 1);
  return days;
}

function addTime(draft: Draft, quantity: number, start: string, terms: TimeTerms) {
  if (!KNOWN_ALLOCATIONS.has(terms.allocation))
    invalid(`unknown allocation ${show(terms.allocation)}`);
  const cliffPeriods = wholeNumber(terms.cliffPeriods ?? 0, 'cliffPeriods', 0);
  const dayOf = periodDayFn(start, terms);
  const parts = allocate(quantity, terms.occurrences, terms.allocation);
  const cliff = Math.min(cliffPeriods, terms.occurrences);
  const tranches = draft.tranches;
  if (cliff > 0) {
    // Nothing before the cliff; at the cliff everything accrued so far vests at once.
    let accrued = 0;
    for (let i = 0; i < cliff; i++) accrued += parts[i]!;
    tranches.push({
      day: dayOf(cliff),
      quantity: accrued,
      source: 'cliff',
      rank: RANK_SCHEDULED,
      milestoneId: undefined,
      date: undefined,
    });
  }
  for (let i = cliff; i < parts.length; i++) {
    tranches.push({
      day: dayOf(i + 1),
      quantity: parts[i]!,
      source: 'time',
      rank: RANK_SCHEDULED,
      milestoneId: undefined,
      date: undefined,
    });
  }
}

/**
 * Milestones: each achieved milestone (on or before its deadline) vests on its date. Amounts are
 * rounded on the running total in the order the milestones vest (achievement date, ties in list
 * order), then the others in list order (domain.md "Milestones and combined terms"), so that under
 * CUMULATIVE_ROUND_DOWN what has vested is never more than the achieved amount rounded down. The
 * front- and back-loaded types (refused by the contracts for milestones; stored terms may carry
 * them) round half up, as CUMULATIVE_ROUNDING.
 */
function addMilestones(draft: Draft, quantity: number, terms: MilestoneTerms, asOfDay: number) {
  if (!Array.isArray(terms.milestones)) invalid('milestones must be a list');
  if (!KNOWN_ALLOCATIONS.has(terms.allocation))
    invalid(`unknown allocation ${show(terms.allocation)}`);
  const milestones = terms.milestones;
  const count = milestones.length;
  for (const m of milestones) {
    if (m.portion) checkPortion(m.portion, 'milestone portion');
    if (m.quantity != null) wholeNumber(m.quantity, 'milestone quantity', 0);
  }
  const deadlineDays = new Array<number | null>(count);
  // The day each milestone vests on, or null.
  const vestDays = new Array<number | null>(count);
  let inOrder = true;
  let lastVest = -Infinity;
  let seenUnvested = false;
  for (let i = 0; i < count; i++) {
    const m = milestones[i]!;
    const achieved = m.achievedDate ? dayOrThrow(m.achievedDate, 'achievedDate') : null;
    const deadline = m.deadline ? dayOrThrow(m.deadline, 'deadline') : null;
    deadlineDays[i] = deadline;
    const vests = achieved !== null && (deadline === null || achieved <= deadline);
    vestDays[i] = vests ? achieved : null;
    if (vests) {
      if (seenUnvested || achieved < lastVest) inOrder = false;
      lastVest = achieved;
    } else seenUnvested = true;
  }
  // Rounding order: the vesting ones by date (a stable sort keeps ties in list order), the rest.
  let order: number[] | null = null;
  if (!inOrder) {
    const vesting: number[] = [];
    const rest: number[] = [];
    for (let i = 0; i < count; i++) (vestDays[i] === null ? rest : vesting).push(i);
    vesting.sort((a, b) => vestDays[a]! - vestDays[b]! || a - b);
    order = vesting.concat(rest);
  }
  const type = terms.allocation === 'CUMULATIVE_ROUND_DOWN' ? terms.allocation : undefined;
  const amounts = new Array<number>(count);
  if (order === null) {
    const parts = allocateInOrder(quantity, milestones, type);
    for (let i = 0; i < count; i++) amounts[i] = parts[i]!;
  } else {
    const parts = allocateInOrder(
      quantity,
      order.map((i) => milestones[i]!),
      type,
    );
    order.forEach((i, k) => (amounts[i] = parts[k]!));
  }
  for (let i = 0; i < count; i++) {
    const m = milestones[i]!;
    const amount = amounts[i]!;
    const achieved = vestDays[i]!;
    const deadline = deadlineDays[i]!;
    if (achieved !== null) {
      draft.tranches.push({
        day: achieved,
        quantity: amount,
        source: 'milestone',
        rank: RANK_MILESTONE,
        milestoneId: m.id,
        date: m.achievedDate!,
      });
    } else if (deadline !== null && deadline < asOfDay) {
      // The deadline passed unachieved: its portion is forfeited.
      draft.forfeits.push({
        day: deadline,
        forfeiture: {
          date: m.deadline!,
          quantity: amount,
          reason: 'milestone_deadline',
          milestoneId: m.id,
        },
      });
    } else {
      draft.pending.push({ milestoneId: m.id, quantity: amount });
    }
  }
}

function addBase(
  draft: Draft,
  quantity: number,
  start: string,
  terms: VestingTerms,
  asOfDay: number,
) {
  switch (terms.type) {
    case 'time':
      addTime(draft, quantity, start, terms);
      return;
    case 'milestone':
      addMilestones(draft, quantity, terms, asOfDay);
      return;
    case 'combined': {
      if (!Array.isArray(terms.parts)) invalid('parts must be a list');
      for (const part of terms.parts) checkPortion(part.portion, 'part portion');
      const amounts = splitBetweenParts(quantity, terms.parts);
      terms.parts.forEach((part, i) => addBase(draft, amounts[i]!, start, part.terms, asOfDay));
      return;
    }
    default:
      invalid(`unknown terms type ${show((terms as { type?: unknown }).type)}`);
  }
}

/** Leave of absence: scheduled (time and cliff) tranches on or after the pause start move later. */
function applyPauses(draft: Draft, pauses: VestingEvents['pauses']) {
  if (pauses == null || pauses.length === 0) return;
  const parsed = [...pauses].map((p) => ({
    start: dayOrThrow(p.start, 'pause start'),
    end: dayOrThrow(p.end, 'pause end'),
  }));
  // The same comparator as before (on days instead of strings: the same answers, the same order).
  parsed.sort((a, b) => (a.start < b.start ? -1 : 1));
  for (const pause of parsed) {
    const length = pause.end - pause.start;
    if (length <= 0) continue;
    for (const t of draft.tranches) {
      if (t.rank === RANK_SCHEDULED && t.day >= pause.start) t.day = checkRange(t.day + length);
    }
  }
}

/**
 * Accelerates `percent` % of what is still unvested after `day` (future tranches and pending
 * milestones): that amount vests on `day`, the rest keeps its dates, scaled down.
 */
function accelerate(draft: Draft, day: number, date: string, percent: number) {
  const future = draft.tranches.filter((t) => t.day > day);
  let unvested = 0;
  for (const t of future) unvested += t.quantity;
  let pendingSum = 0;
  for (const p of draft.pending) pendingSum += p.quantity;
  unvested += pendingSum;
  if (unvested === 0 || percent <= 0) return;
  // Whole shares only; never more than what is unvested.
  const accelerated = Math.min(unvested, Math.floor((unvested * Math.min(percent, 100)) / 100));
  if (accelerated === 0) return;
  const remaining = unvested - accelerated;
  // Scale every remaining future amount by remaining/unvested, rounding cumulatively.
  const items: { quantity: number }[] = [...future, ...draft.pending];
  const scaled = allocatePortions(
    remaining,
    items.map((i) => ({ numerator: i.quantity, denominator: unvested })),
  );
  items.forEach((item, i) => (item.quantity = scaled[i]!));
  draft.pending = draft.pending.filter((p) => p.quantity > 0);
  draft.tranches = draft.tranches.filter((t) => t.quantity > 0);
  draft.tranches.push({
    day,
    quantity: accelerated,
    source: 'acceleration',
    rank: RANK_ACCELERATION,
    milestoneId: undefined,
    date,
  });
}

/** computeVesting (schedule.ts) on day numbers; throws on input the contracts do not accept. */
export function engineComputeVesting(input: VestingInput): VestingResult {
  const { quantity, vestingStartDate, terms, asOf } = input;
  wholeNumber(quantity, 'quantity', 0);
  // Checked whatever the terms (milestone terms do not use it): the contracts require it.
  dayOrThrow(vestingStartDate, 'vestingStartDate');
  const asOfDay = dayOrThrow(asOf, 'asOf');
  const events = input.events ?? {};
  const draft: Draft = { tranches: [], pending: [], forfeits: [] };
  addBase(draft, quantity, vestingStartDate, terms, asOfDay);
  applyPauses(draft, events.pauses);

  const termination = events.termination ?? null;
  const terminationDay = termination ? dayOrThrow(termination.date, 'termination date') : 0;
  const coc = events.changeOfControl ?? null;
  const acceleration = input.policy?.acceleration;
  const percent = acceleration?.percent ?? 0;
  const trigger = acceleration?.trigger;
  const cocDay = coc ? dayOrThrow(coc.date, 'change of control date') : 0;

  // Change of control and termination apply in date order.
  if (coc && trigger === 'single' && (!termination || cocDay <= terminationDay)) {
    accelerate(draft, cocDay, coc.date, percent);
  }
  let exerciseDeadline: string | null = null;
  if (termination) {
    const withoutCause = termination.withoutCause ?? termination.leaverType === 'good';
    if (
      coc &&
      trigger === 'double' &&
      withoutCause &&
      terminationDay >= cocDay &&
      terminationDay <= monthsAfter(coc.date, acceleration!.windowMonths ?? 0, 'windowMonths')
    ) {
      // Double trigger: the termination without cause within the window after the change of control.
      accelerate(draft, terminationDay, termination.date, percent);
    }
    const rule = input.policy?.leaver[termination.leaverType] ?? {
      unvested: 'forfeit',
      vested: 'keep',
    };
    if (rule.unvested === 'forfeit') {
      // Vesting stops at the termination date.
      let lost = 0;
      const kept: Tranche[] = [];
      for (const t of draft.tranches) {
        if (t.day > terminationDay) lost += t.quantity;
        else kept.push(t);
      }
      let pendingSum = 0;
      for (const p of draft.pending) pendingSum += p.quantity;
      lost += pendingSum;
      draft.tranches = kept;
      draft.pending = [];
      if (lost > 0)
        draft.forfeits.push({
          day: terminationDay,
          forfeiture: { date: termination.date, quantity: lost, reason: 'termination_unvested' },
        });
    }
    if (rule.vested === 'forfeit') {
      let kept = 0;
      for (const t of draft.tranches) if (t.day <= terminationDay) kept += t.quantity;
      if (kept > 0)
        draft.forfeits.push({
          day: terminationDay,
          forfeiture: { date: termination.date, quantity: kept, reason: 'termination_vested' },
        });
    } else if (input.policy?.exerciseWindowMonths != null) {
      exerciseDeadline = formatDay(
        monthsAfter(termination.date, input.policy.exerciseWindowMonths, 'exerciseWindowMonths'),
      );
    }
  }

  // Stable order: by date, scheduled before milestone before acceleration on the same day.
  let tranches = draft.tranches.filter((t) => t.quantity > 0);
  let inOrder = true;
  for (let i = 1; i < tranches.length; i++) {
    const a = tranches[i - 1]!;
    const b = tranches[i]!;
    if (a.day > b.day || (a.day === b.day && a.rank > b.rank)) {
      inOrder = false;
      break;
    }
  }
  if (!inOrder) {
    tranches = tranches
      .map((t, i) => ({ t, i }))
      .sort((a, b) =>
        a.t.day < b.t.day ? -1 : a.t.day > b.t.day ? 1 : a.t.rank - b.t.rank || a.i - b.i,
      )
      .map(({ t }) => t);
  }
  let cumulative = 0;
  let vested = 0;
  const installments = new Array<Installment>(tranches.length);
  for (let i = 0; i < tranches.length; i++) {
    const t = tranches[i]!;
    cumulative += t.quantity;
    const date = t.date ?? formatDay(t.day);
    installments[i] =
      t.source === 'milestone'
        ? {
            date,
            quantity: t.quantity,
            source: t.source,
            milestoneId: t.milestoneId,
            cumulative,
          }
        : { date, quantity: t.quantity, source: t.source, cumulative };
    if (t.day <= asOfDay) vested += t.quantity;
  }

  const forfeits = draft.forfeits;
  if (forfeits.length > 1) forfeits.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const forfeitures = new Array<Forfeiture>(forfeits.length);
  let forfeited = 0;
  for (let i = 0; i < forfeits.length; i++) {
    const { day, forfeiture } = forfeits[i]!;
    forfeitures[i] = forfeiture;
    if (day > asOfDay) continue;
    forfeited += forfeiture.quantity;
    if (forfeiture.reason === 'termination_vested') vested -= forfeiture.quantity;
  }
  return {
    quantity,
    installments,
    pending: draft.pending.map(({ milestoneId, quantity: q }) => ({ milestoneId, quantity: q })),
    forfeitures,
    exerciseDeadline,
    asOf,
    vested,
    unvested: quantity - vested - forfeited,
    forfeited,
  };
}

/** dates.ts `addMonths(date, months)` (start-day rule) as a day number. */
function monthsAfter(date: string, months: number, field: string): number {
  wholeNumber(months, field, 0);
  const [y, m, d] = ymdOf(date);
  return checkRange(addMonthsDay(y, m, d, months));
}
