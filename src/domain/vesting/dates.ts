import { dayFromCivil, formatDay, monthDays } from './days';
import type { DayOfMonth } from './types';

/**
 * Calendar arithmetic on ISO dates, without time zones, for the forms, the demo, the charts and
 * the valuations. Proleptic Gregorian in every year, on the engine's day numbers (days.ts):
 * 0050-01-31 is year 50. (`Date.UTC` maps years 0–99 to 1900–1999, so `addDays('0050-01-31', 1)`
 * was '1950-02-01' before issue 11.) Dates past 9999 are written with a five-digit year, as the
 * engine writes them.
 */

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

/** Days in month `m` (1–12) of year `y`. */
export function daysInMonth(y: number, m: number): number {
  return monthDays(y, m);
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
  const m = index - y * 12 + 1;
  const wanted =
    rule === 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH'
      ? s.d
      : rule.endsWith('_OR_LAST_DAY_OF_MONTH')
        ? Number(rule.slice(0, 2))
        : Number(rule);
  return formatDate({ y, m, d: Math.min(wanted, daysInMonth(y, m)) });
}

/** The day number of a `YYYY-MM-DD` date (a day past the month's end rolls over, as Date.UTC did). */
function dayOf(iso: string): number {
  const { y, m, d } = parseDate(iso);
  const day = dayFromCivil(y, m, d);
  if (!Number.isFinite(day)) throw new RangeError(`Not a date: ${JSON.stringify(iso)}`);
  return day;
}

export function addDays(date: string, days: number): string {
  return formatDay(dayOf(date) + days);
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return dayOf(b) - dayOf(a);
}
