/**
 * Tables for download (issue 13): one model of columns and rows that both the CSV writer here
 * and the server's XLSX writer read, so a CSV and a workbook of the same export cannot disagree.
 */

/**
 * What a column holds. `text` is any text (escaped against formulas in CSV); `count` whole
 * numbers (share counts); `money`, `decimal` and `percent` canonical decimal strings ("0.10",
 * "-12.5"; a percent "66.6667" means 66.6667 %); `date` ISO dates (`YYYY-MM-DD`).
 */
export type SheetColumnKind = 'text' | 'count' | 'money' | 'decimal' | 'percent' | 'date';

export interface SheetColumn {
  header: string;
  kind: SheetColumnKind;
}

/** A cell: text or decimal/date strings by its column's kind, a number for counts, null empty. */
export type SheetValue = string | number | null;

/** One table of an export: a header row of columns, then the rows. */
export interface Sheet {
  /** The worksheet's name (shortened to Excel's 31 characters by the XLSX writer). */
  name: string;
  columns: SheetColumn[];
  rows: SheetValue[][];
  /** Indexes into `rows` of totals rows (bold in a workbook). */
  totalRows?: number[];
}

/** How the reader's spreadsheet wants a CSV: `,` and `.`, or `;` and `,` (Dutch Excel). */
export interface CsvDialect {
  separator: string;
  decimal: string;
}

/** A number we computed: written as a number, never escaped. */
export interface CsvNumber {
  decimal: string;
}

export type CsvCell = string | number | CsvNumber | null | undefined;

/** The characters with which a spreadsheet starts a formula (or which hide one: tab, CR). */
const FORMULA_START = /^[=+\-@\t\r]/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Formula injection (OWASP "CSV Injection"): a text cell that begins with `=`, `+`, `-`, `@`,
 * tab or carriage return gets a single quote in front, so a spreadsheet shows it as text instead
 * of running it (`=HYPERLINK(…)` stays visible as written).
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One CSV field: text is neutralized and quoted where needed (RFC 4180); numbers we wrote stay
 * numbers (`-5` stays `-5`), decimals in the reader's decimal point. A "decimal" that is not a
 * plain decimal number is treated as text.
 */
export function csvField(value: CsvCell, dialect: CsvDialect): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'number')
    text = Number.isFinite(value) ? String(value).replace('.', dialect.decimal) : '';
  else if (typeof value === 'object')
    text = DECIMAL.test(value.decimal)
      ? value.decimal.replace('.', dialect.decimal)
      : neutralizeFormula(value.decimal);
  else text = neutralizeFormula(value);
  const needsQuotes = text.includes(dialect.separator) || /["\r\n]/.test(text);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines of fields, CRLF-terminated (RFC 4180). */
export function csvText(lines: readonly (readonly CsvCell[])[], dialect: CsvDialect): string {
  return lines
    .map((cells) => cells.map((c) => csvField(c, dialect)).join(dialect.separator))
    .map((line) => `${line}\r\n`)
    .join('');
}

/** A sheet as CSV: the header row, then the rows, each cell written by its column's kind. */
export function sheetCsv(sheet: Sheet, dialect: CsvDialect): string {
  const cell = (value: SheetValue, kind: SheetColumnKind): CsvCell => {
    if (value === null) return null;
    if (kind === 'count') return typeof value === 'number' ? value : String(value);
    if (kind === 'money' || kind === 'decimal' || kind === 'percent')
      return { decimal: String(value) };
    return String(value);
  };
  return csvText(
    [
      sheet.columns.map((c) => c.header),
      ...sheet.rows.map((row) => sheet.columns.map((c, i) => cell(row[i] ?? null, c.kind))),
    ],
    dialect,
  );
}
