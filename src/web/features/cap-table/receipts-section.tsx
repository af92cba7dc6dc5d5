import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Landmark, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import type { Receipt } from '../../../contracts/equity';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatCount, formatIsoDate } from '../../lib/format';
import { t, Trans } from '../../lib/i18n';
import { RELATIONSHIP_LABELS } from '../stakeholders/fields';
import { useCan } from '../me/api';
import {
  capTableQueryOptions,
  receiptsQueryOptions,
  shareClassesQueryOptions,
  stakeholdersQueryOptions,
  useDeleteReceipt,
  useSaveReceipt,
} from './api';
import { FormDialog } from './form-dialog';
import { newReceiptValues, ReceiptForm, receiptToFormValues } from './receipt-form';
import { EmptyState, numberCell, reportDeleteError, RowHeader, TableSkeleton } from './section';

type DialogState = { mode: 'create' } | { mode: 'edit'; receipt: Receipt };

function useReceiptData(companyId: string) {
  const { data: receipts } = useSuspenseQuery(receiptsQueryOptions(companyId));
  const { data: stakeholders } = useSuspenseQuery(stakeholdersQueryOptions(companyId));
  const { data: shareClasses } = useSuspenseQuery(shareClassesQueryOptions(companyId));
  const staks = stakeholders.filter((s) => s.relationship === 'stak');
  const holders = stakeholders.filter((s) => s.relationship !== 'stak');
  return { receipts, stakeholders, shareClasses, staks, holders };
}

/**
 * Depositary receipts (certificaten): the STAK holds the shares and their votes; the receipts
 * register lists who holds receipts on them. Per STAK and class, the receipts out never exceed the
 * STAK's shares (the server refuses with 409 RECEIPTS_EXCEED_SHARES).
 */
