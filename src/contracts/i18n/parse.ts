import { formattingLocale } from './languages';
import { formatIsoDate, numberSeparators } from './format';

/**
 * Reading what people type in a language's conventions (issue 12): number inputs accept the
 * locale's separators and never misread `1.000`; date inputs follow the app's language, not the
 * browser's. Results are the API's forms: decimal strings and ISO dates.
 */

const SPACES = /[\s'\u00a0\u202f\u2009_]/g;
const MINUS = /^[-\u2212]/;

/** Digits with groups of exactly three after the first group of one to three: "1.234.567". */
function isGrouped(text: string, group: string): boolean {
  const g = group === '.' ? '\\.' : group;
  return new RegExp(`^\\d{1,3}(?:${g}\\d{3})+$`).test(text);
}

/**
 * A number typed in `language`'s conventions as a plain decimal string ("1234.5"), or null when
 * it is not a number. Spaces (also thin and no-break) and a leading minus (`-` or `−`) are
 * allowed.
 *
 * - The language's own separators win: in `nl`, `1.000` is a thousand and `1,5` one and a half;
 *   in `en`, `1,000` is a thousand and `1.5` one and a half.
 * - The grouping character is read as grouping only where it groups by three (`1.000.000`); used
 *   once elsewhere it is taken as a decimal point, the way people type on a numeric keypad
 *   (`0.5` in `nl` is a half), never as a silently dropped separator.
 * - `integer: true` (share counts) refuses any fraction, and reads either character as grouping
 *   when it groups by three, so `1.000` and `1,000` are both a thousand in every language.
 */
export function parseLocaleNumber(
  language: string,
  input: string,
  { integer = false }: { integer?: boolean } = {},
): string | null {
  let text = input.replace(SPACES, '');
  let sign = '';
  if (MINUS.test(text)) {
    sign = '-';
    text = text.slice(1);
  }
  if (text === '' || !/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const { decimal, group } = numberSeparators(language);
  let intPart: string;
  let fracPart = '';
  if (integer) {
    if (/^\d+$/.test(text)) intPart = text;
    else if (isGrouped(text, '.') || isGrouped(text, ',')) intPart = text.replace(/[.,]/g, '');
    else return null;
  } else {
    const decimals = text.split(decimal).length - 1;
    if (decimals > 1) return null;
    if (decimals === 1) {
      const [head = '', tail = ''] = text.split(decimal);
      if (tail.includes(group) || !/^\d*$/.test(tail)) return null;
      if (head !== '' && !/^\d+$/.test(head) && !isGrouped(head, group)) return null;
      intPart = head.split(group).join('');
      fracPart = tail;
    } else if (/^\d+$/.test(text)) {
      intPart = text;
    } else if (isGrouped(text, group)) {
      intPart = text.split(group).join('');
    } else if (text.split(group).length === 2) {
      // One grouping character that does not group by three: a decimal point as typed on a keypad.
      [intPart = '', fracPart = ''] = text.split(group);
    } else {
      return null;
    }
    if (intPart === '' && fracPart === '') return null;
  }
  intPart = intPart.replace(/^0+(?=\d)/, '') || '0';
  fracPart = fracPart.replace(/0+$/, '');
  const result = fracPart ? `${intPart}.${fracPart}` : intPart;
  return sign && /[1-9]/.test(result) ? `-${result}` : result;
}

type DatePart = 'day' | 'month' | 'year';

/** The order of day, month and year in a language's short dates (d-m-y for nl and en). */
export function dateOrder(language: string): DatePart[] {
  const parts = new Intl.DateTimeFormat(formattingLocale(language), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(2026, 10, 24)));
  const order = parts
    .map((p) => p.type)
    .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  return order.length === 3 ? order : ['day', 'month', 'year'];
}

const monthNameCache = new Map<string, Map<string, number>>();

/** Full and abbreviated month names of a language, lower-case, without dots → month (1–12). */
function monthNames(language: string): Map<string, number> {
  let names = monthNameCache.get(language);
  if (names) return names;
  names = new Map();
  const locale = formattingLocale(language);
  for (const month of ['long', 'short'] as const) {
    const format = new Intl.DateTimeFormat(locale, { month, timeZone: 'UTC' });
    for (let m = 1; m <= 12; m++) {
      const name = format
        .format(new Date(Date.UTC(2026, m - 1, 15)))
        .toLowerCase()
        .replace(/\./g, '');
      names.set(name, m);
    }
  }
  // "sept" and "mrt"-style variants people type: the first three or four letters of a full name.
  for (const [name, m] of [...names]) {
    if (name.length > 3) names.set(name.slice(0, 3), names.get(name.slice(0, 3)) ?? m);
    if (name.length > 4) names.set(name.slice(0, 4), names.get(name.slice(0, 4)) ?? m);
  }
  monthNameCache.set(language, names);
  return names;
}

function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const probe = new Date(0);
  probe.setUTCFullYear(year, month - 1, day);
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * A date typed in `language`'s conventions as `YYYY-MM-DD`, or null. Accepts the short form in
 * the language's order with `-`, `/`, `.` or spaces (`1-3-2026`, `01/03/2026`), a month written
 * out (`1 maart 2026`, `1 mrt 2026`, `March 1, 2026` in languages that put the month first),
 * and ISO (`2026-03-01`). Years have four digits (0001–9999): `1-3-26` is refused rather than
 * guessed.
 */
export function parseLocaleDate(language: string, input: string): string | null {
  const text = input.trim().toLowerCase().replace(/,/g, ' ');
  if (!text) return null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const tokens = text.split(/[\s./-]+/).filter(Boolean);
  if (tokens.length !== 3) return null;
  const named = tokens.findIndex((token) => /^\p{L}+$/u.test(token));
  if (named >= 0) {
    const month = monthNames(language).get(tokens[named]!.replace(/\./g, ''));
    if (!month) return null;
    const rest = tokens.filter((_, i) => i !== named);
    if (!rest.every((t) => /^\d+$/.test(t))) return null;
    const yearIndex = rest.findIndex((t) => t.length === 4);
    if (yearIndex < 0) return null;
    const day = rest[1 - yearIndex]!;
    if (day.length > 2) return null;
    return isoOf(Number(rest[yearIndex]), month, Number(day));
  }
  if (!tokens.every((t) => /^\d+$/.test(t))) return null;
  const values: Partial<Record<DatePart, string>> = {};
  dateOrder(language).forEach((part, i) => (values[part] = tokens[i]));
  const { day = '', month = '', year = '' } = values;
  if (year.length !== 4 || day.length > 2 || month.length > 2) return null;
  return isoOf(Number(year), Number(month), Number(day));
}

/** How a date input shows a date: the language's short form ("01-03-2026" in nl). */
export function formatDateForInput(language: string, iso: string): string {
  return formatIsoDate(language, iso, 'short');
}
