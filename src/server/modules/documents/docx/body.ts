import type { Align, Block, DocxSpec, Run, Text } from './spec';
import {
  bordersXml,
  CELL_MARGINS,
  el,
  escapeXml,
  HEADER_FILL,
  LABEL_FILL,
  PAGE,
  R_NS,
  SIGNATURE_LINE,
  textWidth,
  W_NS,
  XML_HEAD,
  type Borders,
} from './xml';

/**
 * The body (word/document.xml) and the footer: runs, paragraphs, tables, lists and sections,
 * with docxtemplater's conventions (every tag in one `<w:t>`, a row loop's tags at the start
 * of its first cell and the end of its last, a section's tags alone in their paragraphs).
 */

// ------------------------------------------------------------------------ runs, paragraphs

const runsOf = (text: Text): readonly Run[] => (Array.isArray(text) ? text : [text as Run]);

function runXml(run: Run, inherited: { bold?: boolean } = {}): string {
  const { text, bold, italic } = typeof run === 'string' ? { text: run } : run;
  const props = (bold || inherited.bold ? '<w:b/><w:bCs/>' : '') + (italic ? '<w:i/><w:iCs/>' : '');
  // A tab or line break is its own element; the pieces between stay whole, so a tag (which
  // never holds one) stays in one <w:t>.
  const body = text
    .split(/([\t\n])/)
    .filter((piece) => piece !== '')
    .map((piece) =>
      piece === '\t'
        ? '<w:tab/>'
        : piece === '\n'
          ? '<w:br/>'
          : `<w:t xml:space="preserve">${escapeXml(piece)}</w:t>`,
    )
    .join('');
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}${body}</w:r>`;
}

interface ParagraphOptions {
  style?: string;
  keepNext?: boolean;
  keepLines?: boolean;
  pageBreakBefore?: boolean;
  numId?: number;
  spacingBefore?: number;
  align?: Align;
  bold?: boolean;
}

function paragraphXml(text: Text | null, o: ParagraphOptions = {}): string {
  // Schema order of w:pPr: pStyle, keepNext, keepLines, pageBreakBefore, numPr, spacing, jc.
  const pPr =
    (o.style ? el('w:pStyle', { 'w:val': o.style }) : '') +
    (o.keepNext ? '<w:keepNext/>' : '') +
    (o.keepLines ? '<w:keepLines/>' : '') +
    (o.pageBreakBefore ? '<w:pageBreakBefore/>' : '') +
    (o.numId === undefined
      ? ''
      : `<w:numPr>${el('w:ilvl', { 'w:val': 0 })}${el('w:numId', { 'w:val': o.numId })}</w:numPr>`) +
    (o.spacingBefore === undefined ? '' : el('w:spacing', { 'w:before': o.spacingBefore })) +
    (o.align && o.align !== 'left' ? el('w:jc', { 'w:val': o.align }) : '');
  const runs =
    text === null
      ? ''
      : runsOf(text)
          .map((r) => runXml(r, { bold: o.bold }))
          .join('');
  return `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${runs}</w:p>`;
}

/** A section's control paragraph (`{#tag}`, `{^tag}`, `{/tag}`): small and grey in Word. */
const controlXml = (tag: string) => paragraphXml(tag, { style: 'Control' });

/** Column widths in twips from relative weights; the rounding rest goes to the last column. */
function twips(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => Math.floor((w / sum) * total));
  widths[widths.length - 1]! += total - widths.reduce((a, b) => a + b, 0);
  return widths;
}

function cellXml(paragraphs: string, o: { width: number; fill?: string }): string {
  // Schema order of w:tcPr: tcW, …, shd, …, vAlign.
  const tcPr =
    el('w:tcW', { 'w:w': o.width, 'w:type': 'dxa' }) +
    (o.fill ? el('w:shd', { 'w:val': 'clear', 'w:color': 'auto', 'w:fill': o.fill }) : '');
  return `<w:tc><w:tcPr>${tcPr}</w:tcPr>${paragraphs}</w:tc>`;
}

