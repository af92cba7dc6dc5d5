import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { DocumentLanguage, MergeData } from '../../../contracts/documents';
import { translator, type Translate } from '../../i18n';

/**
 * The register extract and the cap-table report as PDF (issue 14, decision 027), laid out here:
 * A4, DejaVu Sans embedded (a subset) so that every name prints, the firm's name and logo on
 * every page, page numbers, tables that wrap their cells and repeat their header row on each
 * page they run over.
 */

export interface PdfOptions {
  language: DocumentLanguage;
  firmName: string;
  /** The workspace logo as a data: URL (PNG or JPEG); anything else is left out. */
  logo: string | null;
  title?: string;
}

const require = createRequire(import.meta.url);
let fonts: { regular: Uint8Array; bold: Uint8Array } | null = null;
function fontBytes() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const HEADER = 64;
const FOOTER = 40;
const GREY = rgb(0.4, 0.4, 0.4);
const LINE = rgb(0.8, 0.8, 0.8);

interface Column {
  header: string;
  /** Share of the table's width. */
  width: number;
  align?: 'left' | 'right';
}

/** A page flow: text and tables from the top down, new pages as needed. */
class Flow {
  readonly pages: { page: PDFPage; landscape: boolean }[] = [];
  private page!: PDFPage;
  private y = 0;
  private landscape = false;

  constructor(
    private readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage(false);
  }

  get width(): number {
    return (this.landscape ? A4[1] : A4[0]) - 2 * MARGIN;
  }

  newPage(landscape = this.landscape): void {
    this.landscape = landscape;
    const size: [number, number] = landscape ? [A4[1], A4[0]] : A4;
    this.page = this.doc.addPage(size);
    this.pages.push({ page: this.page, landscape });
    this.y = size[1] - MARGIN - HEADER;
  }

  private room(height: number): boolean {
    return this.y - height >= MARGIN + FOOTER;
  }

  space(height: number): void {
    this.y -= height;
  }

  /** Lines of `text` that fit `width` at `size` (words wrapped, over-long words cut). */
  wrap(text: string, width: number, size: number, font = this.font): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= width) {
          line = next;
          continue;
        }
        if (line) lines.push(line);
        // A word wider than the column is cut where it must be.
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, options: { size?: number; bold?: boolean; color?: typeof GREY } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    for (const line of this.wrap(text, this.width, size, font)) {
      if (!this.room(size * 1.4)) this.newPage();
      this.y -= size * 1.4;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: options.color });
    }
  }

  /** A table; `landscape` starts it on a landscape page when the columns need the width. */
  table(columns: Column[], rows: string[][], empty: string, size = 8): void {
    if (rows.length === 0) {
      this.text(empty, { color: GREY });
      return;
    }
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = () => columns.map((c) => (c.width / total) * this.width);
    const pad = 3;
    const lineHeight = size * 1.3;
    const drawRow = (cells: string[], font: PDFFont, shade: boolean) => {
      const w = widths();
      const wrapped = cells.map((cell, i) => this.wrap(cell, w[i]! - 2 * pad, size, font));
      const height = Math.max(...wrapped.map((l) => l.length)) * lineHeight + 2 * pad;
      if (!this.room(height)) return false;
      if (shade)
        this.page.drawRectangle({
          x: MARGIN,
          y: this.y - height,
          width: this.width,
          height,
          color: rgb(0.93, 0.93, 0.93),
        });
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        lines.forEach((line, n) => {
          const lineWidth = font.widthOfTextAtSize(line, size);
          const left = columns[i]!.align === 'right' ? x + w[i]! - pad - lineWidth : x + pad;
          this.page.drawText(line, {
            x: left,
            y: this.y - pad - (n + 1) * lineHeight + size * 0.3,
            size,
            font,
          });
        });
        x += w[i]!;
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: MARGIN + this.width, y: this.y },
        thickness: 0.5,
        color: LINE,
      });
      return true;
    };
    const header = columns.map((c) => c.header);
    if (!drawRow(header, this.bold, true)) {
      this.newPage();
      drawRow(header, this.bold, true);
    }
    for (const row of rows) {
      if (drawRow(row, this.font, false)) continue;
      // The row did not fit: a new page, the header again, then the row.
      this.newPage();
      drawRow(header, this.bold, true);
      drawRow(row, this.font, false);
    }
  }
}

