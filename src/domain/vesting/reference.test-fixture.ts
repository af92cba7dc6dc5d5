/**
 * FROZEN REFERENCE — do not edit. The vesting engine as it was before the integer-day rewrite
 * (dates.ts, allocation.ts and schedule.ts at the commit that preceded it, concatenated verbatim
 * apart from the imports). differential.test.ts checks that the
 * optimised engine gives exactly the same output as this one on many generated grants.
 */
import type {
  AllocationType,
  DayOfMonth,
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

// ---- dates.ts ----

/** Calendar arithmetic on ISO dates, without time zones. */

interface Ymd {
  y: number;
  m: number; // 1–12
  d: number;
}

export function parseDate(iso: string): Ymd {
  return { y: Number(iso.slice(0, 4)), m: Number(iso.slice(5, 7)), d: Number(iso.slice(8, 10)) };
}

export function formatDate({ y, m, d }: Ymd): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * `start` + `months` months on the day the rule gives, clamped to the month's last day
 * (domain.md: computed from the start each time, never chained; a day that does not exist in the
 * month is clamped).
 */
export function addMonths(
  start: string,
  months: number,
  rule: DayOfMonth = 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH',
): string {
  const s = parseDate(start);
  const index = s.y * 12 + (s.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const wanted =
    rule === 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH'
      ? s.d
      : rule.endsWith('_OR_LAST_DAY_OF_MONTH')
        ? Number(rule.slice(0, 2))
        : Number(rule);
  return formatDate({ y, m, d: Math.min(wanted, daysInMonth(y, m)) });
}

export function addDays(date: string, days: number): string {
  const { y, m, d } = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  const x = parseDate(a);
  const y = parseDate(b);
  return Math.round((Date.UTC(y.y, y.m - 1, y.d) - Date.UTC(x.y, x.m - 1, x.d)) / 86_400_000);
}

// ---- allocation.ts ----

/**
 * Splits `quantity` whole shares into `count` installments per the OCF allocation type
 * (domain.md, shown on 18 shares in 4: CUMULATIVE_ROUNDING 5-4-5-4, CUMULATIVE_ROUND_DOWN 4-5-4-5,
 * FRONT_LOADED 5-5-4-4, BACK_LOADED 4-4-5-5, FRONT_LOADED_TO_SINGLE_TRANCHE 6-4-4-4,
 * BACK_LOADED_TO_SINGLE_TRANCHE 4-4-4-6). The parts always sum to `quantity`.
 */
export function allocate(
  quantity: number,
  count: number,
  type: AllocationType = 'CUMULATIVE_ROUNDING',
): number[] {
  if (count <= 0) return [];
  const base = Math.floor(quantity / count);
  const remainder = quantity - base * count;
  switch (type) {
    case 'CUMULATIVE_ROUNDING':
    case 'CUMULATIVE_ROUND_DOWN': {
      // Plain numbers are exact while 2·q·n stays a safe integer and the quotient's spacing
      // (1/2n) is coarser than a double's at q (q ≤ 10¹², n ≤ 1,000): the common case, and fast.
      if (2 * quantity * count <= Number.MAX_SAFE_INTEGER && quantity <= 1e12 && count <= 1000) {
        const parts: number[] = [];
        let previous = 0;
        for (let k = 1; k <= count; k++) {
          const cumulative =
            type === 'CUMULATIVE_ROUNDING'
              ? Math.floor((2 * quantity * k + count) / (2 * count))
              : Math.floor((quantity * k) / count);
          parts.push(cumulative - previous);
          previous = cumulative;
        }
        return parts;
      }
      const q = BigInt(quantity);
      const n = BigInt(count);
      const parts: number[] = [];
      let previous = 0n;
      for (let k = 1n; k <= n; k++) {
        // Round half up: floor((2·q·k + n) / 2n); round down: floor(q·k / n).
        const cumulative =
          type === 'CUMULATIVE_ROUNDING' ? (2n * q * k + n) / (2n * n) : (q * k) / n;
        parts.push(Number(cumulative - previous));
        previous = cumulative;
      }
      return parts;
    }
    case 'FRONT_LOADED':
      return Array.from({ length: count }, (_, i) => base + (i < remainder ? 1 : 0));
    case 'BACK_LOADED':
      return Array.from({ length: count }, (_, i) => base + (i >= count - remainder ? 1 : 0));
    case 'FRONT_LOADED_TO_SINGLE_TRANCHE':
      return Array.from({ length: count }, (_, i) => base + (i === 0 ? remainder : 0));
    case 'BACK_LOADED_TO_SINGLE_TRANCHE':
      return Array.from({ length: count }, (_, i) => base + (i === count - 1 ? remainder : 0));
  }
}

/**
 * Splits `quantity` by fractions, in order, rounding the cumulative amount (half up, or down for
 * CUMULATIVE_ROUND_DOWN) so that fractions summing to 1 give parts summing to `quantity`.
 */
export function allocatePortions(
  quantity: number,
  portions: readonly { numerator: number; denominator: number }[],
  type: AllocationType = 'CUMULATIVE_ROUNDING',
): number[] {
  // Exact cumulative fractions as (num, den) with bigints.
  let num = 0n;
  let den = 1n;
  let previous = 0n;
  const q = BigInt(quantity);
  return portions.map((p) => {
    const pn = BigInt(p.numerator);
    const pd = BigInt(p.denominator);
    if (pd === den) {
      num += pn;
    } else {
      num = num * pd + pn * den;
      den = den * pd;
    }
    const cumulative =
      type === 'CUMULATIVE_ROUND_DOWN' ? (q * num) / den : (2n * q * num + den) / (2n * den);
    const capped = cumulative > q ? q : cumulative;
    const part = capped - previous;
    previous = capped;
    return Number(part);
  });
}

// ---- schedule.ts ----

/**
 * The vesting engine (issue 5): terms + events → dated whole-share installments. Pure: "today"
 * is the `asOf` argument; nothing reads the clock. The only place vesting is computed.
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
export function periodDates(start: string, terms: TimeTerms): string[] {
  return Array.from({ length: terms.occurrences }, (_, i) => {
    const k = (i + 1) * terms.periodLength;
    return terms.periodUnit === 'months'
      ? addMonths(start, k, terms.dayOfMonth)
      : addDays(start, k);
  });
}

function timeTranches(quantity: number, start: string, terms: TimeTerms): Tranche[] {
  const parts = allocate(quantity, terms.occurrences, terms.allocation);
  const dates = periodDates(start, terms);
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
export function computeVesting(input: {
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

/** Vested, unvested and forfeited shares on `date` (forfeited vested awards no longer count as vested). */
export function totalsAsOf(
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

/** Shares vested on `date`. */
export function vestedAsOf(
  result: Pick<VestingResult, 'quantity' | 'installments' | 'forfeitures'>,
  date: string,
): number {
  return totalsAsOf(result, date).vested;
}
