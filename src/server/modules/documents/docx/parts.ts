import type { DocxSpec } from './spec';
import { NUMBER_FORMATS, type Lists } from './body';
import {
  bordersXml,
  CELL_MARGINS,
  COLOR,
  el,
  escapeXml,
  HEADER_FILL,
  W_NS,
  XML_HEAD,
  type Borders,
} from './xml';

/** The package's other parts: styles, numbering, settings, fonts, relationships, properties. */

export function stylesXml(lang: string): string {
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

export function numberingXml(lists: Lists): string {
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

export function settingsXml(lang: string): string {
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

export const FONT_TABLE =
  XML_HEAD +
  `<w:fonts xmlns:w="${W_NS}"><w:font w:name="Calibri">` +
  '<w:panose1 w:val="020F0502020204030204"/><w:charset w:val="00"/><w:family w:val="swiss"/><w:pitch w:val="variable"/>' +
  '</w:font></w:fonts>';

export function relsXml(
  rels: readonly (readonly [id: string, type: string, target: string])[],
): string {
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

export function contentTypesXml(hasFooter: boolean): string {
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

export function coreXml(spec: DocxSpec, created: string): string {
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

export const APP_XML =
  XML_HEAD +
  '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"' +
  ' xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
  '<Application>ESOP CRM</Application><DocSecurity>0</DocSecurity></Properties>';
