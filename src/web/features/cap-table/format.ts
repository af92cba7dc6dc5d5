import { isIsoDate } from '../../../domain/dates';

/**
 * Display and input helpers of the Cap table tab. Share counts are whole numbers shown with
 * thousands separators; percentages and decimals are the API's strings, never recomputed in floats.
 */

const countFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** "12,500" */
export function formatCount(n: number): string {
  return countFormat.format(n);
}

/** "41.6667%" from the API's percentage string "41.6667" (already apportioned to sum to 100). */
export function formatPercent(percent: string): string {
  return `${percent}%`;
}

// Calendar dates are zone-less: format them in UTC so no viewer sees the day before.
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** "1 Mar 2024" for "2024-03-01"; the raw text when it is not a date. */
export function formatIsoDate(iso: string): string {
  return isIsoDate(iso) ? dateFormat.format(new Date(`${iso}T00:00:00Z`)) : iso;
}

/** Today in the viewer's calendar (not UTC: a Dutch lawyer at 00:30 means today). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * `setValueAs` for whole-number inputs: "" becomes null (the schema says whether that is allowed),
 * spaces and thousands separators ("1,000", "1.000", "1 000") are dropped, anything else goes to
 * the schema as a number (NaN and fractions fail there with the contract's message).
 */
export function countFromInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.replace(/[\s_'\u00a0\u202f]/g, '');
  if (text === '') return null;
  if (/^\d{1,3}([.,]\d{3})+$/.test(text)) return Number(text.replace(/[.,]/g, ''));
  return Number(text);
}

/** `setValueAs` for decimal inputs: trims, and accepts a Dutch decimal comma ("0,01"). */
export function decimalFromInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return /^\d*,\d+$/.test(text) ? text.replace(',', '.') : text;
}

/** `setValueAs` for optional selects and ids: "" (nothing chosen) becomes null. */
export function idFromInput(value: unknown): unknown {
  return value === '' ? null : value;
}
