import type { DocumentLanguage } from '../../../../contracts/documents';
import type { Block, DocxSpec, Signer, Text } from '../docx-writer';

/**
 * What the built-in templates share: the language tag, the footer, the signatories' loop and
 * the colophon naming who prepared a document. Texts are document content (what the lawyer
 * edits in Word), so they live here per language, not in the UI catalogs.
 */

export const LANG: Record<DocumentLanguage, string> = { nl: 'nl-NL', en: 'en-GB' };

const PAGE: Record<DocumentLanguage, { page: string; of: string }> = {
  nl: { page: 'Pagina', of: 'van' },
  en: { page: 'Page', of: 'of' },
};

/** The footer: the document's short name on the left, "Pagina X van Y" on the right. */
export function footer(language: DocumentLanguage, text: Text): NonNullable<DocxSpec['footer']> {
  return { text, ...PAGE[language] };
}

const PLACE_DATE: Record<DocumentLanguage, readonly Text[]> = {
  nl: ['Plaats: ____________________', 'Datum: ____________________'],
  en: ['Place: ____________________', 'Date: ____________________'],
};

/** "Place: ____" and "Date: ____" under a signature. */
export const placeAndDate = (language: DocumentLanguage) => PLACE_DATE[language];

/** One signature per item of `signatories` (name and role as the company registered them). */
export function signatories(language: DocumentLanguage, withPlace = true): Signer {
  return {
    loop: 'signatories',
    name: '{name}',
    role: '{role}',
    ...(withPlace ? { lines: placeAndDate(language) } : {}),
  };
}

const PREPARED: Record<DocumentLanguage, string> = {
  nl: 'Opgesteld door {preparedBy.name} ({preparedBy.email}), {firm.name}, op {today}.',
  en: 'Prepared by {preparedBy.name} ({preparedBy.email}), {firm.name}, on {today}.',
};

/** The colophon: who prepared the document, at which firm, on which day. */
export function preparedBy(language: DocumentLanguage): Block {
  return { type: 'paragraph', style: 'small', text: PREPARED[language] };
}

/** The company's letterhead lines: name (bold) and address. */
export function companyHeader(): Block {
  return {
    type: 'paragraph',
    text: [{ text: '{company.name}', bold: true }, '\n{company.address}'],
  };
}
