import type { DocumentKind, DocumentLanguage } from '../../../contracts/documents';
import { boardResolution } from './defaults/board-resolution';
import { capTableReport } from './defaults/cap-table-report';
import { exerciseNotice } from './defaults/exercise-notice';
import { grantLetter } from './defaults/grant-letter';
import { registerExtract } from './defaults/register-extract';
import { writeDocx, type DocxSpec } from './docx-writer';

/**
 * Our built-in templates (template version 0, issue 14): one per kind and language, so a new
 * workspace generates documents at once, and a firm downloads one, edits it in Word and
 * uploads its own. They use only the kind's DOCUMENT_FIELDS and the integrator's conventions
 * (dotted paths, row loops in one table row, sections in paragraphs of their own).
 */

const SPECS: Record<DocumentKind, (language: DocumentLanguage) => DocxSpec> = {
  grant_letter: grantLetter,
  board_resolution: boardResolution,
  exercise_notice: exerciseNotice,
  register_extract: registerExtract,
  cap_table_report: capTableReport,
};

/** The description a default template is written from (for tests and previews). */
export function defaultTemplateSpec(kind: DocumentKind, language: DocumentLanguage): DocxSpec {
  return SPECS[kind](language);
}

const cache = new Map<string, Uint8Array>();

/** The built-in .docx template of a kind in a language (built once, a fresh copy each call). */
export function defaultTemplate(kind: DocumentKind, language: DocumentLanguage): Uint8Array {
  const key = `${kind}:${language}`;
  let bytes = cache.get(key);
  if (!bytes) {
    bytes = writeDocx(defaultTemplateSpec(kind, language));
    cache.set(key, bytes);
  }
  // A copy: a caller that writes into its buffer must not change the next caller's template.
  return bytes.slice();
}

/** The download name of a built-in template, e.g. `grant-letter-nl.docx`. */
export function defaultTemplateFileName(kind: DocumentKind, language: DocumentLanguage): string {
  return `${kind.replace(/_/g, '-')}-${language}.docx`;
}
