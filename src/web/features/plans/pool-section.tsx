import { useSuspenseQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import type { Plan, PoolAdjustment } from '../../../contracts/equity';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { Skeleton } from '../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { cn } from '../../lib/utils';
import { useCan } from '../me/api';
import { poolAdjustmentsQueryOptions, useDeletePoolAdjustment, useSavePoolAdjustment } from './api';
import { FormDialog } from './form-dialog';
import { formatChange, formatCount, formatIsoDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import { todayIso } from './format';
import {
  adjustmentToFormValues,
  emptyAdjustmentValues,
  PoolAdjustmentForm,
} from './pool-adjustment-form';
import { poolHistory } from './pool-history';
import { reportDeleteError } from './report-error';

const numberCell = 'text-right tabular-nums';

/** Create (no adjustment) or edit dialog of a pool adjustment. */
function AdjustmentDialog({
  companyId,
  plan,
  adjustment,
  open,
  onOpenChange,
}: {
  companyId: string;
  plan: Plan;
  adjustment?: PoolAdjustment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSavePoolAdjustment(companyId, plan.id);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={adjustment ? t('plans.adjustment.editTitle') : t('plans.adjustment.addTitle')}
      description={t('plans.adjustment.description', {
        plan: plan.name,
        reserved: formatCount(plan.poolReserved),
        granted: formatCount(plan.poolGranted),
      })}
    >
      <PoolAdjustmentForm
        defaultValues={adjustment ? adjustmentToFormValues(adjustment) : emptyAdjustmentValues()}
        submitLabel={adjustment ? t('plans.adjustment.save') : t('plans.adjustment.add')}
        onSubmit={async (body) => {
          await save.mutateAsync({ id: adjustment?.id, body });
          toast.success(adjustment ? t('plans.adjustment.updated') : t('plans.adjustment.added'));
          onOpenChange(false);
        }}
      />
    </FormDialog>
  );
}

/** "Add pool adjustment" and its dialog. */
export function AddAdjustmentButton({ companyId, plan }: { companyId: string; plan: Plan }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {t('plans.adjustment.addTitle')}
      </Button>
      <AdjustmentDialog companyId={companyId} plan={plan} open={open} onOpenChange={setOpen} />
    </>
  );
}

function AdjustmentActions({
  companyId,
  plan,
  adjustment,
  label,
  canUpdate,
  canDelete,
}: {
  companyId: string;
  plan: Plan;
  adjustment: PoolAdjustment;
  /** Names the row for screen readers: "adjustment of +500 on 1 Jun 2024". */
  label: string;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeletePoolAdjustment(companyId, plan.id);
  return (
    <div className="flex justify-end gap-1">
      {canUpdate ? (
        <>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setOpen(true)}
            aria-label={t('plans.adjustment.editNamed', { label })}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <AdjustmentDialog
            companyId={companyId}
            plan={plan}
            adjustment={adjustment}
            open={open}
            onOpenChange={setOpen}
          />
        </>
      ) : null}
      {canDelete ? (
        <ConfirmAction
          trigger={
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('plans.adjustment.deleteNamed', { label })}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          }
          title={t('plans.adjustment.deleteTitle')}
          description={t('plans.adjustment.deleteDescription', { label, plan: plan.name })}
          confirmLabel={t('plans.adjustment.deleteConfirm')}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(adjustment.id);
            } catch (error) {
              reportDeleteError(error, t('plans.adjustment.deleteFailed'));
              throw error;
            }
            toast.success(t('plans.adjustment.deleted'));
          }}
        />
      ) : null}
    </div>
  );
}

/** Placeholder rows while the adjustments load. */
export function PoolHistorySkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-2">
      <span className="sr-only">{t('plans.history.loading')}</span>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-8 w-full" />
      <Skeleton className="h-8 w-full" />
    </div>
  );
}

/**
 * The pool's history: the size approved with the plan, each adjustment with the pool after it,
 * and what is reserved today (the server's figure: adjustments dated later are scheduled, and a
 * pool counts only from its board approval date).
 */
