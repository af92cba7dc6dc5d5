import fontkit from '@pdf-lib/fontkit';
import {
  PDFDocument,
  PageSizes,
  grayscale,
  type Color,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import { CELL_PAD_X, columnWidths, tableFits, type Row, type Table } from './pdf-columns';
import { fitLine, loadFontBytes, textWidth, wrapText, type Fonts } from './pdf-fonts';

/**
 * The page layout of the PDFs the server draws itself (issue 14): A4 pages with the firm's
 * header and a numbered footer, wrapped paragraphs, and tables whose columns fit the page, whose
 * text wraps inside its cells and whose header row repeats on every page the table flows onto.
 * The documents (pdf.ts) say what goes on the pages; this file only knows how to put it there.
 */

export type Orientation = 'portrait' | 'landscape';

const MARGIN = 42;
const FOOTER_HEIGHT = 24;
const LOGO_HEIGHT = 40;
/** The header's band without a logo: the firm's name alone. */
const NAME_HEIGHT = 14;
const LOGO_MAX_WIDTH = 160;
const LINE_FACTOR = 1.25; // line height ÷ font size
const CELL_PAD_Y = 3;

const RULE = grayscale(0.8);
const HEADER_FILL = grayscale(0.92);
const MUTED = grayscale(0.35);
const INK = grayscale(0);

/**
 * The page that is being filled, and the writing position on it. Pages are numbered when the
 * document is finished, so the footer can say "of N".
 */
export class PdfLayout {
  // Set by `addPage`, which the documents call before drawing anything.
  private page!: PDFPage;
  private y = 0;

  private constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    private readonly firmName: string,
    private readonly logo: PDFImage | null,
  ) {}

  /** A new document with the fonts embedded (subset) and the firm's logo, if it is an image. */
  static async create(firmName: string, logo: string | null): Promise<PdfLayout> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const bytes = await loadFontBytes();
    const fonts = {
      regular: await doc.embedFont(bytes.regular, { subset: true }),
      bold: await doc.embedFont(bytes.bold, { subset: true }),
    };
    return new PdfLayout(doc, fonts, firmName, await embedLogo(doc, logo));
  }

  /** Starts a page (the orientation of the current one unless told) with the firm's header. */
  addPage(orientation?: Orientation): void {
    const landscape = (orientation ?? this.orientation()) === 'landscape';
    const [short, long] = PageSizes.A4;
    this.page = this.doc.addPage(landscape ? [long, short] : [short, long]);
    this.drawHeader();
    this.y = this.page.getHeight() - MARGIN - this.headerHeight;
  }

  private orientation(): Orientation {
    const page = this.doc.getPages().at(-1);
    return page && page.getWidth() > page.getHeight() ? 'landscape' : 'portrait';
  }

  /** The width between the margins of a page of this orientation. */
  static contentWidth(orientation: Orientation): number {
    const [short, long] = PageSizes.A4;
    return (orientation === 'landscape' ? long : short) - 2 * MARGIN;
  }

  private get width(): number {
    return this.page.getWidth() - 2 * MARGIN;
  }

  /** The header: its band (the logo's height, else the name's), the rule and a gap. */
  private get headerHeight(): number {
    return (this.logo ? LOGO_HEIGHT : NAME_HEIGHT) + 22;
  }

  private get bottom(): number {
    return MARGIN + FOOTER_HEIGHT;
  }

  /** Whether the page is still empty below its header. */
  private get atTop(): boolean {
    return this.y >= this.page.getHeight() - MARGIN - this.headerHeight;
  }

  /** Makes room for `height` points: a new page when this one has less left. */
  ensure(height: number): void {
    if (this.y - height < this.bottom && !this.atTop) this.addPage();
  }

  space(height: number): void {
    this.y = Math.max(this.y - height, this.bottom);
  }

  /** A wrapped paragraph across the page's width, flowing onto the next page if need be. */
  paragraph(text: string, options: { size?: number; bold?: boolean; color?: Color } = {}): void {
    const size = options.size ?? 9;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const lineHeight = size * LINE_FACTOR;
    for (const line of wrapText(text, font, size, this.width)) {
      this.ensure(lineHeight);
      this.text(line, MARGIN, this.y - size, { font, size, color: options.color ?? INK });
      this.y -= lineHeight;
    }
  }

  /** A section heading, kept with at least `keep` points of what follows it. */
  heading(text: string, keep = 40): void {
    const size = 11;
    const height = wrapText(text, this.fonts.bold, size, this.width).length * size * LINE_FACTOR;
    this.ensure(height + 4 + keep);
    this.paragraph(text, { size, bold: true });
    this.space(4);
  }

  /** Signature lines, two side by side: a line to sign on, the name and role under it. */
  signatures(people: { name: string; role: string }[]): void {
    const gap = 30;
    const boxWidth = Math.min(220, (this.width - gap) / 2);
    const size = 9;
    const height = 36 + 2 * size * LINE_FACTOR + 8;
    for (let i = 0; i < people.length; i += 2) {
      this.ensure(height);
      people.slice(i, i + 2).forEach((person, column) => {
        const x = MARGIN + column * (boxWidth + gap);
        const lineY = this.y - 36;
        this.page.drawLine({
          start: { x, y: lineY },
          end: { x: x + boxWidth, y: lineY },
          thickness: 0.6,
          color: INK,
        });
        const name = fitLine(person.name, this.fonts.bold, size, boxWidth);
        const role = fitLine(person.role, this.fonts.regular, size, boxWidth);
        this.text(name, x, lineY - 4 - size, { font: this.fonts.bold, size });
        this.text(role, x, lineY - 4 - size - size * LINE_FACTOR, { size, color: MUTED });
      });
      this.y -= height;
    }
  }

  /** Whether every column of `table` gets a comfortable width on a page of this orientation. */
  fits(table: Table, orientation: Orientation): boolean {
    return tableFits(table, this.fonts, PdfLayout.contentWidth(orientation));
  }

  /**
   * A table across the page: columns as wide as their text where the page allows, narrowed
   * down to their longest word otherwise (and below that only when nothing else fits); rows
   * that do not fit go to the next page, under a repeat of the header row.
   */
  table(table: Table): void {
    const size = table.size ?? 8;
    const lineHeight = size * LINE_FACTOR;
    const withHeader = table.header ?? true;
    const widths = columnWidths(table, this.fonts, this.width);
    const layout = (row: Row | null) => {
      const cells = row ? row.cells : table.columns.map((c) => c.header);
      return table.columns.map((column, i) => {
        const font = !row || row.total || column.bold ? this.fonts.bold : this.fonts.regular;
        return {
          font,
          lines: wrapText(cells[i] ?? '', font, size, widths[i]! - 2 * CELL_PAD_X),
        };
      });
    };
    type Cells = ReturnType<typeof layout>;
    const rowHeight = (cells: Cells) =>
      2 * CELL_PAD_Y + Math.max(1, ...cells.map((c) => c.lines.length)) * lineHeight;
    const header = withHeader ? layout(null) : null;
    const headerRowHeight = header ? rowHeight(header) : 0;
    const rows = table.rows.map((row) => ({ row, cells: layout(row) }));
    const titleHeight = table.title ? 11 * LINE_FACTOR + 4 : 0;

    // The title, the header and the first row (or the "none" line) start on the same page.
    const first = rows[0] ? rowHeight(rows[0].cells) : lineHeight;
    this.ensure(titleHeight + headerRowHeight + Math.min(first, 4 * lineHeight + 2 * CELL_PAD_Y));
    if (table.title) this.heading(table.title, 0);
    if (rows.length === 0) {
      this.paragraph(table.empty, { size: 9, color: MUTED });
      return;
    }

    const drawRow = (cells: Cells, options: { header?: boolean; total?: boolean }) => {
      const height = rowHeight(cells);
      const top = this.y;
      if (options.header) {
        this.page.drawRectangle({
          x: MARGIN,
          y: top - height,
          width: widths.reduce((a, b) => a + b, 0),
          height,
          color: HEADER_FILL,
        });
      }
      let x = MARGIN;
      cells.forEach((cell, i) => {
        const width = widths[i]!;
        const right = table.columns[i]!.align === 'right';
        cell.lines.forEach((line, n) => {
          const lineX = right
            ? x + width - CELL_PAD_X - textWidth(cell.font, size, line)
            : x + CELL_PAD_X;
          this.text(line, lineX, top - CELL_PAD_Y - size * 0.95 - n * lineHeight, {
            font: cell.font,
            size,
          });
        });
        x += width;
      });
      if (withHeader) this.rule(options.total ? top : top - height, options.total ? INK : RULE);
      this.y = top - height;
    };
    let rowsOnPage = 0;
    const nextPage = () => {
      this.addPage();
      if (header) drawRow(header, { header: true });
      rowsOnPage = 0;
    };
    const take = (cells: Cells, from: number, to?: number) =>
      cells.map((c) => ({ ...c, lines: c.lines.slice(from, to) }));

    if (header) drawRow(header, { header: true });
    for (const { row, cells } of rows) {
      let rest = cells;
      while (rowHeight(rest) > this.y - this.bottom) {
        if (rowsOnPage > 0) {
          nextPage();
          continue;
        }
        // Taller than what is left of an empty page: as many lines as fit, the rest overleaf.
        const count = Math.max(1, Math.floor((this.y - this.bottom - 2 * CELL_PAD_Y) / lineHeight));
        drawRow(take(rest, 0, count), { total: row.total });
        rest = take(rest, count);
        nextPage();
      }
      drawRow(rest, { total: row.total });
      rowsOnPage += 1;
    }
  }

  /** The PDF's bytes, once every page has its footer: "Page n of N" and what the document is. */
  async finish(footer: { text: string; pageLabel: (page: number, pages: number) => string }) {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const size = 7.5;
      const width = page.getWidth() - 2 * MARGIN;
      const label = footer.pageLabel(index + 1, pages.length);
      const labelWidth = textWidth(this.fonts.regular, size, label);
      page.drawLine({
        start: { x: MARGIN, y: MARGIN + 14 },
        end: { x: page.getWidth() - MARGIN, y: MARGIN + 14 },
        thickness: 0.5,
        color: RULE,
      });
      const left = fitLine(footer.text, this.fonts.regular, size, width - labelWidth - 24);
      const style = { font: this.fonts.regular, size, color: MUTED };
      page.drawText(left, { x: MARGIN, y: MARGIN + 3, ...style });
      page.drawText(label, { x: page.getWidth() - MARGIN - labelWidth, y: MARGIN + 3, ...style });
    });
    // Without object streams the dictionaries stay readable in the file (the tests look for
    // the embedded font); the size difference is small next to the font.
    return this.doc.save({ useObjectStreams: false });
  }

  private text(
    text: string,
    x: number,
    y: number,
    options: { font?: PDFFont; size: number; color?: Color },
  ): void {
    if (!text) return;
    this.page.drawText(text, {
      x,
      y,
      font: options.font ?? this.fonts.regular,
      size: options.size,
      color: options.color ?? INK,
    });
  }

  private rule(y: number, color: Color): void {
    this.page.drawLine({
      start: { x: MARGIN, y },
      end: { x: MARGIN + this.width, y },
      thickness: color === INK ? 0.6 : 0.4,
      color,
    });
  }

  private drawHeader(): void {
    const top = this.page.getHeight() - MARGIN;
    const band = this.logo ? LOGO_HEIGHT : NAME_HEIGHT;
    let x = MARGIN;
    if (this.logo) {
      const scale = Math.min(LOGO_HEIGHT / this.logo.height, LOGO_MAX_WIDTH / this.logo.width);
      const { width, height } = this.logo.scale(scale);
      this.page.drawImage(this.logo, {
        x,
        y: top - LOGO_HEIGHT + (LOGO_HEIGHT - height) / 2,
        width,
        height,
      });
      x += width + 12;
    }
    const size = 11;
    const name = fitLine(this.firmName, this.fonts.bold, size, MARGIN + this.width - x);
    this.text(name, x, top - band / 2 - size * 0.35, { font: this.fonts.bold, size });
    this.rule(top - band - 8, RULE);
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The workspace's logo as an image: a PNG or JPEG data URL, told apart by its bytes. Anything
 * else, or an image pdf-lib cannot read, leaves the header without a logo.
 */
async function embedLogo(doc: PDFDocument, logo: string | null): Promise<PDFImage | null> {
  const match = logo ? /^data:image\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]+)$/.exec(logo) : null;
  if (!match) return null;
  // A copy with a buffer of its own: pdf-lib reads a JPEG through `new DataView(bytes.buffer)`,
  // ignoring the offset of a small Buffer in Node's shared pool.
  const bytes = new Uint8Array(Buffer.from(match[1]!, 'base64'));
  try {
    if (PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return await doc.embedPng(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await doc.embedJpg(bytes);
  } catch {
    // A damaged image: the document is still worth having without it.
  }
  return null;
}
