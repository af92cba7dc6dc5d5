import { allocate, allocatePortions } from './allocation';
import { addDays, addMonths, daysBetween } from './dates';
import type {
  Forfeiture,
  Installment,
  InstallmentSource,
  MilestoneTerms,
  TimeTerms,
  VestingEvents,
  VestingPolicy,
  VestingResult,
  VestingTerms,
} from './types';

/**
 * The string-based vesting engine, kept as the fallback for inputs the fast path in schedule.ts
 * does not take (dates that are not canonical `YYYY-MM-DD` in years 100–9999, or schedules that
 * leave that range, odd numbers): there it gives exactly what the engine always gave. Internal
 * (not re-exported from index.ts). Same code as before the integer-day rewrite.
 */

interface Tranche {
  date: string;
  quantity: number;
  source: InstallmentSource;
  milestoneId?: string;
}

interface PendingMilestone {
  milestoneId: string;
  quantity: number;
  deadline: string | null;
}

interface Draft {
  tranches: Tranche[];
  pending: PendingMilestone[];
  forfeitures: Forfeiture[];
}

/** Installment dates of time-based terms: start + k periods, k = 1…occurrences, never chained. */
export function legacyPeriodDates(start: string, terms: TimeTerms): string[] {
  return Array.from({ length: terms.occurrences }, (_, i) => {
    const k = (i + 1) * terms.periodLength;
    return terms.periodUnit === 'months'
      ? addMonths(start, k, terms.dayOfMonth)
      : addDays(start, k);
  });
}

function timeTranches(quantity: number, start: string, terms: TimeTerms): Tranche[] {
  const parts = allocate(quantity, terms.occurrences, terms.allocation);
  const dates = legacyPeriodDates(start, terms);
  const cliff = Math.min(terms.cliffPeriods ?? 0, terms.occurrences);
  const tranches: Tranche[] = [];
  if (cliff > 0) {
    // Nothing before the cliff; at the cliff everything accrued so far vests at once.
    const accrued = parts.slice(0, cliff).reduce((s, n) => s + n, 0);
    tranches.push({ date: dates[cliff - 1]!, quantity: accrued, source: 'cliff' });
  }
  for (let i = cliff; i < parts.length; i++) {
    tranches.push({ date: dates[i]!, quantity: parts[i]!, source: 'time' });
  }
  return tranches;
}

function milestoneDraft(quantity: number, terms: MilestoneTerms, asOf: string): Draft {
  const withPortion = terms.milestones.filter((m) => m.portion);
  const portionAmounts = allocatePortions(
    quantity,
    withPortion.map((m) => m.portion!),
    terms.allocation,
  );
  const amounts = new Map(withPortion.map((m, i) => [m.id, portionAmounts[i]!]));
  const draft: Draft = { tranches: [], pending: [], forfeitures: [] };
  for (const m of terms.milestones) {
    const amount = amounts.get(m.id) ?? m.quantity ?? 0;
    const achievedInTime = m.achievedDate && (!m.deadline || m.achievedDate <= m.deadline);
    if (achievedInTime) {
      draft.tranches.push({
        date: m.achievedDate!,
        quantity: amount,
        source: 'milestone',
        milestoneId: m.id,
      });
    } else if (m.deadline && m.deadline < asOf) {
      // The deadline passed unachieved: its portion is forfeited.
      draft.forfeitures.push({
        date: m.deadline,
        quantity: amount,
        reason: 'milestone_deadline',
        milestoneId: m.id,
      });
    } else {
      draft.pending.push({ milestoneId: m.id, quantity: amount, deadline: m.deadline });
    }
  }
  return draft;
}

function baseDraft(quantity: number, start: string, terms: VestingTerms, asOf: string): Draft {
  switch (terms.type) {
    case 'time':
      return { tranches: timeTranches(quantity, start, terms), pending: [], forfeitures: [] };
    case 'milestone':
      return milestoneDraft(quantity, terms, asOf);
    case 'combined': {
      const amounts = allocatePortions(
        quantity,
        terms.parts.map((p) => p.portion),
      );
      const draft: Draft = { tranches: [], pending: [], forfeitures: [] };
      terms.parts.forEach((part, i) => {
        const sub = baseDraft(amounts[i]!, start, part.terms, asOf);
        draft.tranches.push(...sub.tranches);
        draft.pending.push(...sub.pending);
        draft.forfeitures.push(...sub.forfeitures);
      });
      return draft;
    }
  }
}

/** Leave of absence: scheduled (time and cliff) tranches on or after the pause start move later. */
function applyPauses(draft: Draft, pauses: VestingEvents['pauses']) {
  const sorted = [...(pauses ?? [])].sort((a, b) => (a.start < b.start ? -1 : 1));
  for (const pause of sorted) {
    const length = daysBetween(pause.start, pause.end);
    if (length <= 0) continue;
    for (const t of draft.tranches) {
      if ((t.source === 'time' || t.source === 'cliff') && t.date >= pause.start)
        t.date = addDays(t.date, length);
    }
  }
}

/**
 * Accelerates `percent` % of what is still unvested after `date` (future tranches and pending
 * milestones): that amount vests on `date`, the rest keeps its dates, scaled down.
 */
