import { now as clockNow } from '../../lib/clock';
import type { HolderGroup } from '../../../domain/equity';
import { msg } from '../../lib/i18n';

/**
 * Display and input helpers of the Cap table tab. Numbers, money, percentages and dates go
 * through `src/web/lib/format.ts` (the active language, decision 018); what stays here is the
 * tab's own: today's date, empty ids, and the catalog keys of labels chosen at run time.
 */

// The tab used to have its own English formatters; other tabs still import these names from here.
export { countFromInput, formatCount } from '../../lib/format';

/** Catalog keys of the cap table's holder groups (chart and legend): `t(HOLDER_GROUP_LABELS[g])`. */
export const HOLDER_GROUP_LABELS: Record<HolderGroup, string> = {
  founders: msg('cap-table.group.founders'),
  employees: msg('cap-table.group.employees'),
  investors: msg('cap-table.group.investors'),
  other: msg('cap-table.group.other'),
  pool: msg('cap-table.group.pool'),
};

/** Today in the viewer's calendar (not UTC: a Dutch lawyer at 00:30 means today). */
export function todayIso(now = clockNow()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * `setValueAs` for decimal inputs: trims, and accepts a Dutch decimal comma ("0,01").
 *
 * @deprecated The valuations form still uses it; new code takes `decimalFromInput` from
 * `src/web/lib/format.ts`, which reads the active language's separators ("1.000,50" in nl).
 */
export function decimalFromInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return /^\d*,\d+$/.test(text) ? text.replace(',', '.') : text;
}

/** `setValueAs` for optional selects and ids: "" (nothing chosen) becomes null. */
export function idFromInput(value: unknown): unknown {
  return value === '' ? null : value;
}
