import { textWidth, words, type Fonts } from './pdf-fonts';

/**
 * The tables of the server's own PDFs (issue 14): what a table is, and how wide its columns are
 * on a page (pdf-layout.ts draws them).
 */

/** Space between a cell's text and its sides. */
export const CELL_PAD_X = 4;
/** No column needs to be wider than this to read well: past it, text wraps. */
const COMFORTABLE_COLUMN = 110;

export interface Column {
  header: string;
  align?: 'left' | 'right';
  bold?: boolean;
  /** Share of the spare width this column takes when the table is narrower than the page. */
  grow?: number;
}

export interface Row {
  cells: string[];
  /** A total: bold, with a rule above. */
  total?: boolean;
}

export interface Table {
  columns: Column[];
  rows: Row[];
  /** Shown instead of the table when there are no rows. */
  empty: string;
  /** A heading kept on the page with the table's first rows. */
  title?: string;
  /** False for a block of labels and values: no header row, no rules. */
  header?: boolean;
  size?: number;
}

interface ColumnNeeds {
  /** The widest unbreakable word (plus padding). */
  min: number;
  /** The widest line unwrapped (plus padding). */
  natural: number;
}

/**
 * What each column's text asks for. A word longer than a fair share of `available` (a name
 * without spaces, a long reference) does not set the column's minimum: it breaks inside,
 * rather than squeezing every other column.
 */
function columnNeeds(table: Table, fonts: Fonts, available: number): ColumnNeeds[] {
  const size = table.size ?? 8;
  const longest = Math.max(COMFORTABLE_COLUMN, available / table.columns.length);
  const withHeader = table.header ?? true;
  return table.columns.map((column, i) => {
    const texts = table.rows.map((row) => ({
      text: row.cells[i] ?? '',
      font: row.total || column.bold ? fonts.bold : fonts.regular,
    }));
    if (withHeader) texts.push({ text: column.header, font: fonts.bold });
    let min = 0;
    let natural = 0;
    for (const { text, font } of texts) {
      for (const paragraph of text.split(/\r?\n/)) {
        const parts = words(paragraph);
        const space = textWidth(font, size, ' ');
        let line = 0;
        parts.forEach((word, n) => {
          const width = textWidth(font, size, word);
          min = Math.max(min, width);
          line += width + (n > 0 ? space : 0);
        });
        natural = Math.max(natural, line);
      }
    }
    // Nor does one column ask for more than half the width, however much text it holds.
    const least = Math.min(min + 2 * CELL_PAD_X, longest);
    return {
      min: least,
      natural: Math.max(least, Math.min(natural + 2 * CELL_PAD_X, available / 2)),
    };
  });
}

/**
 * The columns' widths across `available` points: as wide as their text where there is room,
 * narrowed down to their longest word otherwise (and below that only when nothing else fits).
 */
export function columnWidths(table: Table, fonts: Fonts, available: number): number[] {
  const needs = columnNeeds(table, fonts, available);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const natural = sum(needs.map((n) => n.natural));
  const min = sum(needs.map((n) => n.min));
  if (natural <= available) {
    // Room to spare: it goes to the columns that grow, in proportion to their text.
    const grow = needs.map((n, i) => n.natural * (table.columns[i]!.grow ?? 1));
    const total = sum(grow);
    return needs.map(
      (n, i) => n.natural + (total > 0 ? ((available - natural) * grow[i]!) / total : 0),
    );
  }
  if (min <= available) {
    // Every word fits; the columns with the most text to wrap give up the most width.
    const share = (available - min) / (natural - min);
    return needs.map((n) => n.min + (n.natural - n.min) * share);
  }
  // Even the longest words do not fit: narrow every column alike (words break inside).
  return needs.map((n) => (n.min * available) / min);
}

/** Whether every column of `table` gets a comfortable width across `available` points. */
export function tableFits(table: Table, fonts: Fonts, available: number): boolean {
  const needs = columnNeeds(table, fonts, available);
  const comfortable = needs.reduce(
    (sum, { min, natural }) => sum + Math.max(min, Math.min(natural, COMFORTABLE_COLUMN)),
    0,
  );
  return comfortable <= available;
}
