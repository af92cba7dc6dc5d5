import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import {
  DOCUMENT_FIELDS,
  MAX_TEMPLATE_BYTES,
  type DocumentKind,
  type FieldTree,
} from '../../../contracts/documents';
import { msg, validationError, type Message } from '../../http/errors';
import { checkOfficeZip } from '../imports/files';
import { dottedParser } from './parser';

/**
 * Word templates (issue 14, decision 027): docxtemplater with `{field}` tags, `{#loop}…{/loop}`
 * for table rows and sections, dotted paths (`{company.name}`) resolved in the loop's item and
 * then outwards. An upload is checked before it is stored: a docx (no macros, no zip bomb, at most
 * 10 MB) whose tags all close and name fields the kind offers; a refusal names the reason and
 * the paragraph.
 */

const MAIN_PART = 'word/document.xml';

function templater(zip: PizZip): Docxtemplater {
  return new Docxtemplater(zip, {
    paragraphLoop: true,
    linebreaks: true,
    parser: dottedParser,
    errorLogging: false,
    nullGetter: () => '',
  });
}

/** The template filled with `data`, as a docx. */
export function renderDocx(template: Uint8Array, data: object): Uint8Array {
  const doc = templater(new PizZip(template));
  doc.render(data);
  return doc.getZip().generate({ type: 'uint8array', compression: 'DEFLATE' });
}

// ------------------------------------------------------------------------------------- checking

const refuse = (key: string, values?: Message['values']) =>
  validationError({ file: msg(key, values) });

interface Part {
  type: string;
  value?: string;
  module?: string;
  inverted?: boolean;
  offset?: number;
  subparsed?: Part[];
}

interface TemplateErrorDetail {
  message?: string;
  properties?: {
    id?: string;
    xtag?: string;
    file?: string;
    offset?: number | number[];
    openingtag?: string;
    closingtag?: string;
  };
}

/** Where an offset of docxtemplater's falls: the paragraph's number and its text (shortened). */
function positionOf(zip: PizZip, file: string | undefined, offset: number | undefined) {
  if (file && file !== MAIN_PART) {
    const where = /header/.test(file) ? 'header' : /footer/.test(file) ? 'footer' : 'other';
    return { where, paragraph: 0, text: '' };
  }
  const xml = zip.file(MAIN_PART)?.asText() ?? '';
  // docxtemplater counts the (escaped) text of the text runs, the file's paragraphs in order.
  const token = /<w:p[\s>]|<(w|a|m):t(?:\s[^>]*)?>([^<]*)<\/\1:t>/g;
  let paragraph = 0;
  let seen = 0;
  let text = '';
  let found = false;
  for (let m = token.exec(xml); m; m = token.exec(xml)) {
    if (m[0].startsWith('<w:p')) {
      if (found) break;
      paragraph += 1;
      text = '';
      continue;
    }
    const run = m[2] ?? '';
    text += run;
    if (!found && offset !== undefined && seen + run.length > offset) found = true;
    seen += run.length;
  }
  const plain = unescapeXml(text).trim();
  return {
    where: 'paragraph',
    paragraph: Math.max(1, paragraph),
    text: plain.length > 60 ? `${plain.slice(0, 57)}…` : plain,
  };
}

function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

const TEMPLATE_ERRORS: Record<string, string> = {
  unclosed_tag: 'errors.documents.template.unclosedTag',
  unopened_tag: 'errors.documents.template.unopenedTag',
  unclosed_loop: 'errors.documents.template.unclosedLoop',
  unopened_loop: 'errors.documents.template.unopenedLoop',
  closing_tag_does_not_match_opening_tag: 'errors.documents.template.mismatchedLoop',
  duplicate_open_tag: 'errors.documents.template.duplicateOpen',
  duplicate_close_tag: 'errors.documents.template.duplicateClose',
};