function accelerate(draft: Draft, date: string, percent: number) {
  const future = draft.tranches.filter((t) => t.date > date);
  const unvested =
    future.reduce((s, t) => s + t.quantity, 0) + draft.pending.reduce((s, p) => s + p.quantity, 0);
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
  // allocatePortions of fractions summing to 1 returns parts summing to `remaining`.
  items.forEach((item, i) => (item.quantity = scaled[i]!));
  draft.pending = draft.pending.filter((p) => p.quantity > 0);
  draft.tranches = draft.tranches.filter((t) => t.quantity > 0);
  draft.tranches.push({ date, quantity: accelerated, source: 'acceleration' });
}

/** Computes a grant's vesting: installments, pending milestones, forfeitures and the as-of totals. */
export function legacyComputeVesting(input: {
  quantity: number;
  vestingStartDate: string;
  terms: VestingTerms;
  asOf: string;
  events?: VestingEvents;
  policy?: VestingPolicy;
}): VestingResult {
  const { quantity, vestingStartDate, terms, asOf } = input;
  const events = input.events ?? {};
  const draft = baseDraft(quantity, vestingStartDate, terms, asOf);
  applyPauses(draft, events.pauses);

  const termination = events.termination ?? null;
  const coc = events.changeOfControl ?? null;
  const acceleration = input.policy?.acceleration;
  const percent = acceleration?.percent ?? 0;

  // Change of control and termination apply in date order.
  if (coc && acceleration?.trigger === 'single' && (!termination || coc.date <= termination.date)) {
    accelerate(draft, coc.date, percent);
  }
  let exerciseDeadline: string | null = null;
  if (termination) {
    const withoutCause = termination.withoutCause ?? termination.leaverType === 'good';
    if (
      coc &&
      acceleration?.trigger === 'double' &&
      withoutCause &&
      termination.date >= coc.date &&
      termination.date <= addMonths(coc.date, acceleration.windowMonths ?? 0)
    ) {
      // Double trigger: the termination without cause within the window after the change of control.
      accelerate(draft, termination.date, percent);
    }
    const rule = input.policy?.leaver[termination.leaverType] ?? {
      unvested: 'forfeit',
      vested: 'keep',
    };
    if (rule.unvested === 'forfeit') {
      // Vesting stops at the termination date.
      const lost =
        draft.tranches
          .filter((t) => t.date > termination.date)
          .reduce((s, t) => s + t.quantity, 0) + draft.pending.reduce((s, p) => s + p.quantity, 0);
      draft.tranches = draft.tranches.filter((t) => t.date <= termination.date);
      draft.pending = [];
      if (lost > 0)
        draft.forfeitures.push({
          date: termination.date,
          quantity: lost,
          reason: 'termination_unvested',
        });
    }
    if (rule.vested === 'forfeit') {
      const kept = draft.tranches
        .filter((t) => t.date <= termination.date)
        .reduce((s, t) => s + t.quantity, 0);
      if (kept > 0)
        draft.forfeitures.push({
          date: termination.date,
          quantity: kept,
          reason: 'termination_vested',
        });
    } else if (input.policy?.exerciseWindowMonths != null) {
      exerciseDeadline = addMonths(termination.date, input.policy.exerciseWindowMonths);
    }
  }

  // Stable order: by date, scheduled before milestone before acceleration on the same day.
  const order: Record<InstallmentSource, number> = {
    cliff: 0,
    time: 0,
    milestone: 1,
    acceleration: 2,
  };
  const sorted = draft.tranches
    .filter((t) => t.quantity > 0)
    .map((t, i) => ({ t, i }))
    .sort((a, b) =>
      a.t.date < b.t.date
        ? -1
        : a.t.date > b.t.date
          ? 1
          : order[a.t.source] - order[b.t.source] || a.i - b.i,
    )
    .map(({ t }) => t);
  let cumulative = 0;
  const installments: Installment[] = sorted.map((t) => {
    cumulative += t.quantity;
    return { ...t, cumulative };
  });

  const forfeitures = draft.forfeitures.sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
  );
  const result = {
    quantity,
    installments,
    pending: draft.pending.map(({ milestoneId, quantity: q }) => ({ milestoneId, quantity: q })),
    forfeitures,
    exerciseDeadline,
    asOf,
  };
  const totals = totalsAsOf(result, asOf);
  return { ...result, ...totals };
}

/** Vested, unvested and forfeited shares on `date` (schedule.ts `totalsAsOf`). */
function totalsAsOf(
  result: Pick<VestingResult, 'quantity' | 'installments' | 'forfeitures'>,
  date: string,
): { vested: number; unvested: number; forfeited: number } {
  let vested = 0;
  for (const i of result.installments) if (i.date <= date) vested += i.quantity;
  let forfeited = 0;
  for (const f of result.forfeitures) {
    if (f.date > date) continue;
    forfeited += f.quantity;
    if (f.reason === 'termination_vested') vested -= f.quantity;
  }
  return { vested, unvested: result.quantity - vested - forfeited, forfeited };
}
