import { formattingLocale } from './languages';

/**
 * Numbers, money, percentages and dates through `Intl`, in a language's conventions (issue 12):
 * `nl` writes `1.234.567,89`, `€ 1.234,56` and `1 januari 2026`. Shared by the SPA, the e-mails
 * and the exports. Amounts arrive as the API's decimal strings and are formatted as strings,
 * never through a float, so 6-decimal prices and 18-digit counts keep every digit.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${language}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(formattingLocale(language), options);
    cache.set(key, format);
  }
  return format;
}

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${language}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(formattingLocale(language), options);
    cache.set(key, format);
  }
  return format;
}

/** A decimal string as `Intl` takes it exactly (`Intl.NumberFormat` v3 formats strings). */
type Decimal = string | number | bigint;

// `format` accepts decimal strings since ES2023 (Node 20, every current browser); TypeScript's
// lib still types it as number | bigint.
function format(f: Intl.NumberFormat, value: Decimal): string {
  return f.format(value as number);
}

/** "1.234.567" (nl) / "1,234,567" (en): a whole number such as a share count. */
export function formatInteger(language: string, value: Decimal): string {
  return format(numberFormat(language, { maximumFractionDigits: 0 }), value);
}

/**
 * A decimal as written: "1.234,5" (nl). `minFraction`/`maxFraction` bound the decimals shown
 * (defaults 0 and 6, the most any amount in the product has).
 */
export function formatDecimal(
  language: string,
  value: Decimal,
  { minFraction = 0, maxFraction = 6 }: { minFraction?: number; maxFraction?: number } = {},
): string {
  return format(
    numberFormat(language, {
      minimumFractionDigits: minFraction,
      maximumFractionDigits: Math.max(minFraction, maxFraction),
    }),
    value,
  );
}

/**
 * Money in its currency: "€ 1.234,56" (nl), "€1,234.56" (en); at least 2 decimals and up to 6
 * (a price per share of € 0,000125 keeps its digits). An unknown currency code is shown after
 * the number rather than throwing.
 */
export function formatMoney(
  language: string,
  amount: Decimal,
  currency: string,
  { maxFraction = 6 }: { maxFraction?: number } = {},
): string {
  try {
    return format(
      numberFormat(language, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: Math.max(2, maxFraction),
      }),
      amount,
    );
  } catch {
    return `${formatDecimal(language, amount, { minFraction: 2, maxFraction })} ${currency}`;
  }
}

/** Moves a decimal string's point left by `places` exactly ("41.6667", 2 → "0.416667"). */
function shiftLeft(value: string, places: number): string {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', int = '', frac = ''] = match;
  const digits = int.padStart(places + 1, '0');
  const head = digits.slice(0, digits.length - places);
  const tail = digits.slice(digits.length - places) + frac;
  return `${sign}${head}.${tail}`;
}

/**
 * A percentage given in percent ("41.6667" or 41.6667): "41,6667%" (nl), "41.6667%" (en), up to
 * `maxFraction` decimals (default 4, what the API apportions to).
 */
export function formatPercent(
  language: string,
  percent: Decimal,
  { maxFraction = 4, minFraction = 0 }: { maxFraction?: number; minFraction?: number } = {},
): string {
  const fraction =
    typeof percent === 'string' ? shiftLeft(percent, 2) : shiftLeft(String(percent), 2);
  return format(
    numberFormat(language, {
      style: 'percent',
      minimumFractionDigits: minFraction,
      maximumFractionDigits: Math.max(minFraction, maxFraction),
    }),
    fraction,
  );
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDate(iso: string): Date | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const date = new Date(0);
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  date.setUTCHours(0, 0, 0, 0);
  return Number.isNaN(date.getTime()) ? null : date;
}

export type DateStyle = 'short' | 'medium' | 'long';

/**
 * A calendar date (`YYYY-MM-DD`): "1 januari 2026" (nl, long), "1 jan 2026" (medium),
 * "01-01-2026" (short). Formatted in UTC: a date is not an instant, and the viewer's time zone
 * must not move it to the day before. Anything else is returned as it came.
 */
export function formatIsoDate(language: string, iso: string, style: DateStyle = 'medium'): string {
  const date = utcDate(iso);
  if (!date) return iso;
  const options: Intl.DateTimeFormatOptions =
    style === 'short'
      ? { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }
      : { dateStyle: style, timeZone: 'UTC' };
  return dateFormat(language, options).format(date);
}

/** "March 2026" / "maart 2026" for a calendar date or a `YYYY-MM` month. */
export function formatMonth(language: string, isoDateOrMonth: string): string {
  const date = utcDate(isoDateOrMonth.length === 7 ? `${isoDateOrMonth}-01` : isoDateOrMonth);
  if (!date) return isoDateOrMonth;
  return dateFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/**
 * An instant (ISO timestamp) as date and time in `timeZone` (the viewer's when omitted):
 * "22 nov 2025 14:05". The raw text when it does not parse.
 */
export function formatDateTime(language: string, iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** An instant as a date only, in `timeZone` (the viewer's when omitted): "22 nov 2025". */
export function formatInstantDate(language: string, iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(language, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(
    date,
  );
}

/** The decimal and grouping characters of a language ("," and "." for nl). */
export function numberSeparators(language: string): { decimal: string; group: string } {
  const parts = numberFormat(language, { useGrouping: true }).formatToParts(1234567.5);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}
