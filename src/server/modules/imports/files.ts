import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../../contracts/imports';
import { isoDateOf } from '../../../domain/dates';
import type { Cell } from '../../../domain/import/values';
import { cellText, isBlank } from '../../../domain/import/values';
import { AppError, msg, validationError } from '../../http/errors';

/**
 * Reading an uploaded spreadsheet (issue 13, decision 025): XLSX through exceljs (formulas give
 * their cached result, never evaluated) or CSV (UTF-8 or Windows-1252, comma or semicolon).
 * Whatever is refused is a 400 naming `file`, before any library inflates the workbook.
 */

/** A data row: its number in the sheet (the header row is 1) and its cells. */
export interface SheetRow {
  row: number;
  cells: Cell[];
}

export interface ReadSheet {
  sheets: string[];
  sheet: string;
  headers: string[];
  rows: SheetRow[];
}

/** Everything a workbook may inflate to: 100 MB. */
export const MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
/** Inflation beyond 100 times the compressed size is a zip bomb, not a spreadsheet. */
export const MAX_COMPRESSION_RATIO = 100;
/** Below this, the ratio is not checked (a few repeated cells compress very well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

const refuse = (key: string, values?: Record<string, string | number>) =>
  validationError({ file: msg(key, values) });

/** The sheet `sheet` (default: the first) of the file, or a 400 naming `file`. */
export async function readSpreadsheet(
  bytes: Uint8Array,
  fileName: string,
  sheet?: string,
): Promise<ReadSheet> {
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw refuse('imports.file.tooLarge', { mb: 25 });
  if (bytes.byteLength === 0) throw refuse('imports.file.empty');
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (isZip) return readXlsx(bytes, sheet);
  // The old binary formats (.xls, OLE compound files) and anything with NUL bytes is no CSV.
  if (/\.(xls|xlsm|xlsb|ods|numbers)$/i.test(fileName) || bytes.includes(0))
    throw refuse('imports.file.notSpreadsheet');
  return readCsv(bytes);
}

// ------------------------------------------------------------------------------------------ zip

interface ZipEntry {
  name: string;
  compressed: number;
  uncompressed: number;
}

/**
 * The entries of a zip's central directory, read by hand (nothing is inflated): a zip bomb is
 * refused by its declared sizes before exceljs would inflate it.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: within the last 22 + 65,535 bytes (its comment).
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  if (offset === 0xffffffff || count === 0xffff || offset + size > bytes.length) return null;
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) return null;
    const compressed = view.getUint32(p + 20, true);
    const uncompressed = view.getUint32(p + 24, true);
    const nameLength = view.getUint16(p + 28, true);
    const extra = view.getUint16(p + 30, true);
    const comment = view.getUint16(p + 32, true);
    const name = new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nameLength));
    entries.push({ name, compressed, uncompressed });
    p += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** Refuses zip bombs, macro-enabled workbooks and zips that are no workbook. */
export function checkWorkbookZip(bytes: Uint8Array): void {
  checkOfficeZip(bytes, {
    mainPart: 'xl/workbook.xml',
    notFile: 'imports.file.notSpreadsheet',
    zipBomb: 'imports.file.zipBomb',
    macros: 'imports.file.macros',
  });
}

/**
 * Refuses an Office file (XLSX, DOCX) that is a zip bomb, carries macros or lacks its main part
 * (or, with `contentType`, does not declare it so), each with its own message naming `file`.
 * Nothing but the content types is inflated.
 */
export function checkOfficeZip(
  bytes: Uint8Array,
  options: {
    mainPart: string;
    contentType?: RegExp;
    notFile: string;
    zipBomb: string;
    macros: string;
  },
): void {
  const entries = zipEntries(bytes);
  if (!entries) throw refuse(options.notFile);
  let total = 0;
  let compressed = 0;
  for (const e of entries) {
    // ZIP64 sizes (4 GB and more) never belong to a file we take.
    if (e.uncompressed === 0xffffffff || e.compressed === 0xffffffff) throw refuse(options.zipBomb);
    total += e.uncompressed;
    compressed += e.compressed;
    if (
      e.uncompressed > RATIO_FLOOR_BYTES &&
      e.uncompressed > MAX_COMPRESSION_RATIO * Math.max(1, e.compressed)
    )
      throw refuse(options.zipBomb);
  }
  if (total > MAX_UNCOMPRESSED_BYTES) throw refuse(options.zipBomb);
  if (total > RATIO_FLOOR_BYTES && total > MAX_COMPRESSION_RATIO * Math.max(1, compressed))
    throw refuse(options.zipBomb);
  const names = new Set(entries.map((e) => e.name.toLowerCase()));
  if ([...names].some((n) => n.endsWith('vbaproject.bin'))) throw refuse(options.macros);
  if (!names.has(options.mainPart) || !names.has('[content_types].xml'))
    throw refuse(options.notFile);
  // Its sizes are checked above: inflating the content types alone is safe.
  let types: string;
  try {
    const files = unzipSync(bytes, {
      filter: (f) => f.name.toLowerCase() === '[content_types].xml',
    });
    const file = Object.values(files)[0];
    types = file ? new TextDecoder().decode(file) : '';
  } catch {
    throw refuse(options.notFile);
  }
  if (/macroEnabled/i.test(types)) throw refuse(options.macros);
  if (options.contentType && !options.contentType.test(types)) throw refuse(options.notFile);
}

