import { formatDay } from './days';
import { fastComputeVesting, fastPeriodDays, type VestingInput } from './engine';
import { legacyComputeVesting, legacyPeriodDates } from './legacy';
import type { TimeTerms, VestingResult } from './types';

/**
 * The vesting engine (issue 5): terms + events → dated whole-share installments. Pure: "today"
 * is the `asOf` argument; nothing reads the clock. The only place vesting is computed.
 *
 * Computed on integer day numbers (engine.ts) for every input with canonical dates in years
 * 100–9999; anything else goes through the string-based implementation (legacy.ts), which gives
 * what the engine always gave. differential.test.ts holds the two to a frozen copy of the old engine.
 */

/** Installment dates of time-based terms: start + k periods, k = 1…occurrences, never chained. */
export function periodDates(start: string, terms: TimeTerms): string[] {
  const days = fastPeriodDays(start, terms);
  return days ? days.map(formatDay) : legacyPeriodDates(start, terms);
}

/** Computes a grant's vesting: installments, pending milestones, forfeitures and the as-of totals. */
export function computeVesting(input: VestingInput): VestingResult {
  let result: VestingResult | undefined;
  try {
    result = fastComputeVesting(input);
  } catch {
    // Malformed input: let the string-based engine fail (or not) exactly as it always did.
    result = undefined;
  }
  return result ?? legacyComputeVesting(input);
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
