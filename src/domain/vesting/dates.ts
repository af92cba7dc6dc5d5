import type { DayOfMonth } from './types';

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