/** A field path looked up in the scopes, innermost first (as the parser resolves it). */
function resolve(path: string, scopes: readonly FieldTree[]): FieldTree[string] | undefined {
  for (let i = scopes.length - 1; i >= 0; i--) {
    let node: FieldTree[string] | undefined = scopes[i];
    for (const key of path.split('.')) {
      if (!node || node === true || Array.isArray(node) || !Object.hasOwn(node, key)) {
        node = undefined;
        break;
      }
      node = node[key];
    }
    if (node !== undefined) return node;
  }
  return undefined;
}

/** The first tag that names no field of the kind, or is a feature we do not offer. */
function firstBadTag(
  parts: readonly Part[],
  scopes: readonly FieldTree[],
): { part: Part; key: string } | null {
  for (const part of parts) {
    if (part.type !== 'placeholder') continue;
    const path = (part.value ?? '').trim();
    if (part.module === 'loop') {
      const node = resolve(path, scopes);
      if (node === undefined) return { part, key: 'errors.documents.template.unknownLoop' };
      const inner = Array.isArray(node)
        ? [...scopes, node[0]]
        : node === true
          ? scopes
          : [...scopes, node];
      const bad = firstBadTag(part.subparsed ?? [], inner);
      if (bad) return bad;
      continue;
    }
    if (part.module) return { part, key: 'errors.documents.template.unsupportedTag' };
    const node = resolve(path, scopes);
    if (node === undefined) return { part, key: 'errors.documents.template.unknownField' };
    if (node !== true) return { part, key: 'errors.documents.template.notAValue' };
  }
  return null;
}

/**
 * Checks an uploaded template of `kind`, throwing a 400 naming `file` with the reason and the
 * position: too large, not a docx, macro-enabled, a zip bomb, a tag or loop not closed (or
 * closed by another), a field the kind does not offer.
 */
export function checkTemplate(bytes: Uint8Array, kind: DocumentKind): void {
  if (bytes.byteLength === 0) throw refuse('errors.documents.template.empty');
  if (bytes.byteLength > MAX_TEMPLATE_BYTES)
    throw refuse('errors.documents.template.tooLarge', { mb: MAX_TEMPLATE_BYTES / 1024 / 1024 });
  checkOfficeZip(bytes, {
    mainPart: MAIN_PART,
    contentType: /wordprocessingml\.document\.main\+xml/,
    notFile: 'errors.documents.template.notDocx',
    zipBomb: 'errors.documents.template.zipBomb',
    macros: 'errors.documents.template.macros',
  });
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    throw refuse('errors.documents.template.notDocx');
  }
  let doc: Docxtemplater;
  try {
    doc = templater(zip);
  } catch (error) {
    const errors = (error as { properties?: { errors?: TemplateErrorDetail[] } }).properties
      ?.errors ?? [error as TemplateErrorDetail];
    // A section closed by another is also reported as unopened and unclosed: say the cause.
    const first =
      errors.find((e) => e.properties?.id === 'closing_tag_does_not_match_opening_tag') ??
      errors[0] ??
      {};
    const p = first.properties ?? {};
    const offset = Array.isArray(p.offset) ? p.offset[0] : p.offset;
    const position = positionOf(zip, p.file, offset);
    const key = (p.id && TEMPLATE_ERRORS[p.id]) ?? 'errors.documents.template.invalid';
    throw refuse(key, {
      tag: p.xtag ?? p.openingtag ?? '',
      closing: p.closingtag ?? '',
      reason: first.message ?? '',
      ...position,
    });
  }
  const compiled = (doc as unknown as { compiled: Record<string, { postparsed: Part[] }> })
    .compiled;
  for (const [file, templated] of Object.entries(compiled)) {
    const bad = firstBadTag(templated.postparsed, [DOCUMENT_FIELDS[kind]]);
    if (bad) {
      throw refuse(bad.key, {
        tag: (bad.part.value ?? '').trim(),
        ...positionOf(zip, file, bad.part.offset),
      });
    }
  }
}
