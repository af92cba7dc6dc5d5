import type { ExportFormat } from '../../../contracts/exports';
import type { Grant, GrantStatus } from '../../../contracts/vesting';
import type { Sheet, SheetColumn, SheetValue } from '../../../domain/csv';
import { intrinsicValue } from '../../../domain/valuation';
import { today } from '../../clock';
import { companyNameOf, exportFile, type ExportFile } from '../../exports/file';
import type { ServiceArgs } from '../../http/context';
import { actorMay } from '../../http/permissions';
import { translator } from '../../i18n';
import { currentFmv } from '../valuations/service';
import { getGrant, listGrants } from './service';

/**
 * The Grants tab and a grant's schedule as files (issue 13): the figures the grants table shows
 * (as of today, the change of control applied), and the installments the vesting engine gives.
 */

type Args<I> = ServiceArgs<I & { companyId: string; language: string; format: ExportFormat }>;

/**
 * Shares of the grant still outstanding (vested not exercised, plus unvested): what the grants
 * table's intrinsic value counts (`web/features/valuations/grant-flags.tsx`).
 */
function outstandingOf(grant: Grant): number {
  if (grant.status === 'draft' || grant.status === 'offered') return 0;
  const { vested, unvested, exercised } = grant.schedule;
  return Math.max(0, vested - exercised) + unvested;
}

function statusLabels(t: ReturnType<typeof translator>): Record<GrantStatus, string> {
  return {
    draft: t('exports.grants.status.draft'),
    offered: t('exports.grants.status.offered'),
    accepted: t('exports.grants.status.accepted'),
    active: t('exports.grants.status.active'),
    fully_vested: t('exports.grants.status.fullyVested'),
    partly_exercised: t('exports.grants.status.partlyExercised'),
    exercised: t('exports.grants.status.exercised'),
    forfeited: t('exports.grants.status.forfeited'),
    cancelled: t('exports.grants.status.cancelled'),
    expired: t('exports.grants.status.expired'),
  };
}

/**
 * The company's grants, one row each. The intrinsic value (at the FMV in force today) only for a
 * caller who may read valuations, as in the grants table.
 */
export async function exportGrants(args: Args<object>): Promise<ExportFile> {
  const { db, actor, input } = args;
  const { items } = await listGrants({
    db,
    actor,
    input: { companyId: input.companyId, query: {} },
  });
  const asOf = today();
  const fmv = (await actorMay(db, actor, { resource: 'valuation', action: 'read' }))
    ? await currentFmv(db, input.companyId, asOf)
    : undefined;
  const t = translator(input.language);
  const status = statusLabels(t);
  const columns: SheetColumn[] = [
    { header: t('exports.grants.stakeholder'), kind: 'text' },
    { header: t('exports.grants.plan'), kind: 'text' },
    { header: t('exports.grants.quantity'), kind: 'count' },
    { header: t('exports.grants.exercisePrice'), kind: 'money' },
    { header: t('exports.grants.currency'), kind: 'text' },
    { header: t('exports.grants.grantDate'), kind: 'date' },
    { header: t('exports.grants.vestingStartDate'), kind: 'date' },
    { header: t('exports.grants.expiryDate'), kind: 'date' },
    { header: t('exports.grants.status'), kind: 'text' },
    { header: t('exports.grants.vested'), kind: 'count' },
    { header: t('exports.grants.unvested'), kind: 'count' },
    { header: t('exports.grants.exercised'), kind: 'count' },
    { header: t('exports.grants.forfeited'), kind: 'count' },
    { header: t('exports.grants.exercisable'), kind: 'count' },
    { header: t('exports.grants.nextInstallmentDate'), kind: 'date' },
    { header: t('exports.grants.nextInstallmentQuantity'), kind: 'count' },
  ];
  // undefined: may not read valuations (no columns); null: no valuation in force (empty cells).
  if (fmv !== undefined)
    columns.push(
      { header: t('exports.grants.intrinsicValue'), kind: 'money' },
      { header: t('exports.grants.valueCurrency'), kind: 'text' },
    );
  const rows = items.map((g): SheetValue[] => {
    const s = g.schedule;
    const row: SheetValue[] = [
      g.stakeholderName,
      g.planName,
      g.quantity,
      g.exercisePrice,
      g.exercisePrice === null ? null : g.currency,
      g.grantDate,
      g.vestingStartDate,
      g.expiryDate,
      status[g.status],
      s.vested,
      s.unvested,
      s.exercised,
      s.forfeited,
      s.exercisable,
      s.nextInstallment?.date ?? null,
      s.nextInstallment?.quantity ?? null,
    ];
    if (fmv !== undefined)
      row.push(
        fmv ? intrinsicValue(fmv.fmvPerShare, g.exercisePrice, outstandingOf(g)) : null,
        fmv ? fmv.currency : null,
      );
    return row;
  });
  const sheet: Sheet = { name: t('exports.grants.sheet'), columns, rows };
  return exportFile({
    sheet,
    format: input.format,
    language: input.language,
    what: t('exports.grants.fileName'),
    companyName: await companyNameOf(db, input.companyId),
    date: asOf,
  });
}

/** One grant's installments as the vesting engine computes them (the grant page's schedule). */
export async function exportGrantSchedule(args: Args<{ grantId: string }>): Promise<ExportFile> {
  const { db, actor, input } = args;
  const grant = await getGrant({
    db,
    actor,
    input: { companyId: input.companyId, id: input.grantId },
  });
  const t = translator(input.language);
  const source = {
    time: t('exports.schedule.source.time'),
    cliff: t('exports.schedule.source.cliff'),
    milestone: t('exports.schedule.source.milestone'),
    acceleration: t('exports.schedule.source.acceleration'),
  };
  const sheet: Sheet = {
    name: t('exports.schedule.sheet'),
    columns: [
      { header: t('exports.schedule.date'), kind: 'date' },
      { header: t('exports.schedule.source'), kind: 'text' },
      { header: t('exports.schedule.quantity'), kind: 'count' },
      { header: t('exports.schedule.cumulative'), kind: 'count' },
    ],
    rows: grant.installments.map((i) => [i.date, source[i.source], i.quantity, i.cumulative]),
  };
  return exportFile({
    sheet,
    format: input.format,
    language: input.language,
    what: t('exports.schedule.fileName'),
    companyName: await companyNameOf(db, input.companyId),
    subject: grant.stakeholderName,
    date: grant.schedule.asOf,
  });
}
