import { strToU8, zipSync } from 'fflate';

/**
 * A small Office Open XML (WordprocessingML) writer for our built-in document templates
 * (issue 14): a list of blocks in, a .docx Word opens without repair out. It knows only what
 * the defaults need: styles, numbered and bulleted lists, tables with a repeated header row,
 * a footer with page numbers, and docxtemplater's conventions (every tag in one `<w:t>`, a
 * table row loop's tags at the start of its first cell and the end of its last, a section's
 * tags alone in their own paragraphs so `paragraphLoop` drops those paragraphs).
 *
 * Element order inside `w:pPr`, `w:rPr`, `w:tblPr`, `w:tcPr`, `w:sectPr` and `w:style` follows
 * the ECMA-376 schema sequences: Word refuses ("unreadable content") a part that breaks them.
 */

/** Text with emphasis; `\n` is a line break and `\t` a tab inside the same run. */
export type Run = string | { text: string; bold?: boolean; italic?: boolean };
/** A paragraph's content: one run or several. */
export type Text = Run | readonly Run[];
export type Align = 'left' | 'center' | 'right' | 'both';

export interface TableColumn {
  header: Text;
  /** Relative width: the columns share the text width in proportion. */
  width: number;
  align?: Align;
}

export interface TableRow {
  cells: readonly Text[];
  /** The loop (`{#loop}` … `{/loop}`) docxtemplater repeats this row for, one per item. */
  loop?: string;
  bold?: boolean;
}

/** One person signing: a loop repeats the signer for each item (e.g. `signatories`). */
export interface Signer {
  name: Text;
  role?: Text;
  /** Lines under the name, e.g. "Plaats: ____" and "Datum: ____". */
  lines?: readonly Text[];
  loop?: string;
}

export interface SignatureColumn {
  caption: Text;
  signers: readonly Signer[];
}

export type Block =
  | { type: 'title'; text: Text }
  | { type: 'subtitle'; text: Text }
  | { type: 'heading'; level?: 1 | 2; text: Text }
  | {
      type: 'paragraph';
      text: Text;
      align?: Align;
      /** `small` for notes and colophons. */
      style?: 'normal' | 'small';
      keepNext?: boolean;
    }
  | { type: 'list'; kind: 'bullet' | 'number' | 'letter'; items: readonly Text[] }
  | { type: 'table'; columns: readonly TableColumn[]; rows: readonly TableRow[] }
  | { type: 'keyValue'; rows: readonly (readonly [Text, Text])[]; labelWidth?: number }
  | { type: 'signatures'; columns: readonly SignatureColumn[] }
  | { type: 'spacer' }
  | { type: 'pageBreak' }
  /**
   * A conditional (or loop) over blocks: `{#tag}` (`{^tag}` inverted) and `{/tag}` each alone
   * in a paragraph of their own, which docxtemplater's `paragraphLoop` removes on rendering.
   */
  | { type: 'section'; tag: string; inverted?: boolean; blocks: readonly Block[] };

export interface DocxSpec {
  /** The document's title in its properties (docProps/core.xml). */
  title: string;
  /** BCP 47 language of the text, e.g. `nl-NL`, for spelling and hyphenation. */
  lang: string;
  orientation?: 'portrait' | 'landscape';
  /** Footer: text on the left, "Pagina X van Y" on the right (`page` = "Pagina", `of` = "van"). */
  footer?: { text: Text; page: string; of: string };
  blocks: readonly Block[];
  /** The creation time in the properties; fixed by default so the bytes are reproducible. */
  created?: string;
}

