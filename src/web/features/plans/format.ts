import { formatPercent } from '../../lib/format';

/**
 * Display and input helpers of the Plans tab. Share counts are whole numbers shown with
 * thousands separators; calendar dates are ISO strings, shown without a time zone shift.
 */

// Counts, changes and dates in the active language (decision 018).
export { formatChange, formatCount, formatIsoDate } from '../../lib/format';

/** Today in the viewer's calendar (one implementation, in the Cap table tab's helpers). */
export { todayIso } from '../cap-table/format';

/** Granted as a share of reserved, "37.5%"; "0%" for an empty pool. */
export function formatUsedPercent(granted: number, reserved: number): string {
  if (reserved <= 0) return formatPercent(0);
  return formatPercent((granted / reserved) * 100, { maxFraction: 1 });
}

/**
 * `setValueAs` for whole-number inputs: "" becomes null (the schema says whether that is allowed),
 * spaces and thousands separators ("1,500", "1.500", "1 500") are dropped, anything else goes to
 * the schema as a number (NaN and fractions fail there with the contract's message).
 */
export function countFromInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.replace(/[\s_'\u00a0\u202f]/g, '');
  if (text === '') return null;
  if (/^\d{1,3}([.,]\d{3})+$/.test(text)) return Number(text.replace(/[.,]/g, ''));
  return Number(text);
}

/** `setValueAs` for a percentage: "" becomes null; a decimal comma ("12,5") is accepted. */
export function percentFromInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(/%$/, '').trim();
  if (text === '') return null;
  return Number(/^\d*,\d+$/.test(text) ? text.replace(',', '.') : text);
}

/** `setValueAs` for optional selects: "" (nothing chosen) becomes null. */
export function idFromInput(value: unknown): unknown {
  return value === '' ? null : value;
}
