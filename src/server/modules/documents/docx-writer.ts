import { strToU8, zipSync } from 'fflate';
import { documentXml, footerXml, Lists } from './docx/body';
import {
  APP_XML,
  contentTypesXml,
  coreXml,
  FONT_TABLE,
  numberingXml,
  relsXml,
  settingsXml,
  stylesXml,
} from './docx/parts';
import type { DocxSpec } from './docx/spec';
import { REL, textWidth } from './docx/xml';

export type * from './docx/spec';
export { escapeXml } from './docx/xml';

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