async function embedLogo(doc: PDFDocument, logo: string | null): Promise<PDFImage | null> {
  const match = logo && /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=]+)$/.exec(logo);
  if (!match) return null;
  try {
    const bytes = Buffer.from(match[2]!, 'base64');
    return match[1] === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    return null;
  }
}

type Common = MergeData<'register_extract'> | MergeData<'cap_table_report'>;

/** The document's frame: metadata, the title block, and (at the end) headers and footers. */
async function render(
  options: PdfOptions,
  data: Common,
  title: string,
  body: (flow: Flow, t: Translate) => void,
): Promise<Uint8Array> {
  const t = translator(options.language);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const { regular, bold } = fontBytes();
  const font = await doc.embedFont(regular, { subset: true });
  const boldFont = await doc.embedFont(bold, { subset: true });
  const logo = await embedLogo(doc, options.logo);
  doc.setTitle(`${title} — ${data.company.name}`);
  doc.setAuthor(options.firmName);
  doc.setCreator('ESOP CRM');
  doc.setProducer('ESOP CRM (pdf-lib)');
  doc.setLanguage(options.language);

  const flow = new Flow(doc, font, boldFont);
  flow.text(title, { size: 18, bold: true });
  flow.space(4);
  flow.text(data.company.name, { size: 12, bold: true });
  const company = [
    data.company.legalForm,
    data.company.registrationNumber &&
      t('pdf.registrationNumber', { number: data.company.registrationNumber }),
    data.company.address,
  ].filter(Boolean);
  for (const line of company) flow.text(line, { color: GREY });
  flow.space(6);
  flow.text(t('pdf.asOf', { date: data.asOf }));
  flow.text(t('pdf.prepared', { name: data.preparedBy.name, date: data.today }), { color: GREY });
  flow.space(10);
  body(flow, t);

  const count = flow.pages.length;
  flow.pages.forEach(({ page }, i) => {
    const { width, height } = page.getSize();
    let x = MARGIN;
    if (logo) {
      const scale = Math.min(40 / logo.height, 120 / logo.width);
      page.drawImage(logo, {
        x,
        y: height - MARGIN - logo.height * scale,
        width: logo.width * scale,
        height: logo.height * scale,
      });
      x += logo.width * scale + 10;
    }
    page.drawText(options.firmName, { x, y: height - MARGIN - 14, size: 11, font: boldFont });
    page.drawLine({
      start: { x: MARGIN, y: height - MARGIN - HEADER + 14 },
      end: { x: width - MARGIN, y: height - MARGIN - HEADER + 14 },
      thickness: 0.5,
      color: LINE,
    });
    const footer = `${data.company.name} · ${title} · ${data.asOf}`;
    page.drawText(flow.wrap(footer, width - 2 * MARGIN - 100, 8)[0] ?? '', {
      x: MARGIN,
      y: MARGIN,
      size: 8,
      font,
      color: GREY,
    });
    const number = t('pdf.page', { page: i + 1, count });
    page.drawText(number, {
      x: width - MARGIN - font.widthOfTextAtSize(number, 8),
      y: MARGIN,
      size: 8,
      font,
      color: GREY,
    });
  });
  return doc.save();
}

function signatures(flow: Flow, t: Translate, data: Common): void {
  if (data.signatories.length === 0) return;
  flow.space(16);
  flow.text(t('pdf.signatures'), { size: 12, bold: true });
  for (const s of data.signatories) {
    flow.space(28);
    flow.text('______________________________');
    flow.text(`${s.name}, ${s.role}`);
  }
}

