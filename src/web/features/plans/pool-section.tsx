import { useSuspenseQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
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
import { formatChange, formatCount, formatIsoDate, todayIso } from './format';
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
      title={adjustment ? 'Edit pool adjustment' : 'Add pool adjustment'}
      description={`The pool of ${plan.name} holds ${formatCount(plan.poolReserved)} shares today, of which ${formatCount(plan.poolGranted)} are granted.`}
    >
      <PoolAdjustmentForm
        defaultValues={adjustment ? adjustmentToFormValues(adjustment) : emptyAdjustmentValues()}
        submitLabel={adjustment ? 'Save adjustment' : 'Add adjustment'}
        onSubmit={async (body) => {
          await save.mutateAsync({ id: adjustment?.id, body });
          toast.success(adjustment ? 'Pool adjustment updated' : 'Pool adjustment added');
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
        Add pool adjustment
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
            aria-label={`Edit ${label}`}
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
            <Button variant="ghost" size="icon" aria-label={`Delete ${label}`}>
              <Trash2 aria-hidden="true" />
            </Button>
          }
          title="Delete this pool adjustment?"
          description={`The ${label} is removed from the pool of ${plan.name}. The pool may not drop below what is granted.`}
          confirmLabel="Delete adjustment"
          onConfirm={async () => {
            try {
              await remove.mutateAsync(adjustment.id);
            } catch (error) {
              reportDeleteError(error, 'Deleting the pool adjustment failed');
              throw error;
            }
            toast.success('Pool adjustment deleted');
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
      <span className="sr-only">Loading the pool history…</span>
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
      <Table aria-label={`Pool history of ${plan.name}`}>
        <TableCaption className="px-3 pb-3 text-left">
          {adjustments.length === 0
            ? 'No adjustments yet: the pool is the size approved with the plan.'
            : 'Adjustments count from their effective date, in date order.'}
        </TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Entry</TableHead>
            <TableHead className={numberCell}>Change</TableHead>
            <TableHead className={numberCell}>Pool after</TableHead>
            <TableHead>Approval date</TableHead>
            {showActions ? (
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line) => {
            if (line.kind === 'initial') {
              return (
                <TableRow key="initial">
                  <TableCell>{line.date ? formatIsoDate(line.date) : 'From the start'}</TableCell>
                  <th scope="row" className="px-3 py-2.5 text-left font-medium">
                    Pool approved with the plan
                    {approvalLater ? (
                      <Badge variant="outline" className="ml-2">
                        Not yet in force
                      </Badge>
                    ) : null}
                  </th>
                  <TableCell className={numberCell}>{formatCount(line.change)}</TableCell>
                  <TableCell className={numberCell}>{formatCount(line.poolAfter)}</TableCell>
                  <TableCell>
                    {plan.boardApprovalDate
                      ? `${formatIsoDate(plan.boardApprovalDate)} (board)`
                      : '—'}
                  </TableCell>
                  {showActions ? <TableCell /> : null}
                </TableRow>
              );
            }
            const a = line.adjustment;
            const change = formatChange(line.change);
            const label = `adjustment of ${change} on ${formatIsoDate(a.date)}`;
            return (
              <TableRow key={a.id}>
                <TableCell>{formatIsoDate(a.date)}</TableCell>
                <th
                  scope="row"
                  className="max-w-64 truncate px-3 py-2.5 text-left font-medium"
                  title={a.reason ?? undefined}
                >
                  {a.reason ?? (line.change < 0 ? 'Release' : 'Increase')}
                  {line.scheduled ? (
                    <Badge variant="outline" className="ml-2">
                      Scheduled
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
              Reserved today
            </th>
            <td className={cn('px-3 py-2.5', numberCell)}>{formatCount(plan.poolReserved)}</td>
            <td colSpan={showActions ? 2 : 1} />
          </tr>
        </tfoot>
      </Table>
    </div>
  );
}
