import type { Plan } from '../../../contracts/equity';
import type { Grant, GrantListResponse, UpcomingItem } from '../../../contracts/vesting';
import { addDays, addMonths, computeVesting, vestedAsOf } from '../../../domain/vesting';
import type { VestingResult } from '../../../domain/vesting/types';
import { policyOf } from './format';

/**
 * Company-wide views computed in the browser from each grant's terms with the same engine the
 * server uses (style.md "Pure engine"): the vesting chart stacked by plan, and the milestone
 * deadlines added to the server's upcoming list (`GET /upcoming`). The grants list carries the
 * company's change of control, so the engine gets the same inputs as on the server.
 */

/**
 * A grant's schedule with the inputs the server gives the engine (`grantFigures`): its
 * termination or cancellation (vesting stops there), its leaves of absence (later installments
 * move) and the company's change of control (acceleration per the plan's policy).
 */
export function grantVesting(
  grant: Grant,
  plan: Plan | undefined,
  asOf: string,
  changeOfControlDate: string | null = null,
): VestingResult {
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
    events: {
      termination: stop,
      changeOfControl: changeOfControlDate ? { date: changeOfControlDate } : null,
      pauses: grant.pauses,
    },
    // A cancellation stops vesting and keeps nothing unvested, whatever the plan says of leavers
    // (a change of control before it still accelerates, as on the server).
    ...(grant.cancelledDate && !grant.termination
      ? {
          policy: {
            leaver: {
              good: { unvested: 'forfeit', vested: 'keep' },
              bad: { unvested: 'forfeit', vested: 'keep' },
            },
            acceleration: policy?.acceleration ?? {
              trigger: 'none',
              percent: null,
              windowMonths: null,
            },
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

/**
 * The Grants tab's overview of the list (`GET …/grants`): each grant's schedule computed with the
 * inputs the server gives the engine (terms, leaves, termination or cancellation, and the
 * company's change of control from the list), the chart's series over the grants that vest,
 * today's vested figure per plan (the server's), and the milestone deadlines of the next `days`.
 */
export function companyOverview(
  list: GrantListResponse,
  plans: readonly Plan[],
  today: string,
  days = 90,
) {
  const { items: grants, changeOfControlDate } = list;
  const plansById = new Map(plans.map((p) => [p.id, p]));
  const vestings = new Map(
    grants.map((g) => [g.id, grantVesting(g, plansById.get(g.planId), today, changeOfControlDate)]),
  );
  const counted = grants.filter(countsTowardsVesting);
  const vestedToday = new Map<string, number>();
  for (const g of counted)
    vestedToday.set(g.planId, (vestedToday.get(g.planId) ?? 0) + g.schedule.vested);
  return {
    vestings,
    series: companyVestingSeries(counted, vestings),
    vestedToday,
    milestones: milestoneDeadlines(grants, vestings, today, days),
  };
}

/** What the chart reads of a schedule. */
export type ChartSchedule = Pick<VestingResult, 'quantity' | 'installments' | 'forfeitures'>;

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
  vestings: ReadonlyMap<string, ChartSchedule>,
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

/** What the Grants tab lists: the server's upcoming items, plus milestone deadlines. */
export type UpcomingKind = UpcomingItem['type'] | 'milestone_deadline';

export type UpcomingEvent = {
  date: string;
  kind: UpcomingKind;
  grantId: string;
  stakeholderName: string;
  planName: string;
  quantity: number | null;
  /** The milestone's name, for a milestone deadline. */
  detail: string | null;
};

/** Grants whose pending milestones can still be achieved (or lapse). */
const LIVE: ReadonlySet<Grant['status']> = new Set([
  'draft',
  'offered',
  'accepted',
  'active',
  'fully_vested',
  'partly_exercised',
]);

/**
 * Deadlines of milestones not yet achieved that fall in the next `days` days (today included),
 * read from each grant's terms: the server's upcoming list does not name them. The quantity is
 * what the milestone would vest, from the grant's schedule (`vestings`).
 */
export function milestoneDeadlines(
  grants: readonly Grant[],
  vestings: ReadonlyMap<string, VestingResult>,
  today: string,
  days = 90,
): UpcomingEvent[] {
  const until = addDays(today, days);
  const events: UpcomingEvent[] = [];
  for (const g of grants) {
    if (!LIVE.has(g.status) || g.termination || g.cancelledDate) continue;
    const result = vestings.get(g.id);
    if (!result) continue;
    const pending = new Map(result.pending.map((p) => [p.milestoneId, p.quantity]));
    for (const m of milestonesOfTerms(g.terms)) {
      if (!m.deadline || m.deadline < today || m.deadline > until || !pending.has(m.id)) continue;
      events.push({
        date: m.deadline,
        kind: 'milestone_deadline',
        grantId: g.id,
        stakeholderName: g.stakeholderName,
        planName: g.planName,
        quantity: pending.get(m.id) ?? null,
        detail: m.name,
      });
    }
  }
  return events;
}

function milestonesOfTerms(terms: Grant['terms']) {
  if (terms.type === 'milestone') return terms.milestones;
  if (terms.type === 'combined')
    return terms.parts.flatMap((p) => (p.terms.type === 'milestone' ? p.terms.milestones : []));
  return [];
}

/** The server's items as the tab's events, merged with milestone deadlines, soonest first. */
export function mergeUpcoming(
  items: readonly UpcomingItem[],
  milestones: readonly UpcomingEvent[],
): UpcomingEvent[] {
  const events: UpcomingEvent[] = items.map((i) => ({
    date: i.date,
    kind: i.type,
    grantId: i.grantId,
    stakeholderName: i.stakeholderName,
    planName: i.planName,
    quantity: i.quantity,
    detail: null,
  }));
  // A stable sort keeps the server's order (deadlines before installments) within a day.
  return [...events, ...milestones].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
  );
}