export async function renderRegisterExtractPdf(
  data: MergeData<'register_extract'>,
  options: PdfOptions,
): Promise<Uint8Array> {
  const t0 = translator(options.language);
  const title = options.title ?? t0('pdf.registerExtract.title');
  return render(options, data, title, (flow, t) => {
    flow.text(t('pdf.registerExtract.intro'), { color: GREY });
    flow.space(8);
    flow.text(t('pdf.registerExtract.holdings'), { size: 12, bold: true });
    flow.space(4);
    flow.table(
      [
        { header: t('pdf.column.holder'), width: 3 },
        { header: t('pdf.column.address'), width: 4 },
        { header: t('pdf.column.shareClass'), width: 2 },
        { header: t('pdf.column.shares'), width: 1.5, align: 'right' },
        { header: t('pdf.column.shareNumbers'), width: 3 },
      ],
      data.holdings.map((h) => [h.holder, h.address, h.shareClass, h.shares, h.shareNumbers]),
      t('pdf.registerExtract.noHoldings'),
    );
    flow.space(4);
    flow.text(t('pdf.totalShares', { shares: data.totalShares }), { bold: true });
    // The register's lines need the width of a landscape page.
    flow.newPage(true);
    flow.text(t('pdf.registerExtract.lines'), { size: 12, bold: true });
    flow.space(4);
    flow.table(
      [
        { header: t('pdf.column.date'), width: 2 },
        { header: t('pdf.column.type'), width: 1.6 },
        { header: t('pdf.column.shareClass'), width: 2 },
        { header: t('pdf.column.quantity'), width: 1.4, align: 'right' },
        { header: t('pdf.column.from'), width: 2.5 },
        { header: t('pdf.column.to'), width: 2.5 },
        { header: t('pdf.column.shareNumbers'), width: 2.2 },
        { header: t('pdf.column.price'), width: 1.6, align: 'right' },
        { header: t('pdf.column.deedDate'), width: 2 },
        { header: t('pdf.column.notary'), width: 2 },
      ],
      data.lines.map((l) => [
        l.date,
        l.type,
        l.shareClass,
        l.quantity,
        l.from,
        l.to,
        l.shareNumbers,
        l.pricePerShare,
        l.deedDate,
        l.notary,
      ]),
      t('pdf.registerExtract.noLines'),
    );
    signatures(flow, t, data);
  });
}

export async function renderCapTableReportPdf(
  data: MergeData<'cap_table_report'>,
  options: PdfOptions,
): Promise<Uint8Array> {
  const t0 = translator(options.language);
  const title = options.title ?? t0('pdf.capTable.title');
  return render(options, data, title, (flow, t) => {
    flow.text(t('pdf.capTable.holders'), { size: 12, bold: true });
    flow.space(4);
    flow.table(
      [
        { header: t('pdf.column.holder'), width: 4 },
        { header: t('pdf.column.group'), width: 2 },
        { header: t('pdf.column.shares'), width: 2, align: 'right' },
        { header: t('pdf.column.awards'), width: 2, align: 'right' },
        { header: t('pdf.column.fullyDiluted'), width: 2, align: 'right' },
        { header: t('pdf.column.percent'), width: 1.5, align: 'right' },
      ],
      data.rows.map((r) => [r.holder, r.group, r.shares, r.awards, r.fullyDiluted, r.percent]),
      t('pdf.capTable.noHolders'),
    );
    flow.space(10);
    flow.text(t('pdf.capTable.pools'), { size: 12, bold: true });
    flow.space(4);
    flow.table(
      [
        { header: t('pdf.column.plan'), width: 4 },
        { header: t('pdf.column.reserved'), width: 2, align: 'right' },
        { header: t('pdf.column.granted'), width: 2, align: 'right' },
        { header: t('pdf.column.available'), width: 2, align: 'right' },
        { header: t('pdf.column.percent'), width: 1.5, align: 'right' },
      ],
      data.pools.map((p) => [p.name, p.reserved, p.granted, p.available, p.percent]),
      t('pdf.capTable.noPools'),
    );
    flow.space(10);
    flow.text(
      t('pdf.capTable.totals', {
        shares: data.totals.shares,
        fullyDiluted: data.totals.fullyDiluted,
      }),
      { bold: true },
    );
    if (data.hasValuation) {
      flow.space(10);
      flow.text(t('pdf.capTable.valuation'), { size: 12, bold: true });
      flow.text(
        t('pdf.capTable.valuationLine', {
          date: data.valuation.effectiveDate,
          method: data.valuation.method,
          value: data.valuation.valuePerShare,
          until: data.valuation.validUntil,
        }),
      );
      if (data.valuation.provider)
        flow.text(t('pdf.capTable.provider', { provider: data.valuation.provider }), {
          color: GREY,
        });
    }
  });
}
