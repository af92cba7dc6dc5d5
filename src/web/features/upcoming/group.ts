import { formatIsoDate, formatMonth } from '../../lib/format';
import { t } from '../../lib/i18n';
import type { UpcomingGroup } from './search';

/** Pure helpers of the practice view: grouping dated items by ISO week or calendar month. */

const DAY_MS = 86_400_000;

/** The Monday of the ISO week holding `iso` ("2026-11-26" → "2026-11-23"). */
export function weekStart(iso: string): string {
  const time = Date.parse(`${iso}T00:00:00Z`);
  const weekday = (new Date(time).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(time - weekday * DAY_MS).toISOString().slice(0, 10);
}

/** The group's key (Monday's date, or "YYYY-MM") and its heading, in the active language. */
export function groupKey(iso: string, by: UpcomingGroup): { key: string; label: string } {
  if (by === 'month') {
    const key = iso.slice(0, 7);
    return { key, label: formatMonth(key) };
  }
  const key = weekStart(iso);
  return { key, label: t('upcoming.group.week', { date: formatIsoDate(key) }) };
}

export type Group<T> = { key: string; label: string; items: T[] };

/** Consecutive runs of items in the same week or month; the input's order is kept. */
export function groupByDate<T extends { date: string }>(
  items: readonly T[],
  by: UpcomingGroup,
): Group<T>[] {
  const groups: Group<T>[] = [];
  const byKey = new Map<string, Group<T>>();
  for (const item of items) {
    const { key, label } = groupKey(item.date, by);
    let group = byKey.get(key);
    if (!group) {
      group = { key, label, items: [] };
      byKey.set(key, group);
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}

/** How many items of each type, for the filter chips. */
export function countByType<K extends string>(items: readonly { type: K }[]): Map<K, number> {
  const counts = new Map<K, number>();
  for (const i of items) counts.set(i.type, (counts.get(i.type) ?? 0) + 1);
  return counts;
}
