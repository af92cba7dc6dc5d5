/**
 * Integer day numbers (days since 1970-01-01, proleptic Gregorian) for the engine.
 * Internal to the vesting module (not re-exported from index.ts).
 *
 * Input dates are what the API accepts (src/domain/dates.ts `isIsoDate`): real calendar dates
 * written `YYYY-MM-DD`, years 0000–9999. The arithmetic is plain proleptic Gregorian for every
 * year: 0050-01-31 is year 50, not 1950 (`Date.UTC` maps years 0–99 to 1900–1999; nothing here
 * uses it).
 *
 * Output dates can run past 9999: since issue 11 the contracts keep new schedules within
 * 9999-12-31, but grants stored before may start on 9999-12-31 and run 600 periods of 120 months
 * (the old limits). Such dates are formatted as the old engine's formatter did, with the year
 * unpadded beyond four digits ("10024-01-15"); use `isoOnOrBefore` (not `<=` on the strings) to
 * compare them with four-digit dates. Anything beyond LAST_OUTPUT_YEAR is refused.
 */

/**
 * The last year a computed date may fall in. Stored input stays far below it: a start in 9999,
 * 600 × 120 months (6,000 years, the limits before issue 11), plus non-overlapping leaves of
 * absence within years 0–9999 (at most 10,000 years) — about year 26,000. Only absurd
 * (non-contract) input reaches it.
 */
export const LAST_OUTPUT_YEAR = 99_999;

/** Marks a date that is not a real `YYYY-MM-DD` date (or a computed date out of range). */
export const BAD_DAY = Number.NaN;

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** Days in month `m` (1–12) of year `y` (≥ 0). */
export function monthDays(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : DAYS_IN_MONTH[m]!;
}

/** Day number of a valid date, any year (H. Hinnant's days_from_civil). */
export function dayFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = m > 2 ? m - 3 : m + 9;
  const doy = (((153 * mp + 2) / 5) | 0) + d - 1;
  const doe = yoe * 365 + ((yoe / 4) | 0) - ((yoe / 100) | 0) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Day numbers of 0000-01-01 and of the last day a computed date may fall on. */
export const MIN_DAY = dayFromCivil(0, 1, 1);
export const MAX_DAY = dayFromCivil(LAST_OUTPUT_YEAR, 12, 31);

function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1000;
}

/**
 * The day number of a real date written `YYYY-MM-DD` (years 0000–9999); BAD_DAY for anything
 * else (not a string, another format, an impossible date).
 */
export function parseDay(iso: unknown): number {
  if (typeof iso !== 'string' || iso.length !== 10) return BAD_DAY;
  if (iso.charCodeAt(4) !== 45 || iso.charCodeAt(7) !== 45) return BAD_DAY;
  const y = digit(iso, 0) * 1000 + digit(iso, 1) * 100 + digit(iso, 2) * 10 + digit(iso, 3);
  const m = digit(iso, 5) * 10 + digit(iso, 6);
  const d = digit(iso, 8) * 10 + digit(iso, 9);
  if (y < 0 || m < 1 || m > 12 || d < 1 || d > monthDays(y, m)) return BAD_DAY;
  return dayFromCivil(y, m, d);
}

const TWO_DIGITS = Array.from({ length: 32 }, (_, i) => String(i).padStart(2, '0'));

function formatUncached(day: number): string {
  // H. Hinnant's civil_from_days.
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = ((doe - ((doe / 1460) | 0) + ((doe / 36_524) | 0) - ((doe / 146_096) | 0)) / 365) | 0;
  const doy = doe - (365 * yoe + ((yoe / 4) | 0) - ((yoe / 100) | 0));
  const mp = ((5 * doy + 2) / 153) | 0;
  const d = doy - (((153 * mp + 2) / 5) | 0) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${TWO_DIGITS[m]!}-${TWO_DIGITS[d]!}`;
}

// Installment dates repeat across grants (and requests): format each day once. Bounded.
const formatted = new Map<number, string>();
const FORMAT_CACHE_LIMIT = 50_000;

/** `YYYY-MM-DD` of a day number in [MIN_DAY, MAX_DAY] (more year digits past 9999). */
export function formatDay(day: number): string {
  let s = formatted.get(day);
  if (s === undefined) {
    s = formatUncached(day);
    if (formatted.size >= FORMAT_CACHE_LIMIT) formatted.clear();
    formatted.set(day, s);
  }
  return s;
}

/**
 * dates.ts `addMonths` for a start (y, m, d) with `wanted` the rule's day of month (clamped to
 * the month's last day), as a day number; BAD_DAY when the result leaves years
 * 0–LAST_OUTPUT_YEAR. `months` is an integer.
 */
export function addMonthsDay(y: number, m: number, wanted: number, months: number): number {
  const index = y * 12 + (m - 1) + months;
  const yy = Math.floor(index / 12);
  if (!(yy >= 0 && yy <= LAST_OUTPUT_YEAR)) return BAD_DAY;
  const mm = index - yy * 12 + 1;
  const dim = monthDays(yy, mm);
  return dayFromCivil(yy, mm, wanted < dim ? wanted : dim);
}

/** Year, month and day of a date parseDay accepted. */
export function ymdOf(iso: string): [number, number, number] {
  return [
    digit(iso, 0) * 1000 + digit(iso, 1) * 100 + digit(iso, 2) * 10 + digit(iso, 3),
    digit(iso, 5) * 10 + digit(iso, 6),
    digit(iso, 8) * 10 + digit(iso, 9),
  ];
}

/**
 * `a <= b` for dates as the engine writes them: a longer string is a later year (past 9999),
 * otherwise the strings order as the dates do.
 */
export function isoOnOrBefore(a: string, b: string): boolean {
  return a.length === b.length ? a <= b : a.length < b.length;
}
