import { isIsoDate } from '../dates';

/**
 * Reading spreadsheet cells (issue 13, decision 025): dates and numbers as people type them in
 * Dutch and English spreadsheets. Pure functions. A value that could mean two things is an
 * error, never a guess: the file's own unambiguous values decide its conventions.
 */

/** A cell as the file readers deliver it: text, a number, a real date cell, or an error value. */
export type Cell = string | number | boolean | { date: string } | { error: string } | null;

export type NumberConvention = 'nl' | 'en';
/** Day-first (`31/12/2024`) or month-first (`12/31/2024`) slash dates. */
export type DateOrder = 'dmy' | 'mdy';

export type Parsed<T> =
  { ok: true; value: T } | { ok: false; problem: 'invalid' | 'ambiguous' | 'empty' | 'cellError' };

const fail = (problem: 'invalid' | 'ambiguous' | 'empty' | 'cellError') =>
  ({ ok: false, problem }) as const;
const ok = <T>(value: T) => ({ ok: true, value }) as const;

/** True for an empty cell (nothing, or only spaces). */
export function isBlank(cell: Cell): boolean {
  return cell === null || (typeof cell === 'string' && cell.trim() === '');
}

// ------------------------------------------------------------------------------------- headers

/** A header as compared for auto-mapping: lower case, no accents, no spaces or punctuation. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

// --------------------------------------------------------------------------------------- dates

/** The last serial of the 1900 date system (9999-12-31). */
const MAX_SERIAL = 2958465;
const DAY_MS = 86_400_000;

/**
 * An Excel serial day number (1900 date system) as an ISO date. Serial 60 is Excel's fictitious
 * 29 February 1900 and is refused; serials below it count from 31 December 1899. A fraction
 * (the time of day) is dropped.
 */
export function excelSerialToIso(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial >= MAX_SERIAL + 1) return null;
  const day = Math.floor(serial);
  if (day === 60) return null;
  const epoch = Date.UTC(1899, 11, day < 60 ? 31 : 30);
  return new Date(epoch + day * DAY_MS).toISOString().slice(0, 10);
}

const pad = (n: string) => n.padStart(2, '0');
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** Day-first with dashes or dots: `31-12-2024`, `1-2-2024`, `31.12.2024`. */
const DAY_FIRST = /^(\d{1,2})[-.](\d{1,2})[-.](\d{4})$/;
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function iso(year: string, month: string, day: string): string | null {
  const value = `${year}-${pad(month)}-${pad(day)}`;
  return isIsoDate(value) ? value : null;
}

/**
 * The order a slash date implies on its own: `31/12/2024` is day-first, `12/31/2024`
 * month-first, `03/04/2024` either (null).
 */
export function slashDateOrder(text: string): DateOrder | null {
  const m = SLASHED.exec(text.trim());
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  if (a > 12 && b <= 12) return 'dmy';
  if (b > 12 && a <= 12) return 'mdy';
  return null;
}

/**
 * The order of a column's slash dates: the one its unambiguous values show, null when none
 * shows one or they disagree (then only unambiguous values are read).
 */
export function detectDateOrder(cells: readonly Cell[]): DateOrder | null {
  const seen = new Set<DateOrder>();
  for (const cell of cells) {
    if (typeof cell !== 'string') continue;
    const order = slashDateOrder(cell);
    if (order) seen.add(order);
  }
  return seen.size === 1 ? [...seen][0]! : null;
}

/**
 * A date cell as `YYYY-MM-DD`. Accepted: a real date cell; an Excel serial (a number cell);
 * ISO `2024-12-31`; day-first `31-12-2024`, `1-2-2024` and `31.12.2024` (dashes and dots are
 * always day-first, the Dutch way); slashes `31/12/2024` day-first unless the column's
 * unambiguous slash dates are month-first (`order`). A slash date both ways valid
 * (`03/04/2024`) in a column without a known order is ambiguous.
 */
export function parseDateCell(cell: Cell, order: DateOrder | null = null): Parsed<string> {
  if (isBlank(cell)) return fail('empty');
  if (cell === null) return fail('empty');
  if (typeof cell === 'object') {
    if ('error' in cell) return fail('cellError');
    return isIsoDate(cell.date) ? ok(cell.date) : fail('invalid');
  }
  if (typeof cell === 'number') {
    const value = excelSerialToIso(cell);
    return value ? ok(value) : fail('invalid');
  }
  if (typeof cell === 'boolean') return fail('invalid');
  const text = cell.trim();
  let m = ISO.exec(text);
  if (m) return orInvalid(iso(m[1]!, m[2]!, m[3]!));
  m = DAY_FIRST.exec(text);
  if (m) return orInvalid(iso(m[3]!, m[2]!, m[1]!));
  m = SLASHED.exec(text);
  if (m) {
    const own = slashDateOrder(text);
    const [a, b] = [m[1]!, m[2]!];
    // The same number twice (05/05/2024) reads the same both ways.
    const effective = own ?? order ?? (a === b ? 'dmy' : null);
    if (!effective) return fail('ambiguous');
    return orInvalid(effective === 'dmy' ? iso(m[3]!, b, a) : iso(m[3]!, a, b));
  }
  return fail('invalid');
}

