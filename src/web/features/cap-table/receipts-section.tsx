import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Landmark, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
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
import { useCan } from '../me/api';
import {
  capTableQueryOptions,
  receiptsQueryOptions,
  shareClassesQueryOptions,
  stakeholdersQueryOptions,
  useDeleteReceipt,
  useSaveReceipt,
} from './api';
import { formatCount, formatIsoDate } from './format';
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
      <EmptyState icon={Landmark} title="No STAK in this company">
        A STAK (stichting administratiekantoor) holds shares and issues depositary receipts on them.
        Add a stakeholder with the relationship “STAK” in the Stakeholders tab to keep its receipts
        register here.
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
          <h3 className="text-base font-semibold">Receipt holders</h3>
          {canAdd ? (
            <Button onClick={() => setDialog({ mode: 'create' })}>
              <Plus aria-hidden="true" />
              Add receipts
            </Button>
          ) : null}
        </div>
        {receipts.length === 0 ? (
          <EmptyState icon={Landmark} title="No depositary receipts yet">
            {shareClasses.length === 0
              ? 'Add a share class and give the STAK shares first.'
              : 'Record who holds receipts on the STAK’s shares.'}
          </EmptyState>
        ) : (
          <Table aria-label="Depositary receipts">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Receipt holder</TableHead>
                <TableHead>STAK</TableHead>
                <TableHead>Class</TableHead>
                <TableHead className="text-right">Receipts</TableHead>
                <TableHead>Date</TableHead>
                {canUpdate || canDelete ? (
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {receipts.map((r) => {
                const holder = names.get(r.holderStakeholderId) ?? 'Unknown stakeholder';
                const label = `${formatCount(r.receiptCount)} receipts of ${holder} on ${formatIsoDate(r.date)}`;
                return (
                  <TableRow key={r.id}>
                    <RowHeader>{holder}</RowHeader>
                    <TableCell>{names.get(r.stakStakeholderId) ?? 'Unknown STAK'}</TableCell>
                    <TableCell>{classNames.get(r.shareClassId) ?? 'Unknown class'}</TableCell>
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
                              aria-label={`Edit ${label}`}
                              onClick={() => setDialog({ mode: 'edit', receipt: r })}
                            >
                              <Pencil aria-hidden="true" />
                            </Button>
                          ) : null}
                          {canDelete ? (
                            <ConfirmAction
                              trigger={
                                <Button variant="ghost" size="icon" aria-label={`Delete ${label}`}>
                                  <Trash2 aria-hidden="true" />
                                </Button>
                              }
                              title="Delete these receipts?"
                              description={`Delete the line of ${label}.`}
                              confirmLabel="Delete"
                              onConfirm={async () => {
                                try {
                                  await remove.mutateAsync(r.id);
                                } catch (error) {
                                  reportDeleteError(error, 'Deleting the receipts failed');
                                  throw error;
                                }
                                toast.success('Receipts deleted');
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
        title={editing ? 'Edit depositary receipts' : 'Add depositary receipts'}
        description="Receipts cannot exceed the STAK’s shares of the class on any date."
      >
        <ReceiptForm
          defaultValues={
            editing ? receiptToFormValues(editing) : newReceiptValues(staks, shareClasses)
          }
          staks={staks}
          holders={holders}
          shareClasses={shareClasses}
          submitLabel={editing ? 'Save changes' : 'Add receipts'}
          onSubmit={async (values) => {
            await save.mutateAsync({ id: editing?.id, body: values });
            toast.success(editing ? 'Receipts updated' : 'Receipts added');
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
  if (!capTable.data) return <TableSkeleton label="Loading the STAK’s shares…" rows={1} />;

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
        Receipts out per STAK and class, as of <time dateTime={asOf}>{formatIsoDate(asOf)}</time>
      </h3>
      {summary.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          The STAK holds no shares on this date. Transfer or issue shares to it in the register.
        </p>
      ) : (
        <Table aria-label="Receipts out per STAK and class">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>STAK</TableHead>
              <TableHead>Class</TableHead>
              <TableHead className="text-right">STAK’s shares</TableHead>
              <TableHead className="text-right">Receipts out</TableHead>
              <TableHead className="text-right">Without receipts</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {summary.map((s) => (
              <TableRow key={`${s.stakId}:${s.classId}`}>
                <RowHeader>{names.get(s.stakId) ?? 'Unknown STAK'}</RowHeader>
                <TableCell>{classNames.get(s.classId) ?? 'Unknown class'}</TableCell>
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
