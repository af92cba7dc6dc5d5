import { eq } from 'drizzle-orm';
import type { ExportFormat } from '../../../contracts/exports';
import type { Sheet } from '../../../domain/csv';
import type { ShareEventType } from '../../../domain/equity';
import { today } from '../../clock';
import { shareClass, stakeholder } from '../../db/schema';
import { companyNameOf, exportFile, type ExportFile } from '../../exports/file';
import type { ServiceArgs } from '../../http/context';
import { translator } from '../../i18n';
import { listShareEvents } from './register';

/**
 * The shareholders' register as a file (issue 13): every event, oldest first, as the Register
 * tab lists them, with the holders' and classes' names instead of ids.
 */
export async function exportRegister(
  args: ServiceArgs<{ companyId: string; language: string; format: ExportFormat }>,
): Promise<ExportFile> {
  const { db, input } = args;
  // Checks the company (404 for another workspace's) before anything else is read.
  const events = await listShareEvents({ ...args, input: { companyId: input.companyId } });
  const [holders, classes, companyName] = await Promise.all([
    db
      .select({ id: stakeholder.id, name: stakeholder.name })
      .from(stakeholder)
      .where(eq(stakeholder.companyId, input.companyId)),
    db
      .select({ id: shareClass.id, name: shareClass.name })
      .from(shareClass)
      .where(eq(shareClass.companyId, input.companyId)),
    companyNameOf(db, input.companyId),
  ]);
  const holderName = new Map(holders.map((h) => [h.id, h.name]));
  const className = new Map(classes.map((c) => [c.id, c.name]));
  const t = translator(input.language);
  const typeLabel: Record<ShareEventType, string> = {
    issue: t('exports.register.type.issue'),
    transfer: t('exports.register.type.transfer'),
    cancel: t('exports.register.type.cancel'),
  };
  const sheet: Sheet = {
    name: t('exports.register.sheet'),
    columns: [
      { header: t('exports.register.date'), kind: 'date' },
      { header: t('exports.register.type'), kind: 'text' },
      { header: t('exports.register.shareClass'), kind: 'text' },
      { header: t('exports.register.shareCount'), kind: 'count' },
      { header: t('exports.register.from'), kind: 'text' },
      { header: t('exports.register.to'), kind: 'text' },
      { header: t('exports.register.firstShareNumber'), kind: 'count' },
      { header: t('exports.register.lastShareNumber'), kind: 'count' },
      { header: t('exports.register.pricePerShare'), kind: 'money' },
      { header: t('exports.register.currency'), kind: 'text' },
      { header: t('exports.register.deedDate'), kind: 'date' },
      { header: t('exports.register.notary'), kind: 'text' },
      { header: t('exports.register.notes'), kind: 'text' },
    ],
    rows: events.map((e) => [
      e.date,
      typeLabel[e.type],
      className.get(e.shareClassId) ?? null,
      e.shareCount,
      e.fromStakeholderId ? (holderName.get(e.fromStakeholderId) ?? null) : null,
      e.toStakeholderId ? (holderName.get(e.toStakeholderId) ?? null) : null,
      e.firstShareNumber,
      e.lastShareNumber,
      e.pricePerShare,
      e.pricePerShare === null ? null : e.currency,
      e.deedDate,
      e.notary,
      e.notes,
    ]),
  };
  return exportFile({
    sheet,
    format: input.format,
    language: input.language,
    what: t('exports.register.fileName'),
    companyName,
    date: today(),
  });
}