export function PoolHistory({ companyId, plan }: { companyId: string; plan: Plan }) {
  const { data: adjustments } = useSuspenseQuery(poolAdjustmentsQueryOptions(companyId, plan.id));
  const canUpdate = useCan('plan', 'update');
  const canDelete = useCan('plan', 'delete');
  const showActions = canUpdate || canDelete;
  const today = todayIso();
  const lines = poolHistory(plan, adjustments, today);
  const approvalLater = plan.boardApprovalDate !== null && plan.boardApprovalDate > today;

  return (
    <div className="grid gap-2">
      <Table aria-label={t('plans.history.label', { plan: plan.name })}>
        <TableCaption className="px-3 pb-3 text-left">
          {adjustments.length === 0 ? t('plans.history.none') : t('plans.history.order')}
        </TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>{t('plans.history.date')}</TableHead>
            <TableHead>{t('plans.history.entry')}</TableHead>
            <TableHead className={numberCell}>{t('plans.history.change')}</TableHead>
            <TableHead className={numberCell}>{t('plans.history.poolAfter')}</TableHead>
            <TableHead>{t('plans.history.approvalDate')}</TableHead>
            {showActions ? (
              <TableHead>
                <span className="sr-only">{t('plans.history.actions')}</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line) => {
            if (line.kind === 'initial') {
              return (
                <TableRow key="initial">
                  <TableCell>
                    {line.date ? formatIsoDate(line.date) : t('plans.history.fromStart')}
                  </TableCell>
                  <th scope="row" className="px-3 py-2.5 text-left font-medium">
                    {t('plans.history.initial')}
                    {approvalLater ? (
                      <Badge variant="outline" className="ml-2">
                        {t('plans.history.notInForce')}
                      </Badge>
                    ) : null}
                  </th>
                  <TableCell className={numberCell}>{formatCount(line.change)}</TableCell>
                  <TableCell className={numberCell}>{formatCount(line.poolAfter)}</TableCell>
                  <TableCell>
                    {plan.boardApprovalDate
                      ? t('plans.history.board', { date: formatIsoDate(plan.boardApprovalDate) })
                      : '—'}
                  </TableCell>
                  {showActions ? <TableCell /> : null}
                </TableRow>
              );
            }
            const a = line.adjustment;
            const change = formatChange(line.change);
            const label = t('plans.history.rowLabel', { change, date: formatIsoDate(a.date) });
            return (
              <TableRow key={a.id}>
                <TableCell>{formatIsoDate(a.date)}</TableCell>
                <th
                  scope="row"
                  className="max-w-64 truncate px-3 py-2.5 text-left font-medium"
                  title={a.reason ?? undefined}
                >
                  {a.reason ??
                    (line.change < 0 ? t('plans.history.release') : t('plans.history.increase'))}
                  {line.scheduled ? (
                    <Badge variant="outline" className="ml-2">
                      {t('plans.history.scheduled')}
                    </Badge>
                  ) : null}
                </th>
                <TableCell
                  className={cn(numberCell, line.change < 0 ? 'text-destructive' : 'text-success')}
                >
                  {change}
                </TableCell>
                <TableCell className={numberCell}>{formatCount(line.poolAfter)}</TableCell>
                <TableCell>{a.approvalDate ? formatIsoDate(a.approvalDate) : '—'}</TableCell>
                {showActions ? (
                  <TableCell className="py-1">
                    <AdjustmentActions
                      companyId={companyId}
                      plan={plan}
                      adjustment={a}
                      label={label}
                      canUpdate={canUpdate}
                      canDelete={canDelete}
                    />
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
        <tfoot className="border-t bg-muted/40 font-semibold">
          <tr>
            <th scope="row" colSpan={3} className="px-3 py-2.5 text-left">
              {t('plans.history.reservedToday')}
            </th>
            <td className={cn('px-3 py-2.5', numberCell)}>{formatCount(plan.poolReserved)}</td>
            <td colSpan={showActions ? 2 : 1} />
          </tr>
        </tfoot>
      </Table>
    </div>
  );
}