const orInvalid = (value: string | null): Parsed<string> => (value ? ok(value) : fail('invalid'));

// ------------------------------------------------------------------------------------- numbers

/** Spaces people and spreadsheets put between thousands (also no-break and thin spaces). */
const SPACES = /[\s\u00a0\u2007\u202f']/g;
const CURRENCY = /^(€|eur|\$|usd|£|gbp)\s*|\s*(€|eur|\$|usd|£|gbp)$/i;
const GROUPED = (sep: string) => new RegExp(`^[1-9]\\d{0,2}(\\${sep}\\d{3})+$`);
const GROUPED_DOT = GROUPED('.');
const GROUPED_COMMA = GROUPED(',');

/**
 * What a number text says on its own: its decimal value with each convention that can read it.
 * `1.234,56` only Dutch; `1,234.56` only English; `1.5` only English (a Dutch group has three
 * digits); `1.000` both (a thousand in Dutch, one in English); `1000` both, the same value.
 */
export function readNumberText(
  raw: string,
): { nl: string | null; en: string | null; negative: boolean } | null {
  let text = raw.trim().replace(CURRENCY, '').replace(SPACES, '');
  let negative = false;
  if (text.startsWith('-') || text.startsWith('−')) {
    negative = true;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  return { nl: readAs(text, ',', '.'), en: readAs(text, '.', ','), negative };
}

/** `text` read with `decimal` as decimal separator and `group` between thousands, or null. */
function readAs(text: string, decimal: string, group: string): string | null {
  const parts = text.split(decimal);
  if (parts.length > 2) return null;
  const [whole = '', fraction] = parts;
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return null;
  let digits: string;
  if (whole.includes(group)) {
    if (!(group === '.' ? GROUPED_DOT : GROUPED_COMMA).test(whole)) return null;
    digits = whole.split(group).join('');
  } else {
    if (!/^\d*$/.test(whole)) return null;
    digits = whole;
  }
  if (digits === '' && fraction === undefined) return null;
  const int = (digits || '0').replace(/^0+(?=\d)/, '');
  const frac = fraction?.replace(/0+$/, '') ?? '';
  return frac ? `${int}.${frac}` : int;
}

/** The conventions a number cell shows: the one that alone reads it, or none. */
export function numberConvention(cell: Cell): NumberConvention | null {
  if (typeof cell !== 'string') return null;
  const read = readNumberText(cell);
  if (!read) return null;
  if (read.nl !== null && read.en === null) return 'nl';
  if (read.en !== null && read.nl === null) return 'en';
  return null;
}

/**
 * The file's number convention: the one its unambiguous values show, null when none does or
 * they disagree.
 */
export function detectNumberConvention(cells: readonly Cell[]): NumberConvention | null {
  const seen = new Set<NumberConvention>();
  for (const cell of cells) {
    const c = numberConvention(cell);
    if (c) seen.add(c);
  }
  return seen.size === 1 ? [...seen][0]! : null;
}

/** A number cell's value as a decimal string ("-" kept for negatives). */
function numberValue(value: number): string | null {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e18) return null;
  // Spreadsheets keep doubles: 0.1 is stored as the shortest text that reads back the same.
  const text = String(Math.abs(value));
  if (/e/i.test(text)) {
    const fixed = Math.abs(value)
      .toFixed(10)
      .replace(/\.?0+$/, '');
    return value < 0 ? `-${fixed}` : fixed;
  }
  return value < 0 ? `-${text}` : text;
}

/**
 * A number cell as a decimal string, e.g. `"-1234.5"`. A number cell is exact; text is read in
 * the file's `convention` when it could mean two values (`1.000`), and is ambiguous without one.
 * Text both conventions read the same way (`1000`, `12,5` never: `12,5` is Dutch only) is fine.
 */
export function parseNumberCell(
  cell: Cell,
  convention: NumberConvention | null = null,
): Parsed<string> {
  if (isBlank(cell)) return fail('empty');
  if (typeof cell === 'number') {
    const value = numberValue(cell);
    return value === null ? fail('invalid') : ok(value);
  }
  if (typeof cell === 'object' && cell !== null && 'error' in cell) return fail('cellError');
  if (typeof cell !== 'string') return fail('invalid');
  const read = readNumberText(cell);
  if (!read || (read.nl === null && read.en === null)) return fail('invalid');
  let value: string;
  if (read.nl !== null && read.en !== null && read.nl !== read.en) {
    if (!convention) return fail('ambiguous');
    value = read[convention]!;
  } else value = (read.nl ?? read.en)!;
  return ok(read.negative && value !== '0' ? `-${value}` : value);
}

/** A whole number (share counts): a decimal with a fraction is invalid. */
export function parseIntegerCell(
  cell: Cell,
  convention: NumberConvention | null = null,
): Parsed<number> {
  const parsed = parseNumberCell(cell, convention);
  if (!parsed.ok) return parsed;
  if (!/^-?\d+$/.test(parsed.value)) return fail('invalid');
  const n = Number(parsed.value);
  return Number.isSafeInteger(n) ? ok(n) : fail('invalid');
}

/** A cell as trimmed text: numbers as their digits, date cells as ISO dates. */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number') return numberValue(cell) ?? String(cell);
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  if ('date' in cell) return cell.date;
  return cell.error;
}
