import { useSuspenseQuery } from '@tanstack/react-query';
import { Download, Pencil, Plus, Trash2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
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
      <span className="sr-only">{t('valuations.dialog.loading')}</span>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/** The values of the messages that name a valuation: "Tax FMV valuation of 1 Mar 2026". */
const named = (v: Pick<Valuation, 'effectiveDate' | 'purpose'>) => ({
  purpose: t(PURPOSE_LABELS[v.purpose]),
  date: formatIsoDate(v.effectiveDate),
});

/** The stored report: download, and remove after a confirmation. */
function ReportControls({ companyId, valuation }: { companyId: string; valuation: Valuation }) {
  const remove = useDeleteReport(companyId);
  const [removed, setRemoved] = useState(false);
  if (!valuation.report || removed) return null;
  const kb = Math.max(1, Math.round(valuation.report.sizeBytes / 1024));
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border p-3 text-sm">
      <span className="min-w-0 font-medium break-all">{valuation.report.filename}</span>
      <span className="text-muted-foreground">
        {t('valuations.report.size', { kb: formatCount(kb) })}
      </span>
      <div className="ml-auto flex gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href={reportUrl(companyId, valuation.id)} download={valuation.report.filename}>
            <Download aria-hidden="true" />
            {t('valuations.report.download')}
          </a>
        </Button>
        <ConfirmAction
          trigger={
            <Button type="button" variant="outline" size="sm">
              <Trash2 aria-hidden="true" />
              {t('valuations.report.remove')}
            </Button>
          }
          title={t('valuations.report.removeTitle')}
          description={t('valuations.report.removeDescription', {
            filename: valuation.report.filename,
          })}
          confirmLabel={t('valuations.report.remove')}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(valuation.id);
            } catch (error) {
              reportDeleteError(error, t('valuations.report.removeFailed'));
              throw error;
            }
            setRemoved(true);
            toast.success(t('valuations.report.removed'));
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
      submitLabel={valuation ? t('valuations.dialog.save') : t('valuations.dialog.add')}
      reportSlot={
        valuation?.report ? <ReportControls companyId={companyId} valuation={valuation} /> : null
      }
      onSubmit={async (body, report) => {
        const saved = await save.mutateAsync({ id: valuation?.id, body });
        toast.success(
          valuation
            ? t('valuations.toast.updated', named(saved))
            : t('valuations.toast.added', named(saved)),
        );
        if (report) {
          try {
            await upload.mutateAsync({ valuationId: saved.id, file: report });
            toast.success(t('valuations.report.uploaded', { filename: report.name }));
          } catch (error) {
            // The valuation is saved: say what failed, and close (the edit dialog can retry).
            reportDeleteError(error, t('valuations.report.uploadFailed'));
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
      title={
        valuation
          ? t('valuations.dialog.editTitle', named(valuation))
          : t('valuations.dialog.newTitle')
      }
      description={t('valuations.dialog.description')}
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

export function NewValuationButton({ companyId, label }: { companyId: string; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {label ?? t('valuations.new')}
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
        className="size-7"
        aria-label={t('valuations.dialog.editTitle', named(valuation))}
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
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={t('valuations.delete.label', named(valuation))}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title={t('valuations.delete.title', named(valuation))}
      description={t('valuations.delete.description')}
      confirmLabel={t('valuations.delete.confirm')}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(valuation.id);
        } catch (error) {
          reportDeleteError(error, t('valuations.delete.failed'));
          throw error;
        }
        toast.success(t('valuations.toast.deleted', named(valuation)));
      }}
    />
  );
}