// ------------------------------------------------------------------------------------- XML

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Characters XML 1.0 does not allow (control characters, lone surrogates, U+FFFE/U+FFFF).
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text or attribute value escaped for XML. */
export function escapeXml(value: string): string {
  return value
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const el = (name: string, attrs: Record<string, string | number> = {}, body?: string) => {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
  return body === undefined ? `<${name}${a}/>` : `<${name}${a}>${body}</${name}>`;
};

// ---------------------------------------------------------------------------------- layout

/** A4 in twentieths of a point, margins 2.5 cm. */
const PAGE = { short: 11906, long: 16838, margin: 1418, headerFooter: 709 };
const textWidth = (orientation: DocxSpec['orientation']) =>
  (orientation === 'landscape' ? PAGE.long : PAGE.short) - 2 * PAGE.margin;

const COLOR = { accent: '1F3864', muted: '595959', border: '8C8C8C', light: 'BFBFBF' };
const HEADER_FILL = 'DCE3EE';
const LABEL_FILL = 'F2F2F2';
const SIGNATURE_LINE = '_______________________________';

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

// ---------------------------------------------------------------------------------- tables

type Borders = 'grid' | 'rows' | 'none';

function bordersXml(kind: Borders): string {
  const line = (color: string) => ({
    'w:val': 'single',
    'w:sz': 4,
    'w:space': 0,
    'w:color': color,
  });
  const none = { 'w:val': 'nil' };
  const sides =
    kind === 'grid'
      ? { top: line(COLOR.border), left: line(COLOR.border), bottom: line(COLOR.border) }
      : kind === 'rows'
        ? { top: line(COLOR.light), left: none, bottom: line(COLOR.light) }
        : { top: none, left: none, bottom: none };
  const right = kind === 'grid' ? line(COLOR.border) : none;
  const insideH = kind === 'none' ? none : line(kind === 'grid' ? COLOR.border : COLOR.light);
  const insideV = kind === 'grid' ? line(COLOR.border) : none;
  return (
    '<w:tblBorders>' +
    el('w:top', sides.top) +
    el('w:left', sides.left) +
    el('w:bottom', sides.bottom) +
    el('w:right', right) +
    el('w:insideH', insideH) +
    el('w:insideV', insideV) +
    '</w:tblBorders>'
  );
}

const CELL_MARGINS =
  '<w:tblCellMar>' +
  el('w:top', { 'w:w': 28, 'w:type': 'dxa' }) +
  el('w:left', { 'w:w': 85, 'w:type': 'dxa' }) +
  el('w:bottom', { 'w:w': 28, 'w:type': 'dxa' }) +
  el('w:right', { 'w:w': 85, 'w:type': 'dxa' }) +
  '</w:tblCellMar>';

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

const NUMBER_FORMATS = { bullet: 0, number: 1, letter: 2 } as const;

/** The lists of a document: each numbered list restarts at 1 (its own `w:num`). */
class Lists {
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

function documentXml(spec: DocxSpec, lists: Lists): string {
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

function footerXml(footer: NonNullable<DocxSpec['footer']>, width: number): string {
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

// ----------------------------------------------------------------------------------- parts

function stylesXml(lang: string): string {
  const rPr = (o: { b?: boolean; i?: boolean; color?: string; sz?: number }) =>
    `<w:rPr>${o.b ? '<w:b/><w:bCs/>' : ''}${o.i ? '<w:i/><w:iCs/>' : ''}${
      o.color ? el('w:color', { 'w:val': o.color }) : ''
    }${o.sz ? el('w:sz', { 'w:val': o.sz }) + el('w:szCs', { 'w:val': o.sz }) : ''}</w:rPr>`;
  const paragraphStyle = (
    id: string,
    name: string,
    pPr: string,
    run: string,
    extra: { next?: string; priority?: number; qFormat?: boolean } = {},
  ) =>
    `<w:style w:type="paragraph" w:styleId="${id}">${el('w:name', { 'w:val': name })}` +
    el('w:basedOn', { 'w:val': 'Normal' }) +
    (extra.next ? el('w:next', { 'w:val': extra.next }) : '') +
    (extra.priority ? el('w:uiPriority', { 'w:val': extra.priority }) : '') +
    (extra.qFormat ? '<w:qFormat/>' : '') +
    `<w:pPr>${pPr}</w:pPr>${run}</w:style>`;
  const tableStyle = (id: string, name: string, borders: Borders, firstRow: boolean) =>
    `<w:style w:type="table" w:styleId="${id}">${el('w:name', { 'w:val': name })}` +
    el('w:basedOn', { 'w:val': 'TableNormal' }) +
    el('w:uiPriority', { 'w:val': 59 }) +
    '<w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>' +
    rPr({ sz: 18 }) +
    `<w:tblPr>${bordersXml(borders)}${CELL_MARGINS}</w:tblPr>` +
    (firstRow
      ? '<w:tblStylePr w:type="firstRow">' +
        rPr({ b: true }) +
        '<w:tblPr/><w:trPr><w:cantSplit/><w:tblHeader/></w:trPr>' +
        `<w:tcPr>${el('w:shd', { 'w:val': 'clear', 'w:color': 'auto', 'w:fill': HEADER_FILL })}</w:tcPr>` +
        '</w:tblStylePr>'
      : '') +
    '</w:style>';
  const tight = '<w:spacing w:after="0" w:line="240" w:lineRule="auto"/>';
  return (
    XML_HEAD +
    `<w:styles xmlns:w="${W_NS}">` +
    // Paragraph spacing lives in the defaults, not in Normal, so table styles can override it.
    '<w:docDefaults><w:rPrDefault><w:rPr>' +
    el('w:rFonts', {
      'w:ascii': 'Calibri',
      'w:hAnsi': 'Calibri',
      'w:eastAsia': 'Calibri',
      'w:cs': 'Calibri',
    }) +
    el('w:sz', { 'w:val': 21 }) +
    el('w:szCs', { 'w:val': 21 }) +
    el('w:lang', { 'w:val': lang, 'w:eastAsia': 'en-US', 'w:bidi': 'ar-SA' }) +
    '</w:rPr></w:rPrDefault><w:pPrDefault><w:pPr>' +
    '<w:spacing w:after="120" w:line="264" w:lineRule="auto"/>' +
    '</w:pPr></w:pPrDefault></w:docDefaults>' +
    '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
    '<w:style w:type="character" w:default="1" w:styleId="DefaultParagraphFont"><w:name w:val="Default Paragraph Font"/><w:uiPriority w:val="1"/><w:semiHidden/><w:unhideWhenUsed/></w:style>' +
    '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/><w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>' +
    '<w:style w:type="numbering" w:default="1" w:styleId="NoList"><w:name w:val="No List"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/></w:style>' +
    paragraphStyle(
      'Title',
      'Title',
      '<w:keepNext/><w:spacing w:before="0" w:after="120"/>',
      rPr({ b: true, color: COLOR.accent, sz: 36 }),
      { next: 'Normal', priority: 10, qFormat: true },
    ) +
    paragraphStyle(
      'Subtitle',
      'Subtitle',
      '<w:keepNext/><w:spacing w:before="0" w:after="240"/>',
      rPr({ color: COLOR.muted, sz: 24 }),
      { next: 'Normal', priority: 11, qFormat: true },
    ) +
    paragraphStyle(
      'Heading1',
      'heading 1',
      '<w:keepNext/><w:keepLines/><w:spacing w:before="280" w:after="120"/><w:outlineLvl w:val="0"/>',
      rPr({ b: true, color: COLOR.accent, sz: 26 }),
      { next: 'Normal', priority: 9, qFormat: true },
    ) +
    paragraphStyle(
      'Heading2',
      'heading 2',
      '<w:keepNext/><w:keepLines/><w:spacing w:before="200" w:after="80"/><w:outlineLvl w:val="1"/>',
      rPr({ b: true, sz: 22 }),
      { next: 'Normal', priority: 9, qFormat: true },
    ) +
    paragraphStyle(
      'ListParagraph',
      'List Paragraph',
      '<w:spacing w:after="80"/><w:ind w:left="567" w:hanging="567"/>',
      '',
      { priority: 34, qFormat: true },
    ) +
    paragraphStyle('TableText', 'Table Text', tight, rPr({ sz: 18 }), { qFormat: true }) +
    paragraphStyle('Signature', 'Signature', tight, '') +
    paragraphStyle(
      'Small',
      'Small',
      '<w:spacing w:before="240"/>',
      rPr({ color: COLOR.muted, sz: 16 }),
      {
        qFormat: true,
      },
    ) +
    paragraphStyle('Footer', 'footer', tight, rPr({ color: COLOR.muted, sz: 16 }), {
      priority: 99,
    }) +
    // The `{#…}` / `{/…}` lines of a template: visible when editing, gone once rendered.
    paragraphStyle('Control', 'Template Control', tight, rPr({ color: '7F7F7F', sz: 16 })) +
    tableStyle('EsopTable', 'ESOP Table', 'grid', true) +
    tableStyle('EsopKeyValue', 'ESOP Key Value', 'rows', false) +
    tableStyle('EsopPlain', 'ESOP Plain', 'none', false) +
    '</w:styles>'
  );
}

function numberingXml(lists: Lists): string {
  const abstract = (id: number, format: string, text: string) =>
    `<w:abstractNum w:abstractNumId="${id}">${el('w:multiLevelType', { 'w:val': 'singleLevel' })}` +
    '<w:lvl w:ilvl="0">' +
    el('w:start', { 'w:val': 1 }) +
    el('w:numFmt', { 'w:val': format }) +
    el('w:lvlText', { 'w:val': text }) +
    el('w:lvlJc', { 'w:val': 'left' }) +
    '<w:pPr><w:ind w:left="567" w:hanging="567"/></w:pPr>' +
    '</w:lvl></w:abstractNum>';
  const nums = lists.nums
    .map(
      (n, i) =>
        `<w:num w:numId="${i + 1}">${el('w:abstractNumId', { 'w:val': n.abstractId })}` +
        (n.restart
          ? '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride>'
          : '') +
        '</w:num>',
    )
    .join('');
  return (
    XML_HEAD +
    `<w:numbering xmlns:w="${W_NS}">` +
    abstract(NUMBER_FORMATS.bullet, 'bullet', '•') +
    abstract(NUMBER_FORMATS.number, 'decimal', '%1.') +
    abstract(NUMBER_FORMATS.letter, 'upperLetter', '%1.') +
    nums +
    '</w:numbering>'
  );
}

function settingsXml(lang: string): string {
  const decimalComma = lang.startsWith('nl') || lang.startsWith('de') || lang.startsWith('fr');
  return (
    XML_HEAD +
    `<w:settings xmlns:w="${W_NS}">` +
    el('w:zoom', { 'w:percent': 100 }) +
    el('w:defaultTabStop', { 'w:val': 709 }) +
    el('w:characterSpacingControl', { 'w:val': 'doNotCompress' }) +
    '<w:compat>' +
    el('w:compatSetting', {
      'w:name': 'compatibilityMode',
      'w:uri': 'http://schemas.microsoft.com/office/word',
      'w:val': 15,
    }) +
    '</w:compat>' +
    el('w:themeFontLang', { 'w:val': lang }) +
    el('w:decimalSymbol', { 'w:val': decimalComma ? ',' : '.' }) +
    el('w:listSeparator', { 'w:val': decimalComma ? ';' : ',' }) +
    '</w:settings>'
  );
}

const FONT_TABLE =
  XML_HEAD +
  `<w:fonts xmlns:w="${W_NS}"><w:font w:name="Calibri">` +
  '<w:panose1 w:val="020F0502020204030204"/><w:charset w:val="00"/><w:family w:val="swiss"/><w:pitch w:val="variable"/>' +
  '</w:font></w:fonts>';

function relsXml(rels: readonly (readonly [id: string, type: string, target: string])[]): string {
  return (
    XML_HEAD +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    rels
      .map(([id, type, target]) => el('Relationship', { Id: id, Type: type, Target: target }))
      .join('') +
    '</Relationships>'
  );
}

const WML = 'application/vnd.openxmlformats-officedocument.wordprocessingml';

function contentTypesXml(hasFooter: boolean): string {
  const overrides: [string, string][] = [
    ['/word/document.xml', `${WML}.document.main+xml`],
    ['/word/styles.xml', `${WML}.styles+xml`],
    ['/word/settings.xml', `${WML}.settings+xml`],
    ['/word/numbering.xml', `${WML}.numbering+xml`],
    ['/word/fontTable.xml', `${WML}.fontTable+xml`],
    ...(hasFooter ? [['/word/footer1.xml', `${WML}.footer+xml`] as [string, string]] : []),
    ['/docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml'],
    ['/docProps/app.xml', 'application/vnd.openxmlformats-officedocument.extended-properties+xml'],
  ];
  return (
    XML_HEAD +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    el('Default', {
      Extension: 'rels',
      ContentType: 'application/vnd.openxmlformats-package.relationships+xml',
    }) +
    el('Default', { Extension: 'xml', ContentType: 'application/xml' }) +
    overrides
      .map(([part, type]) => el('Override', { PartName: part, ContentType: type }))
      .join('') +
    '</Types>'
  );
}

function coreXml(spec: DocxSpec, created: string): string {
  return (
    XML_HEAD +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"' +
    ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"' +
    ' xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    el('dc:title', {}, escapeXml(spec.title)) +
    el('dc:creator', {}, 'ESOP CRM') +
    el('cp:lastModifiedBy', {}, 'ESOP CRM') +
    el('dc:language', {}, escapeXml(spec.lang)) +
    el('dcterms:created', { 'xsi:type': 'dcterms:W3CDTF' }, escapeXml(created)) +
    el('dcterms:modified', { 'xsi:type': 'dcterms:W3CDTF' }, escapeXml(created)) +
    '</cp:coreProperties>'
  );
}

const APP_XML =
  XML_HEAD +
  '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"' +
  ' xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
  '<Application>ESOP CRM</Application><DocSecurity>0</DocSecurity></Properties>';

/** Fixed, so the same spec always gives the same bytes (a template's hash is stable). */
const DEFAULT_CREATED = '2025-01-01T00:00:00Z';

/** The parts of the package by their path in the zip, `[Content_Types].xml` first. */
export function docxParts(spec: DocxSpec): Record<string, string> {
  const lists = new Lists();
  const document = documentXml(spec, lists);
  const width = textWidth(spec.orientation);
  return {
    '[Content_Types].xml': contentTypesXml(Boolean(spec.footer)),
    '_rels/.rels': relsXml([
      ['rId1', `${REL}/officeDocument`, 'word/document.xml'],
      [
        'rId2',
        'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
        'docProps/core.xml',
      ],
      ['rId3', `${REL}/extended-properties`, 'docProps/app.xml'],
    ]),
    'docProps/core.xml': coreXml(spec, spec.created ?? DEFAULT_CREATED),
    'docProps/app.xml': APP_XML,
    'word/document.xml': document,
    'word/_rels/document.xml.rels': relsXml([
      ['rIdStyles', `${REL}/styles`, 'styles.xml'],
      ['rIdSettings', `${REL}/settings`, 'settings.xml'],
      ['rIdNumbering', `${REL}/numbering`, 'numbering.xml'],
      ['rIdFontTable', `${REL}/fontTable`, 'fontTable.xml'],
      ...(spec.footer ? [['rIdFooter1', `${REL}/footer`, 'footer1.xml'] as const] : []),
    ]),
    'word/styles.xml': stylesXml(spec.lang),
    'word/settings.xml': settingsXml(spec.lang),
    'word/numbering.xml': numberingXml(lists),
    'word/fontTable.xml': FONT_TABLE,
    ...(spec.footer ? { 'word/footer1.xml': footerXml(spec.footer, width) } : {}),
  };
}

/** The .docx (a zip of the parts) of a document description. */
export function writeDocx(spec: DocxSpec): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const [path, xml] of Object.entries(docxParts(spec))) files[path] = strToU8(xml);
  return zipSync(files, { level: 6, mtime: new Date(DEFAULT_CREATED) });
}
