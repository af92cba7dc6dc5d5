import * as format from '../../contracts/i18n/format';
import { parseLocaleNumber } from '../../contracts/i18n/parse';
import { activeLanguage } from './i18n';

/**
 * Display and input helpers in the active language (decision 018): `nl` shows `1.234.567,89`,
 * `€ 1.234,56` and `1 januari 2026`. Amounts are the API's decimal strings, never floats.
 */

/**
 * The API's decimal ("1.234") as an input shows it in the active language, ungrouped ("1,234" in
 * nl): put back as it came, a Dutch reading would take "1.234" for a thousand and more.
 */
export function decimalForInput(value: string): string;
export function decimalForInput(value: string | null | undefined): string | null | undefined;
export function decimalForInput(value: string | null | undefined): string | null | undefined {
  if (typeof value !== 'string') return value;
  return value.replace('.', format.numberSeparators(activeLanguage()).decimal);
}

/** "1.250.000" (nl) / "1,250,000" (en): a whole number such as a share count. */
export function formatCount(value: number | string | bigint): string {
  return format.formatInteger(activeLanguage(), value);
}

/** A decimal as written in the language, up to 6 decimals: "0,000125". */
export function formatDecimal(
  value: number | string,
  options?: { minFraction?: number; maxFraction?: number },
): string {
  return format.formatDecimal(activeLanguage(), value, options);
}

/** "€ 1.234,56" (nl) / "€1,234.56" (en); up to 6 decimals for prices per share. */
export function formatMoney(
  amount: number | string,
  currency: string,
  options?: { maxFraction?: number },
): string {
  return format.formatMoney(activeLanguage(), amount, currency, options);
}

/** "41,6667%" (nl) for the API's percentage "41.6667". */
export function formatPercent(
  percent: number | string,
  options?: { minFraction?: number; maxFraction?: number },
): string {
  return format.formatPercent(activeLanguage(), percent, options);
}

/** "+500" or "−300" (a real minus sign): a change of a count. */
export function formatChange(value: number): string {
  return value < 0 ? `\u2212${formatCount(-value)}` : `+${formatCount(value)}`;
}

/** "1 mrt 2024" (medium), "1 maart 2024" (long) or "01-03-2024" (short) for "2024-03-01". */
export function formatIsoDate(iso: string, style?: format.DateStyle): string {
  return format.formatIsoDate(activeLanguage(), iso, style);
}

/** "maart 2026" for "2026-03" or "2026-03-14". */
export function formatMonth(isoDateOrMonth: string): string {
  return format.formatMonth(activeLanguage(), isoDateOrMonth);
}

/** "22 nov 2025" for an ISO timestamp, in the viewer's time zone. */
export function formatDate(iso: string): string {
  return format.formatInstantDate(activeLanguage(), iso);
}

/** "22 nov 2025, 14:05" for an ISO timestamp, in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  return format.formatDateTime(activeLanguage(), iso);
}

/**
 * `setValueAs` for whole-number inputs: "" becomes null (the schema says whether that is
 * allowed); "1.000" and "1,000" are a thousand in every language; anything that is not a whole
 * number goes to the schema as NaN, which fails there with the contract's message.
 */
export function countFromInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  const parsed = parseLocaleNumber(activeLanguage(), value, { integer: true });
  return parsed === null ? Number.NaN : Number(parsed);
}

/**
 * `setValueAs` for decimal inputs (prices, amounts; the API takes decimal strings): read in the
 * active language's separators ("1.000,50" in nl); "" becomes null; text that is no number goes
 * to the schema as typed, which fails there with the contract's message.
 */
export function decimalFromInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  return parseLocaleNumber(activeLanguage(), value) ?? value.trim();
}

/** `setValueAs` for a percentage ("12,5" or "12,5 %"): a number, null for "", NaN for junk. */
export function percentFromInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(/%$/, '').trim();
  if (text === '') return null;
  const parsed = parseLocaleNumber(activeLanguage(), text);
  return parsed === null ? Number.NaN : Number(parsed);
}
