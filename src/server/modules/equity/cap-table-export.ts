import { eq } from 'drizzle-orm';
import type { ExportFormat } from '../../../contracts/exports';
import { capTableSheet, type CapTableCsvFormat } from '../../../domain/cap-table';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import { companyNameOf, csvDialect, exportFile, type ExportFile } from '../../exports/file';
import type { Actor, ServiceArgs } from '../../http/context';
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
  return {
    ...csvDialect(language),
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

/**
 * The cap table as a CSV (UTF-8 with a byte-order mark, the reader's separators) or an XLSX
 * workbook, in the reader's language, named after the company and the date:
 * `cap-table-acme-bv-2026-11-24.csv`, `captabel-acme-bv-2026-11-24.xlsx`.
 */
export async function exportCapTable(
  args: ServiceArgs<{
    companyId: string;
    asOf?: string;
    language: string;
    format: ExportFormat;
  }>,
): Promise<ExportFile> {
  const { db, input } = args;
  const table = await getCapTable(args);
  const t = translator(input.language);
  const sheet = capTableSheet(table, table.shareClasses, {
    ...capTableCsvFormat(input.language).labels,
    sheet: t('exports.capTable.sheet'),
  });
  return exportFile({
    sheet,
    format: input.format,
    language: input.language,
    what: t('server.capTableExport.fileName'),
    companyName: await companyNameOf(db, input.companyId),
    date: table.asOf,
  });
}