// ----------------------------------------------------------------------------------------- xlsx

/** An exceljs cell value as a Cell: formulas give their cached result, errors stay errors. */
function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return clean(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : { error: '#NUM!' };
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return { error: '#VALUE!' };
    // exceljs gives dates at UTC midnight; a second's margin absorbs floating-point serials.
    return { date: isoDateOf(new Date(value.getTime() + 1000)) };
  }
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('error' in v) return { error: String(v.error) };
    if ('formula' in v || 'sharedFormula' in v) return toCell(v.result ?? null);
    if (Array.isArray(v.richText))
      return clean((v.richText as { text?: string }[]).map((r) => r.text ?? '').join(''));
    if ('text' in v) return toCell(v.text);
    if ('result' in v) return toCell(v.result);
  }
  return { error: '#VALUE!' };
}

/**
 * Text a database can store: a NUL or a lone surrogate cannot be kept in JSON on PostgreSQL; such
 * a cell becomes an error value, reported on its row if its column is used (decision 013).
 */
function clean(text: string): Cell {
  // eslint-disable-next-line no-control-regex
  if (/\u0000/.test(text) || LONE_SURROGATE.test(text)) return { error: '#TEXT!' };
  return text;
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

async function readXlsx(bytes: Uint8Array, wanted?: string): Promise<ReadSheet> {
  checkWorkbookZip(bytes);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as never);
  } catch {
    throw refuse('imports.file.notSpreadsheet');
  }
  const sheets = workbook.worksheets.map((w) => w.name);
  if (sheets.length === 0) throw refuse('imports.file.emptySheet');
  const name = wanted ?? sheets[0]!;
  const worksheet = workbook.worksheets.find((w) => w.name === name);
  if (!worksheet) throw validationError({ sheet: msg('imports.file.noSuchSheet', { name }) });
  const grid: SheetRow[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = row.values as unknown[];
    const cells: Cell[] = [];
    for (let i = 1; i < values.length; i++) cells.push(toCell(values[i]));
    grid.push({ row: number, cells });
  });
  return withHeader(sheets, name, grid);
}

// ------------------------------------------------------------------------------------------ csv

/** UTF-8 (a byte-order mark dropped), else Windows-1252: Excel's CSV in Western Europe. */
export function decodeText(bytes: Uint8Array): string {
  const body =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    // Node built with small ICU decodes "windows-1252" as Latin-1: bytes 0x80–0x9F come out as
    // C1 controls, so they are mapped here (€, quotes, dashes…); the five unassigned stay C1.
    return new TextDecoder('windows-1252')
      .decode(body)
      .replace(/[\u0080-\u009f]/g, (c) => CP1252[c.charCodeAt(0) - 0x80] || c);
  }
}

/** Windows-1252 at 0x80–0x9F ('' where the code page assigns nothing). */
const CP1252 = [
  '€',
  '',
  '‚',
  'ƒ',
  '„',
  '…',
  '†',
  '‡',
  'ˆ',
  '‰',
  'Š',
  '‹',
  'Œ',
  '',
  'Ž',
  '',
  '',
  '‘',
  '’',
  '“',
  '”',
  '•',
  '–',
  '—',
  '˜',
  '™',
  'š',
  '›',
  'œ',
  '',
  'ž',
  'Ÿ',
];

/** The separator the header line uses most: `;` (Excel in Dutch), `,` or a tab. */
export function detectSeparator(text: string): string {
  const line = text.split(/\r?\n/, 1)[0] ?? '';
  let quoted = false;
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch]! += 1;
  }
  const [best] = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

function readCsv(bytes: Uint8Array): ReadSheet {
  const text = decodeText(bytes);
  const parsed = Papa.parse<string[]>(text, {
    delimiter: detectSeparator(text),
    skipEmptyLines: false,
  });
  if (parsed.errors.some((e) => e.type === 'Quotes')) throw refuse('imports.file.malformedCsv');
  const grid = parsed.data.map((cells, i) => ({ row: i + 1, cells: cells.map(clean) }));
  return withHeader(['CSV'], 'CSV', grid);
}

// --------------------------------------------------------------------------------------- common

/** The first non-empty row is the header; the data rows follow, empty ones dropped. */
function withHeader(sheets: string[], sheet: string, grid: SheetRow[]): ReadSheet {
  const nonEmpty = grid.filter((r) => r.cells.some((c) => !isBlank(c)));
  const [header, ...rows] = nonEmpty;
  if (!header || rows.length === 0) throw refuse('imports.file.emptySheet');
  if (rows.length > MAX_IMPORT_ROWS)
    throw refuse('imports.file.tooManyRows', { max: MAX_IMPORT_ROWS });
  const headers = header.cells.map((c, i) => cellText(c) || `#${i + 1}`);
  return { sheets, sheet, headers, rows };
}

/** True when an error is one of ours (a 400 to pass on), not a bug. */
export const isRefusal = (e: unknown): e is AppError => e instanceof AppError;
