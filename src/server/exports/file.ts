import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { numberSeparators } from '../../contracts/i18n/format';
import type { ExportFormat } from '../../contracts/exports';
import { sheetCsv, type CsvDialect, type Sheet } from '../../domain/csv';
import type { DbOrTx } from '../db/client';
import { company } from '../db/schema';
import { attachmentDisposition, fileNameSlug } from '../http/content-disposition';
import { XLSX_CONTENT_TYPE, sheetsXlsx } from './xlsx';

/**
 * The one way an export leaves the server (issue 13): a sheet as CSV (the shared writer, in the
 * reader's separators, UTF-8 with a byte-order mark) or as XLSX, named after what it is, the
 * company and the date, in the reader's language.
 */

/** Where the language writes a decimal comma (nl, fr, de…), Excel splits fields on `;`. */
export function csvDialect(language: string): CsvDialect {
  const { decimal } = numberSeparators(language);
  return { separator: decimal === ',' ? ';' : ',', decimal };
}

export interface ExportFile {
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string;
  fileName: string;
  asciiFileName: string;
}

/** The company's name for the file name ("" when gone: the service has checked it anyway). */
export async function companyNameOf(db: DbOrTx, companyId: string): Promise<string> {
  const rows = await db
    .select({ name: company.companyName })
    .from(company)
    .where(eq(company.id, companyId))
    .limit(1);
  return rows[0]?.name ?? '';
}

/**
 * A sheet as a file: `<what>-<company>[-<subject>]-<date>.<csv|xlsx>` (`what` already in the
 * reader's language, e.g. "captabel"; `subject` a name such as a grant's holder), with its ASCII
 * fallback name.
 */
export async function exportFile(input: {
  sheet: Sheet;
  format: ExportFormat;
  language: string;
  what: string;
  companyName: string;
  subject?: string;
  date: string;
}): Promise<ExportFile> {
  const { sheet, format, what, companyName, subject = '', date } = input;
  const name = (ascii: boolean) =>
    [what, fileNameSlug(companyName, { ascii }), fileNameSlug(subject, { ascii }), date]
      .filter(Boolean)
      .join('-') + `.${format}`;
  const names = { fileName: name(false), asciiFileName: name(true) };
  if (format === 'xlsx')
    return { body: await sheetsXlsx([sheet]), contentType: XLSX_CONTENT_TYPE, ...names };
  return {
    // Without the byte-order mark Excel reads "Zoë" as "ZoÃ«", in any language.
    body: `\uFEFF${sheetCsv(sheet, csvDialect(input.language))}`,
    contentType: 'text/csv; charset=utf-8',
    ...names,
  };
}

/** The headers of an export's answer. */
export function exportHeaders(file: ExportFile): Record<string, string> {
  return {
    'content-type': file.contentType,
    'content-disposition': attachmentDisposition(file.fileName, file.asciiFileName),
    // The language decides the headers, separators and name: caches must keep them apart.
    vary: 'Accept-Language',
  };
}

/** The 200 answer of an export route in the OpenAPI document: CSV or XLSX. */
export function exportResponses(description: string) {
  return {
    200: {
      content: {
        'text/csv': { schema: z.string() },
        [XLSX_CONTENT_TYPE]: { schema: z.string().openapi({ format: 'binary' }) },
      },
      description,
    },
  };
}
