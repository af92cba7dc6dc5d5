/**
 * Integer day numbers (days since 1970-01-01, proleptic Gregorian) for the engine's fast path.
 * Internal to the vesting module (not re-exported from index.ts).
 *
 * The fast path only handles canonical `YYYY-MM-DD` dates with years FIRST_YEAR–LAST_YEAR, and
 * only produces dates in that range. There, ordering day numbers is ordering the ISO strings, and
 * the arithmetic gives exactly what dates.ts gives (whose `Date.UTC` maps years 0–99 to 1900–1999
 * and whose output stops being `YYYY-MM-DD` after year 9999): anything outside that range makes
 * the engine fall back to the string-based implementation (legacy.ts).
 */

export const FIRST_YEAR = 100;
export const LAST_YEAR = 9999;

/** Marks a date the fast path cannot handle. */
export const BAD_DAY = Number.NaN;

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** Days in month `m` (1–12) of year `y` (≥ 0). */
export function monthDays(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : DAYS_IN_MONTH[m]!;
}

/** Day number of a valid date with y ≥ 1 (H. Hinnant's days_from_civil). */
export function dayFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = m > 2 ? m - 3 : m + 9;
  const doy = (((153 * mp + 2) / 5) | 0) + d - 1;
  const doe = yoe * 365 + ((yoe / 4) | 0) - ((yoe / 100) | 0) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Day number of the first and last day of the supported range. */
export const MIN_DAY = dayFromCivil(FIRST_YEAR, 1, 1);
export const MAX_DAY = dayFromCivil(LAST_YEAR, 12, 31);

function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1000;
}

/**
 * The day number of a canonical `YYYY-MM-DD` date in the supported range; BAD_DAY for anything
 * else (not a string, another format, an impossible date, a year out of range).
 */
export function parseDay(iso: unknown): number {
  if (typeof iso !== 'string' || iso.length !== 10) return BAD_DAY;
  if (iso.charCodeAt(4) !== 45 || iso.charCodeAt(7) !== 45) return BAD_DAY;
  const y = digit(iso, 0) * 1000 + digit(iso, 1) * 100 + digit(iso, 2) * 10 + digit(iso, 3);
  const m = digit(iso, 5) * 10 + digit(iso, 6);
  const d = digit(iso, 8) * 10 + digit(iso, 9);
  if (y < FIRST_YEAR || y > LAST_YEAR || m < 1 || m > 12 || d < 1 || d > monthDays(y, m))
    return BAD_DAY;
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

/** `YYYY-MM-DD` of a day number in the supported range. */
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
 * What dates.ts `addMonths` gives for a start (y, m, d) with `wanted` the rule's day of month, as
 * a day number; BAD_DAY when the result leaves the supported range. `months` is an integer.
 */
export function addMonthsDay(y: number, m: number, wanted: number, months: number): number {
  const index = y * 12 + (m - 1) + months;
  const yy = Math.floor(index / 12);
  if (yy < FIRST_YEAR || yy > LAST_YEAR) return BAD_DAY;
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