function tableXml(
  widths: readonly number[],
  borders: Borders,
  style: string,
  rows: string,
  look = '04A0',
): string {
  const total = widths.reduce((a, b) => a + b, 0);
  // Direct borders and margins as well as the style's: LibreOffice and Google Docs read these.
  const tblPr =
    el('w:tblStyle', { 'w:val': style }) +
    el('w:tblW', { 'w:w': total, 'w:type': 'dxa' }) +
    bordersXml(borders) +
    el('w:tblLayout', { 'w:type': 'fixed' }) +
    CELL_MARGINS +
    el('w:tblLook', {
      'w:val': look,
      'w:firstRow': look === '04A0' ? 1 : 0,
      'w:lastRow': 0,
      'w:firstColumn': 0,
      'w:lastColumn': 0,
      'w:noHBand': 1,
      'w:noVBand': 1,
    });
  const grid = widths.map((w) => el('w:gridCol', { 'w:w': w })).join('');
  return `<w:tbl><w:tblPr>${tblPr}</w:tblPr><w:tblGrid>${grid}</w:tblGrid>${rows}</w:tbl>`;
}

function dataTableXml(block: Extract<Block, { type: 'table' }>, width: number): string {
  const widths = twips(
    block.columns.map((c) => c.width),
    width,
  );
  const header =
    '<w:tr><w:trPr><w:cantSplit/><w:tblHeader/></w:trPr>' +
    block.columns
      .map((c, i) =>
        cellXml(paragraphXml(c.header, { style: 'TableText', align: c.align, bold: true }), {
          width: widths[i]!,
          fill: HEADER_FILL,
        }),
      )
      .join('') +
    '</w:tr>';
  const rows = block.rows
    .map((row) => {
      if (row.cells.length !== block.columns.length)
        throw new Error(
          `a table row has ${row.cells.length} cells for ${block.columns.length} columns`,
        );
      const last = row.cells.length - 1;
      const cells = row.cells.map((cell, i) => {
        // docxtemplater repeats the row when its loop opens in the first cell and closes in
        // the last one.
        const runs = [
          ...(row.loop && i === 0 ? [`{#${row.loop}}`] : []),
          ...runsOf(cell),
          ...(row.loop && i === last ? [`{/${row.loop}}`] : []),
        ];
        const align = block.columns[i]!.align;
        return cellXml(paragraphXml(runs, { style: 'TableText', align, bold: row.bold }), {
          width: widths[i]!,
        });
      });
      return `<w:tr><w:trPr><w:cantSplit/></w:trPr>${cells.join('')}</w:tr>`;
    })
    .join('');
  return tableXml(widths, 'grid', 'EsopTable', header + rows);
}

function keyValueXml(block: Extract<Block, { type: 'keyValue' }>, width: number): string {
  const label = block.labelWidth ?? 35;
  const widths = twips([label, 100 - label], width);
  const rows = block.rows
    .map(
      ([key, value]) =>
        '<w:tr><w:trPr><w:cantSplit/></w:trPr>' +
        cellXml(paragraphXml(key, { style: 'TableText' }), {
          width: widths[0]!,
          fill: LABEL_FILL,
        }) +
        cellXml(paragraphXml(value, { style: 'TableText' }), { width: widths[1]! }) +
        '</w:tr>',
    )
    .join('');
  return tableXml(widths, 'rows', 'EsopKeyValue', rows, '0000');
}

function signaturesXml(block: Extract<Block, { type: 'signatures' }>, width: number): string {
  const widths = twips(
    block.columns.map(() => 1),
    width,
  );
  const cells = block.columns.map((column, i) => {
    const signers = column.signers
      .map((s) => {
        const body =
          // Room to sign above the line.
          paragraphXml(null, { style: 'Signature', spacingBefore: 720, keepNext: true }) +
          paragraphXml(SIGNATURE_LINE, { style: 'Signature', keepNext: true }) +
          paragraphXml(s.name, { style: 'Signature', keepNext: true, bold: true }) +
          (s.role ? paragraphXml(s.role, { style: 'Signature', keepNext: true }) : '') +
          (s.lines ?? []).map((line) => paragraphXml(line, { style: 'Signature' })).join('');
        return s.loop ? controlXml(`{#${s.loop}}`) + body + controlXml(`{/${s.loop}}`) : body;
      })
      .join('');
    const caption = paragraphXml(column.caption, {
      style: 'Signature',
      keepNext: true,
      bold: true,
    });
    return cellXml(caption + signers, { width: widths[i]! });
  });
  return tableXml(
    widths,
    'none',
    'EsopPlain',
    `<w:tr><w:trPr><w:cantSplit/></w:trPr>${cells.join('')}</w:tr>`,
    '0000',
  );
}

