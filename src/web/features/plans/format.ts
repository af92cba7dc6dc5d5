import { isIsoDate } from '../../../domain/dates';

/**
 * Display and input helpers of the Plans tab. Share counts are whole numbers shown with
 * thousands separators; calendar dates are ISO strings, shown without a time zone shift.
 */

const countFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** "12,500" */
export function formatCount(n: number): string {
  return countFormat.format(n);
}

/** "+500" or "−300" (a real minus sign): a change to the pool. */
export function formatChange(n: number): string {
  return n < 0 ? `\u2212${formatCount(-n)}` : `+${formatCount(n)}`;
}

// Calendar dates are zone-less: format them in UTC so no viewer sees the day before.
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** "1 Mar 2024" for "2024-03-01"; the raw text when it is not a date. */
export function formatIsoDate(iso: string): string {
  return isIsoDate(iso) ? dateFormat.format(new Date(`${iso}T00:00:00Z`)) : iso;
}

/** Today in the viewer's calendar (one implementation, in the Cap table tab's helpers). */
export { todayIso } from '../cap-table/format';

/** Granted as a share of reserved, "37.5%"; "0%" for an empty pool. */
export function formatUsedPercent(granted: number, reserved: number): string {
  if (reserved <= 0) return '0%';
  const percent = (granted / reserved) * 100;
  return `${percent.toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`;
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
