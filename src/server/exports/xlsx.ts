import type { Sheet, SheetColumnKind, SheetValue } from '../../domain/csv';

/**
 * A sheet as an Excel workbook (issue 13): numbers as numbers (counts as integers, money and
 * decimals with a number format, percentages as %), dates as real dates, the header row frozen
 * and bold, columns wide enough for their contents. exceljs is loaded on the first export only
 * (and kept out of the server bundle: scripts/build-lib.mjs), so start-up does not pay for it.
 */

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type ExcelJs = typeof import('exceljs');

let loaded: Promise<ExcelJs> | undefined;
/** exceljs is CommonJS: under Node's ESM loader its API is the default export. */
function excelJs(): Promise<ExcelJs> {
  loaded ??= import('exceljs').then((m) => (m as ExcelJs & { default?: ExcelJs }).default ?? m);
  return loaded;
}

/**
 * Number formats per kind. Dates get Excel's built-in short date (number format 14, which exceljs
 * writes for 'mm-dd-yy'): Excel and LibreOffice show it in the reader's own system order
 * (24-11-2026 in the Netherlands, 11/24/2026 in the US), as they do with dates typed by hand.
 */
const NUM_FMT: Record<Exclude<SheetColumnKind, 'text'>, string> = {
  count: '#,##0',
  // Prices may carry up to ten decimals (numeric(28,10)): at least two, more when present.
  money: '#,##0.00########',
  decimal: '#,##0.##########',
  percent: '0.0000%',
  date: 'mm-dd-yy',
};

const MIN_WIDTH = 8;
const MAX_WIDTH = 50;

/** ISO date → a Date at UTC midnight (what Excel's serial day number is taken from). */
function isoToDate(iso: string): Date | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const date = new Date(0);
  date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return date;
}

function cellValue(value: SheetValue, kind: SheetColumnKind): string | number | Date | null {
  if (value === null || value === '') return null;
  switch (kind) {
    case 'text':
      // Stored as a string cell: a workbook never reads a string as a formula.
      return String(value);
    case 'count':
      return typeof value === 'number' ? value : Number(value);
    case 'money':
    case 'decimal':
      return Number(value);
    case 'percent':
      // "66.6667" (percent) → 0.666667 shown as 66.6667 %.
      return Number(value) / 100;
    case 'date':
      return isoToDate(String(value));
  }
}

/** The width a cell's shown text needs, in characters. */
function shownLength(value: SheetValue, kind: SheetColumnKind): number {
  if (value === null) return 0;
  if (kind === 'date') return 10;
  if (kind === 'count' && typeof value === 'number') return value.toLocaleString('en').length;
  return String(value).length + (kind === 'percent' ? 2 : 0);
}

/** Excel's sheet names: at most 31 characters, none of `[]:*?/\`. */
function sheetName(name: string): string {
  return (
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet1'
  );
}

/** One workbook with one worksheet per sheet, as the bytes of an .xlsx file. */
export async function sheetsXlsx(sheets: readonly Sheet[]): Promise<Uint8Array<ArrayBuffer>> {
  const ExcelJS = await excelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ESOP CRM';
  // Fixed, so the same data gives the same bytes (and tests do not depend on the clock).
  workbook.created = new Date(0);
  workbook.modified = new Date(0);
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheetName(sheet.name), {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
    });
    worksheet.columns = sheet.columns.map((column, i) => ({
      header: column.header,
      key: `c${i}`,
      width: Math.min(
        MAX_WIDTH,
        Math.max(
          MIN_WIDTH,
          column.header.length + 2,
          ...sheet.rows.map((row) => shownLength(row[i] ?? null, column.kind) + 2),
        ),
      ),
      style: column.kind === 'text' ? {} : { numFmt: NUM_FMT[column.kind] },
    }));
    worksheet.getRow(1).font = { bold: true };
    const totals = new Set(sheet.totalRows ?? []);
    sheet.rows.forEach((row, r) => {
      const added = worksheet.addRow(
        sheet.columns.map((c, i) => cellValue(row[i] ?? null, c.kind)),
      );
      if (totals.has(r)) added.font = { bold: true };
    });
  }
  const buffer = await workbook.xlsx.writeBuffer();
  // A Node Buffer under Node (its bytes copied into a plain array), an ArrayBuffer elsewhere.
  return new Uint8Array(buffer as unknown as ArrayLike<number>);
}
