import { useSuspenseQuery } from '@tanstack/react-query';
import { Download, Pencil, Plus, Trash2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { toast } from 'sonner';
import type { Valuation } from '../../../contracts/valuation';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { Skeleton } from '../../components/ui/skeleton';
import { shareClassesQueryOptions } from '../cap-table/api';
import { FormDialog } from '../plans/form-dialog';
import { formatIsoDate } from '../plans/format';
import { reportDeleteError } from '../plans/report-error';
import {
  reportUrl,
  useDeleteReport,
  useDeleteValuation,
  useSaveValuation,
  useUploadReport,
} from './api';
import { PURPOSE_LABELS } from './format';
import { emptyValuationFormValues, ValuationForm, valuationToFormValues } from './valuation-form';

function FormSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">Loading the form…</span>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

const describe = (v: Pick<Valuation, 'effectiveDate' | 'purpose'>) =>
  `${PURPOSE_LABELS[v.purpose]} valuation of ${formatIsoDate(v.effectiveDate)}`;

/** The stored report: download, and remove after a confirmation. */
function ReportControls({ companyId, valuation }: { companyId: string; valuation: Valuation }) {
  const remove = useDeleteReport(companyId);
  const [removed, setRemoved] = useState(false);
  if (!valuation.report || removed) return null;
  const kb = Math.max(1, Math.round(valuation.report.sizeBytes / 1024));
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border p-3 text-sm">
      <span className="min-w-0 font-medium break-all">{valuation.report.filename}</span>
      <span className="text-muted-foreground">({kb.toLocaleString('en-GB')} KB)</span>
      <div className="ml-auto flex gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href={reportUrl(companyId, valuation.id)} download={valuation.report.filename}>
            <Download aria-hidden="true" />
            Download
          </a>
        </Button>
        <ConfirmAction
          trigger={
            <Button type="button" variant="outline" size="sm">
              <Trash2 aria-hidden="true" />
              Remove report
            </Button>
          }
          title="Remove the report?"
          description={`The PDF ${valuation.report.filename} is deleted; the valuation's figures stay.`}
          confirmLabel="Remove report"
          onConfirm={async () => {
            try {
              await remove.mutateAsync(valuation.id);
            } catch (error) {
              reportDeleteError(error, 'Removing the report failed');
              throw error;
            }
            setRemoved(true);
            toast.success('Report removed');
          }}
        />
      </div>
    </div>
  );
}

function ValuationDialogBody({
  companyId,
  valuation,
  onDone,
}: {
  companyId: string;
  valuation?: Valuation | undefined;
  onDone: () => void;
}) {
  const { data: shareClasses } = useSuspenseQuery(shareClassesQueryOptions(companyId));
  const save = useSaveValuation(companyId);
  const upload = useUploadReport(companyId);
  return (
    <ValuationForm
      companyId={companyId}
      shareClasses={shareClasses}
      defaultValues={
        valuation ? valuationToFormValues(valuation) : emptyValuationFormValues(shareClasses)
      }
      submitLabel={valuation ? 'Save valuation' : 'Add valuation'}
      reportSlot={
        valuation?.report ? <ReportControls companyId={companyId} valuation={valuation} /> : null
      }
      onSubmit={async (body, report) => {
        const saved = await save.mutateAsync({ id: valuation?.id, body });
        toast.success(valuation ? `${describe(saved)} updated` : `${describe(saved)} added`);
        if (report) {
          try {
            await upload.mutateAsync({ valuationId: saved.id, file: report });
            toast.success(`Report ${report.name} uploaded`);
          } catch (error) {
            // The valuation is saved: say what failed, and close (the edit dialog can retry).
            reportDeleteError(error, 'Uploading the report failed');
          }
        }
        onDone();
      }}
    />
  );
}

export function ValuationDialog({
  companyId,
  valuation,
  open,
  onOpenChange,
}: {
  companyId: string;
  valuation?: Valuation | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={valuation ? `Edit the ${describe(valuation)}` : 'New valuation'}
      description="The report's figures; equity value, price per share, FMV and validity are computed as you type."
    >
      <Suspense fallback={<FormSkeleton />}>
        <ValuationDialogBody
          companyId={companyId}
          valuation={valuation}
          onDone={() => onOpenChange(false)}
        />
      </Suspense>
    </FormDialog>
  );
}

export function NewValuationButton({
  companyId,
  label = 'Add valuation',
}: {
  companyId: string;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {label}
      </Button>
      <ValuationDialog companyId={companyId} open={open} onOpenChange={setOpen} />
    </>
  );
}

export function EditValuationButton({
  companyId,
  valuation,
}: {
  companyId: string;
  valuation: Valuation;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Edit the ${describe(valuation)}`}
        onClick={() => setOpen(true)}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <ValuationDialog
        companyId={companyId}
        valuation={valuation}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}

export function DeleteValuationButton({
  companyId,
  valuation,
}: {
  companyId: string;
  valuation: Valuation;
}) {
  const remove = useDeleteValuation(companyId);
  return (
    <ConfirmAction
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Delete the ${describe(valuation)}`}>
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title={`Delete the ${describe(valuation)}?`}
      description="Its figures and report are deleted; later valuations' changes and the grants' flags are recomputed. The activity log keeps a record."
      confirmLabel="Delete valuation"
      onConfirm={async () => {
        try {
          await remove.mutateAsync(valuation.id);
        } catch (error) {
          reportDeleteError(error, 'Deleting the valuation failed');
          throw error;
        }
        toast.success(`${describe(valuation)} deleted`);
      }}
    />
  );
}
