import { eq } from 'drizzle-orm';
import { numberSeparators } from '../../../contracts/i18n/format';
import { capTableCsv, type CapTableCsvFormat } from '../../../domain/cap-table';
import type { Database } from '../../db/client';
import { company, user } from '../../db/schema';
import type { Actor, ServiceArgs } from '../../http/context';
import { fileNameSlug } from '../../http/content-disposition';
import { requestLanguage, translator } from '../../i18n';
import { getCapTable } from './cap-table';

/**
 * The language of an export (issue 12): the request's `Accept-Language` (the SPA sends the
 * language it shows), then the caller's saved language (`user.locale`: a plain link or a script
 * with a personal API key), then English.
 */
export async function exportLanguage(
  db: Database,
  actor: Actor,
  acceptLanguage: string | null | undefined,
): Promise<string> {
  let saved: string | null = null;
  if (actor.userId) {
    const rows = await db
      .select({ locale: user.locale })
      .from(user)
      .where(eq(user.id, actor.userId))
      .limit(1);
    saved = rows[0]?.locale ?? null;
  }
  return requestLanguage(acceptLanguage, saved);
}

/** How the reader's spreadsheet wants a CSV: their labels, decimal point and field separator. */
export function capTableCsvFormat(language: string): CapTableCsvFormat {
  const t = translator(language);
  const { decimal } = numberSeparators(language);
  return {
    // Where the decimal point is a comma (nl, fr, de…), Excel splits fields on semicolons.
    separator: decimal === ',' ? ';' : ',',
    decimal,
    labels: {
      holder: t('server.capTableExport.holder'),
      group: t('server.capTableExport.groupColumn'),
      awardsVested: t('server.capTableExport.awardsVested'),
      awardsUnvested: t('server.capTableExport.awardsUnvested'),
      fullyDiluted: t('server.capTableExport.fullyDiluted'),
      fullyDilutedPercent: t('server.capTableExport.fullyDilutedPercent'),
      total: t('server.capTableExport.total'),
      groups: {
        founders: t('server.capTableExport.group.founders'),
        employees: t('server.capTableExport.group.employees'),
        investors: t('server.capTableExport.group.investors'),
        other: t('server.capTableExport.group.other'),
        pool: t('server.capTableExport.group.pool'),
      },
      pool: (name, cashSettled) =>
        cashSettled
          ? t('server.capTableExport.poolCashSettled', { name })
          : t('server.capTableExport.pool', { name }),
    },
  };
}

/** A CSV file to download: its text and its names (UTF-8 and an ASCII fallback). */
export interface CsvFile {
  csv: string;
  fileName: string;
  asciiFileName: string;
}

/**
 * The cap table as a CSV file in the reader's language: UTF-8 with a byte-order mark (without
 * it Excel reads "Zoë" as "ZoÃ«", in any language), named after the company and the date:
 * `cap-table-acme-bv-2026-11-24.csv`, `captabel-acme-bv-2026-11-24.csv`.
 */
export async function exportCapTableCsv(
  args: ServiceArgs<{ companyId: string; asOf?: string; language: string }>,
): Promise<CsvFile> {
  const { db, input } = args;
  const table = await getCapTable(args);
  const rows = await db
    .select({ name: company.companyName })
    .from(company)
    .where(eq(company.id, input.companyId))
    .limit(1);
  const t = translator(input.language);
  const name = (slug: string) =>
    [t('server.capTableExport.fileName'), slug, table.asOf].filter(Boolean).join('-') + '.csv';
  const companyName = rows[0]?.name ?? '';
  return {
    csv: `\uFEFF${capTableCsv(table, table.shareClasses, capTableCsvFormat(input.language))}`,
    fileName: name(fileNameSlug(companyName)),
    asciiFileName: name(fileNameSlug(companyName, { ascii: true })),
  };
}
