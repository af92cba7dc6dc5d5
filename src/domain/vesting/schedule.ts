import { formatDay, isoOnOrBefore } from './days';
import { engineComputeVesting, periodDayOf, periodDays, type VestingInput } from './engine';
import type { TimeTerms, VestingResult } from './types';

/**
 * The vesting engine (issue 5): terms + events → dated whole-share installments. Pure: "today"
 * is the `asOf` argument; nothing reads the clock. The only place vesting is computed.
 *
 * Computed on integer day numbers (engine.ts, days.ts), proleptic Gregorian, for every input the
 * contracts (src/contracts/vesting.ts) accept: real `YYYY-MM-DD` dates in years 0000–9999 and
 * whole-number counts. A grant stored before issue 11 may run past 9999: those dates are written
 * with a five-digit year ("10024-01-15"), which totalsAsOf/vestedAsOf order correctly (a plain
 * string comparison would not). Input the contracts reject (impossible or malformed dates,
 * negative or fractional counts, unknown options) throws an Error naming the field; terms they
 * reject for their amounts (more than the grant) are capped, not refused, so stored grants always
 * read. The rules: docs/vesting.md. differential.test.ts holds the engine to a frozen copy of the
 * old string-based engine where that one was right (years 100–9999, and see its header).
 */

/** Installment dates of time-based terms: start + k periods, k = 1…occurrences, never chained. */
export function periodDates(start: string, terms: TimeTerms): string[] {
  return periodDays(start, terms).map(formatDay);
}

/**
 * The date of installment `k` (1-based) of time-based terms: start + k periods. Throws for terms
 * or a start the contracts do not accept, and for a date past year 99,999.
 */
export function periodDate(start: string, terms: TimeTerms, k: number): string {
  return formatDay(periodDayOf(start, terms, k));
}

/** Computes a grant's vesting: installments, pending milestones, forfeitures and the as-of totals. */
export function computeVesting(input: VestingInput): VestingResult {
  return engineComputeVesting(input);
}

/** Vested, unvested and forfeited shares on `date` (forfeited vested awards no longer count as vested). */
export function totalsAsOf(
  result: Pick<VestingResult, 'quantity' | 'installments' | 'forfeitures'>,
  date: string,
): { vested: number; unvested: number; forfeited: number } {
  let vested = 0;
  for (const i of result.installments) if (isoOnOrBefore(i.date, date)) vested += i.quantity;
  let forfeited = 0;
  for (const f of result.forfeitures) {
    if (!isoOnOrBefore(f.date, date)) continue;
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
