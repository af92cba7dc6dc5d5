import type { DocxSpec } from './spec';

/** XML text, the namespaces and the page and colour constants the parts share. */

export const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
export const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

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

export const el = (name: string, attrs: Record<string, string | number> = {}, body?: string) => {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
  return body === undefined ? `<${name}${a}/>` : `<${name}${a}>${body}</${name}>`;
};

// ---------------------------------------------------------------------------------- layout

/** A4 in twentieths of a point, margins 2.5 cm. */
export const PAGE = { short: 11906, long: 16838, margin: 1418, headerFooter: 709 };
export const textWidth = (orientation: DocxSpec['orientation']) =>
  (orientation === 'landscape' ? PAGE.long : PAGE.short) - 2 * PAGE.margin;

export const COLOR = { accent: '1F3864', muted: '595959', border: '8C8C8C', light: 'BFBFBF' };
export const HEADER_FILL = 'DCE3EE';
export const LABEL_FILL = 'F2F2F2';
export const SIGNATURE_LINE = '_______________________________';

// ---------------------------------------------------------------------------------- tables

export type Borders = 'grid' | 'rows' | 'none';

export function bordersXml(kind: Borders): string {
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

export const CELL_MARGINS =
  '<w:tblCellMar>' +
  el('w:top', { 'w:w': 28, 'w:type': 'dxa' }) +
  el('w:left', { 'w:w': 85, 'w:type': 'dxa' }) +
  el('w:bottom', { 'w:w': 28, 'w:type': 'dxa' }) +
  el('w:right', { 'w:w': 85, 'w:type': 'dxa' }) +
  '</w:tblCellMar>';
