import type { Plan } from '../../../contracts/equity';
import type { Grant } from '../../../contracts/vesting';
import { addDays, addMonths, computeVesting, vestedAsOf } from '../../../domain/vesting';
import type { VestingResult } from '../../../domain/vesting/types';
import { policyOf } from './format';

/**
 * Company-wide views computed in the browser from each grant's terms with the same engine the
 * server uses (style.md "Pure engine"): the vesting chart stacked by plan and the upcoming list.
 */

/** A grant's schedule with its termination or cancellation applied (vesting stops there). */
export function grantVesting(grant: Grant, plan: Plan | undefined, asOf: string): VestingResult {
  const policy = plan ? policyOf(plan) : undefined;
  const stop = grant.termination
    ? { date: grant.termination.date, leaverType: grant.termination.leaverType }
    : grant.cancelledDate
      ? { date: grant.cancelledDate, leaverType: 'bad' as const }
      : null;
  return computeVesting({
    quantity: grant.quantity,
    vestingStartDate: grant.vestingStartDate,
    terms: grant.terms,
    asOf,
    events: { termination: stop },
    // A cancellation stops vesting and keeps nothing unvested, whatever the plan says of leavers.
    ...(grant.cancelledDate && !grant.termination
      ? {
          policy: {
            leaver: {
              good: { unvested: 'forfeit', vested: 'keep' },
              bad: { unvested: 'forfeit', vested: 'keep' },
            },
            acceleration: { trigger: 'none', percent: null, windowMonths: null },
            exerciseWindowMonths: null,
          },
        }
      : policy
        ? { policy }
        : {}),
  });
}

/** Grants that never vest (drafts and offers not accepted) stay out of the company's figures. */
export function countsTowardsVesting(grant: Grant): boolean {
  return grant.status !== 'draft' && grant.status !== 'offered';
}

export type VestingSeries = {
  dates: string[];
  series: { planId: string; planName: string; values: number[] }[];
};

/**
 * Vested shares per plan on the first of each month, from the earliest vesting start to the last
 * installment (at most ~120 points: the step grows on long spans).
 */
export function companyVestingSeries(
  grants: readonly Grant[],
  vestings: ReadonlyMap<string, VestingResult>,
): VestingSeries {
  const counted = grants.filter((g) => vestings.has(g.id));
  if (counted.length === 0) return { dates: [], series: [] };
  let from = counted[0]!.vestingStartDate;
  let to = from;
  for (const g of counted) {
    if (g.vestingStartDate < from) from = g.vestingStartDate;
    const last = vestings.get(g.id)!.installments.at(-1)?.date;
    if (last && last > to) to = last;
  }
  const first = `${from.slice(0, 7)}-01`;
  const monthsSpan =
    (Number(to.slice(0, 4)) - Number(first.slice(0, 4))) * 12 +
    Number(to.slice(5, 7)) -
    Number(first.slice(5, 7)) +
    1;
  const step = Math.max(1, Math.ceil(monthsSpan / 120));
  const dates: string[] = [];
  for (let k = 0; ; k += step) {
    const date = addMonths(first, k);
    dates.push(date);
    if (date > to) break;
  }
  const byPlan = new Map<string, { planId: string; planName: string; values: number[] }>();
  for (const g of counted) {
    let entry = byPlan.get(g.planId);
    if (!entry) {
      entry = { planId: g.planId, planName: g.planName, values: dates.map(() => 0) };
      byPlan.set(g.planId, entry);
    }
    const result = vestings.get(g.id)!;
    dates.forEach((d, i) => (entry.values[i]! += vestedAsOf(result, d)));
  }
  return {
    dates,
    series: [...byPlan.values()].sort((a, b) => a.planName.localeCompare(b.planName)),
  };
}

export type UpcomingKind =
  | 'installment'
  | 'cliff'
  | 'milestone_deadline'
  | 'acceptance_deadline'
  | 'expiry'
  | 'exercise_deadline';

export type UpcomingEvent = {
  date: string;
  kind: UpcomingKind;
  grantId: string;
  stakeholderName: string;
  planName: string;
  quantity: number | null;
  detail: string | null;
};

const LIVE: ReadonlySet<Grant['status']> = new Set([
  'draft',
  'offered',
  'accepted',
  'active',
  'fully_vested',
  'partly_exercised',
]);

/**
 * What happens in the next `days` days (today included): each grant's next installment (a cliff
 * is named as one), milestone deadlines, acceptance deadlines of open offers, expiries and
 * leavers' exercise deadlines; soonest first.
 */
export function upcomingEvents(
  grants: readonly Grant[],
  vestings: ReadonlyMap<string, VestingResult>,
  today: string,
  days = 90,
): UpcomingEvent[] {
  const until = addDays(today, days);
  const within = (date: string | null): date is string =>
    date !== null && date >= today && date <= until;
  const events: UpcomingEvent[] = [];
  for (const g of grants) {
    if (!LIVE.has(g.status)) continue;
    const at = (
      kind: UpcomingKind,
      date: string,
      quantity: number | null,
      detail: string | null = null,
    ) =>
      events.push({
        date,
        kind,
        grantId: g.id,
        stakeholderName: g.stakeholderName,
        planName: g.planName,
        quantity,
        detail,
      });
    const result = vestings.get(g.id);
    if (result) {
      const next = result.installments.find((i) => i.date >= today);
      if (next && within(next.date))
        at(next.source === 'cliff' ? 'cliff' : 'installment', next.date, next.quantity);
      const pendingIds = new Set(result.pending.map((p) => p.milestoneId));
      const milestones =
        g.terms.type === 'milestone'
          ? g.terms.milestones
          : g.terms.type === 'combined'
            ? g.terms.parts.flatMap((p) => (p.terms.type === 'milestone' ? p.terms.milestones : []))
            : [];
      for (const m of milestones)
        if (pendingIds.has(m.id) && within(m.deadline))
          at(
            'milestone_deadline',
            m.deadline,
            result.pending.find((p) => p.milestoneId === m.id)?.quantity ?? null,
            m.name,
          );
    }
    if (g.status === 'offered' && !g.acceptanceDate && within(g.acceptanceDeadline))
      at('acceptance_deadline', g.acceptanceDeadline, g.quantity);
    if (within(g.expiryDate)) at('expiry', g.expiryDate, g.schedule.exercisable || null);
    if (within(g.schedule.exerciseDeadline))
      at('exercise_deadline', g.schedule.exerciseDeadline, g.schedule.exercisable || null);
  }
  return events.sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.stakeholderName.localeCompare(b.stakeholderName),
  );
}