export function ReceiptsSection({ companyId, asOf }: { companyId: string; asOf: string }) {
  const { receipts, stakeholders, shareClasses, staks, holders } = useReceiptData(companyId);
  const canCreate = useCan('company', 'create');
  const canUpdate = useCan('company', 'update');
  const canDelete = useCan('company', 'delete');
  const save = useSaveReceipt(companyId);
  const remove = useDeleteReceipt(companyId);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const editing = dialog?.mode === 'edit' ? dialog.receipt : null;

  if (staks.length === 0) {
    return (
      <EmptyState icon={Landmark} title={t('cap-table.receipts.noStak.title')}>
        {t('cap-table.receipts.noStak.text', { stak: t(RELATIONSHIP_LABELS.stak) })}
      </EmptyState>
    );
  }

  const names = new Map(stakeholders.map((s) => [s.id, s.name]));
  const classNames = new Map(shareClasses.map((c) => [c.id, c.name]));
  const canAdd = canCreate && shareClasses.length > 0;

  return (
    <div className="grid grid-cols-1 gap-6">
      <ReceiptsSummary
        companyId={companyId}
        asOf={asOf}
        receipts={receipts}
        staks={staks}
        names={names}
        classNames={classNames}
      />

      <div className="grid grid-cols-1 gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-base font-semibold">{t('cap-table.receipts.holders')}</h3>
          {canAdd ? (
            <Button onClick={() => setDialog({ mode: 'create' })}>
              <Plus aria-hidden="true" />
              {t('cap-table.receipts.add')}
            </Button>
          ) : null}
        </div>
        {receipts.length === 0 ? (
          <EmptyState icon={Landmark} title={t('cap-table.receipts.empty.title')}>
            {shareClasses.length === 0
              ? t('cap-table.receipts.empty.noClass')
              : t('cap-table.receipts.empty.text')}
          </EmptyState>
        ) : (
          <Table aria-label={t('cap-table.receipts.title')}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('cap-table.receipts.column.holder')}</TableHead>
                <TableHead>{t('cap-table.receipts.column.stak')}</TableHead>
                <TableHead>{t('cap-table.receipts.column.class')}</TableHead>
                <TableHead className="text-right">
                  {t('cap-table.receipts.column.receipts')}
                </TableHead>
                <TableHead>{t('cap-table.receipts.column.date')}</TableHead>
                {canUpdate || canDelete ? (
                  <TableHead>
                    <span className="sr-only">{t('tables.actions')}</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {receipts.map((r) => {
                const holder =
                  names.get(r.holderStakeholderId) ?? t('cap-table.unknownStakeholder');
                const line = { count: r.receiptCount, holder, date: formatIsoDate(r.date) };
                return (
                  <TableRow key={r.id}>
                    <RowHeader>{holder}</RowHeader>
                    <TableCell>
                      {names.get(r.stakStakeholderId) ?? t('cap-table.unknownStak')}
                    </TableCell>
                    <TableCell>
                      {classNames.get(r.shareClassId) ?? t('cap-table.unknownClass')}
                    </TableCell>
                    <TableCell className={numberCell}>{formatCount(r.receiptCount)}</TableCell>
                    <TableCell>
                      <time dateTime={r.date}>{formatIsoDate(r.date)}</time>
                    </TableCell>
                    {canUpdate || canDelete ? (
                      <TableCell className="text-right">
                        <div className="flex justify-end gap-1">
                          {canUpdate ? (
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={t('cap-table.receipts.edit', line)}
                              onClick={() => setDialog({ mode: 'edit', receipt: r })}
                            >
                              <Pencil aria-hidden="true" />
                            </Button>
                          ) : null}
                          {canDelete ? (
                            <ConfirmAction
                              trigger={
                                <Button
                                  variant="ghost"
                                  size="icon"
                                  aria-label={t('cap-table.receipts.deleteNamed', line)}
                                >
                                  <Trash2 aria-hidden="true" />
                                </Button>
                              }
                              title={t('cap-table.receipts.deleteTitle')}
                              description={t('cap-table.receipts.deleteDescription', line)}
                              confirmLabel={t('cap-table.delete')}
                              onConfirm={async () => {
                                try {
                                  await remove.mutateAsync(r.id);
                                } catch (error) {
                                  reportDeleteError(error, t('cap-table.receipts.deleteFailed'));
                                  throw error;
                                }
                                toast.success(t('cap-table.receipts.toast.deleted'));
                              }}
                            />
                          ) : null}
                        </div>
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </div>

      <FormDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={editing ? t('cap-table.receipts.dialog.edit') : t('cap-table.receipts.dialog.add')}
        description={t('cap-table.receipts.dialog.description')}
      >
        <ReceiptForm
          defaultValues={
            editing ? receiptToFormValues(editing) : newReceiptValues(staks, shareClasses)
          }
          staks={staks}
          holders={holders}
          shareClasses={shareClasses}
          submitLabel={editing ? t('cap-table.saveChanges') : t('cap-table.receipts.add')}
          onSubmit={async (values) => {
            await save.mutateAsync({ id: editing?.id, body: values });
            toast.success(
              editing ? t('cap-table.receipts.toast.updated') : t('cap-table.receipts.toast.added'),
            );
            setDialog(null);
          }}
        />
      </FormDialog>
    </div>
  );
}

/** Per STAK and class: its shares and the receipts out on them, both as of the page's date. */
function ReceiptsSummary({
  companyId,
  asOf,
  receipts,
  staks,
  names,
  classNames,
}: {
  companyId: string;
  asOf: string;
  receipts: readonly Receipt[];
  staks: readonly { id: string }[];
  names: ReadonlyMap<string, string>;
  classNames: ReadonlyMap<string, string>;
}) {
  // The cap table of the same date gives the STAK's shares; while another date loads, the
  // previous figures stay (marked busy) rather than flashing a skeleton.
  const capTable = useQuery({
    ...capTableQueryOptions(companyId, asOf),
    placeholderData: keepPreviousData,
  });
  if (!capTable.data)
    return <TableSkeleton label={t('cap-table.receipts.summary.loading')} rows={1} />;

  const stakIds = new Set(staks.map((s) => s.id));
  const lines = new Map<string, { stakId: string; classId: string; shares: number; out: number }>();
  const line = (stakId: string, classId: string) => {
    const key = `${stakId}:${classId}`;
    let entry = lines.get(key);
    if (!entry) {
      const row = capTable.data.rows.find((r) => r.stakeholderId === stakId);
      entry = { stakId, classId, shares: row?.shares[classId] ?? 0, out: 0 };
      lines.set(key, entry);
    }
    return entry;
  };
  for (const row of capTable.data.rows) {
    if (!stakIds.has(row.stakeholderId)) continue;
    for (const [classId, n] of Object.entries(row.shares))
      if (n > 0) line(row.stakeholderId, classId);
  }
  for (const r of receipts) {
    const entry = line(r.stakStakeholderId, r.shareClassId);
    if (r.date <= asOf) entry.out += r.receiptCount;
  }
  const summary = [...lines.values()];

  return (
    <div className="grid grid-cols-1 gap-3" aria-busy={capTable.isPlaceholderData || undefined}>
      <h3 className="text-base font-semibold">
        <Trans
          id="cap-table.receipts.summary.heading"
          values={{ date: formatIsoDate(asOf) }}
          components={{ time: <time dateTime={asOf} /> }}
        />
      </h3>
      {summary.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('cap-table.receipts.summary.noShares')}</p>
      ) : (
        <Table aria-label={t('cap-table.receipts.summary.label')}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t('cap-table.receipts.column.stak')}</TableHead>
              <TableHead>{t('cap-table.receipts.column.class')}</TableHead>
              <TableHead className="text-right">
                {t('cap-table.receipts.summary.stakShares')}
              </TableHead>
              <TableHead className="text-right">{t('cap-table.receipts.summary.out')}</TableHead>
              <TableHead className="text-right">
                {t('cap-table.receipts.summary.without')}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {summary.map((s) => (
              <TableRow key={`${s.stakId}:${s.classId}`}>
                <RowHeader>{names.get(s.stakId) ?? t('cap-table.unknownStak')}</RowHeader>
                <TableCell>{classNames.get(s.classId) ?? t('cap-table.unknownClass')}</TableCell>
                <TableCell className={numberCell}>{formatCount(s.shares)}</TableCell>
                <TableCell className={numberCell}>{formatCount(s.out)}</TableCell>
                <TableCell className={numberCell}>
                  {formatCount(Math.max(0, s.shares - s.out))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