// ---------------------------------------------------------------------------------- blocks

export const NUMBER_FORMATS = { bullet: 0, number: 1, letter: 2 } as const;

/** The lists of a document: each numbered list restarts at 1 (its own `w:num`). */
export class Lists {
  readonly nums: { abstractId: number; restart: boolean }[] = [];
  add(kind: keyof typeof NUMBER_FORMATS): number {
    this.nums.push({ abstractId: NUMBER_FORMATS[kind], restart: kind !== 'bullet' });
    return this.nums.length;
  }
}

function blocksXml(blocks: readonly Block[], width: number, lists: Lists): string {
  return blocks
    .map((block): string => {
      switch (block.type) {
        case 'title':
          return paragraphXml(block.text, { style: 'Title' });
        case 'subtitle':
          return paragraphXml(block.text, { style: 'Subtitle' });
        case 'heading':
          return paragraphXml(block.text, { style: block.level === 2 ? 'Heading2' : 'Heading1' });
        case 'paragraph':
          return paragraphXml(block.text, {
            style: block.style === 'small' ? 'Small' : undefined,
            align: block.align,
            keepNext: block.keepNext,
          });
        case 'list': {
          const numId = lists.add(block.kind);
          return block.items
            .map((item) => paragraphXml(item, { style: 'ListParagraph', numId }))
            .join('');
        }
        case 'table':
          return dataTableXml(block, width);
        case 'keyValue':
          return keyValueXml(block, width);
        case 'signatures':
          return signaturesXml(block, width);
        case 'spacer':
          return paragraphXml(null);
        case 'pageBreak':
          return '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
        case 'section':
          return (
            controlXml(`{${block.inverted ? '^' : '#'}${block.tag}}`) +
            blocksXml(block.blocks, width, lists) +
            controlXml(`{/${block.tag}}`)
          );
      }
    })
    .join('');
}

export function documentXml(spec: DocxSpec, lists: Lists): string {
  const landscape = spec.orientation === 'landscape';
  let body = blocksXml(spec.blocks, textWidth(spec.orientation), lists);
  // The body ends with a paragraph, as Word writes it (a table straight before w:sectPr is
  // "repaired").
  if (body.endsWith('</w:tbl>') || body === '') body += '<w:p/>';
  const sectPr =
    (spec.footer ? el('w:footerReference', { 'w:type': 'default', 'r:id': 'rIdFooter1' }) : '') +
    el('w:pgSz', {
      'w:w': landscape ? PAGE.long : PAGE.short,
      'w:h': landscape ? PAGE.short : PAGE.long,
      ...(landscape ? { 'w:orient': 'landscape' } : {}),
    }) +
    el('w:pgMar', {
      'w:top': PAGE.margin,
      'w:right': PAGE.margin,
      'w:bottom': PAGE.margin,
      'w:left': PAGE.margin,
      'w:header': PAGE.headerFooter,
      'w:footer': PAGE.headerFooter,
      'w:gutter': 0,
    }) +
    el('w:cols', { 'w:space': 708 }) +
    el('w:docGrid', { 'w:linePitch': 360 });
  return (
    XML_HEAD +
    `<w:document xmlns:w="${W_NS}" xmlns:r="${R_NS}"><w:body>${body}<w:sectPr>${sectPr}</w:sectPr></w:body></w:document>`
  );
}

function field(instruction: string): string {
  return (
    '<w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
    `<w:r><w:instrText xml:space="preserve"> ${instruction} </w:instrText></w:r>` +
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
    '<w:r><w:t>1</w:t></w:r>' +
    '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
  );
}

export function footerXml(footer: NonNullable<DocxSpec['footer']>, width: number): string {
  const pPr =
    el('w:pStyle', { 'w:val': 'Footer' }) +
    `<w:tabs>${el('w:tab', { 'w:val': 'right', 'w:pos': width })}</w:tabs>`;
  const runs =
    runsOf(footer.text)
      .map((r) => runXml(r))
      .join('') +
    '<w:r><w:tab/></w:r>' +
    runXml(`${footer.page} `) +
    field('PAGE') +
    runXml(` ${footer.of} `) +
    field('NUMPAGES');
  return (
    XML_HEAD +
    `<w:ftr xmlns:w="${W_NS}" xmlns:r="${R_NS}"><w:p><w:pPr>${pPr}</w:pPr>${runs}</w:p></w:ftr>`
  );
}
