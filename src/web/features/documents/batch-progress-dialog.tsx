import { useQuery } from '@tanstack/react-query';
import { Archive } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { errorMessage } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { documentJobQueryOptions, filePaths } from './api';
import { DownloadButton } from './download-button';

/** A batch's progress as a bar (0–100) with its count, then its zip to download. */
function BatchProgress({ companyId, jobId }: { companyId: string; jobId: string }) {
  const { data: job, error } = useQuery(documentJobQueryOptions(companyId, jobId));
  const labelId = useId();
  if (error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(error, t('documents.batch.loadFailed'))}
      </p>
    );
  const percent = Math.round((job?.progress ?? 0) * 100);
  const counts = { done: formatCount(job?.done ?? 0), total: formatCount(job?.total ?? 0) };
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <p id={labelId} className="text-sm" aria-live="polite">
          {job?.status === 'done'
            ? t('documents.batch.done', { count: job.total })
            : job?.status === 'failed'
              ? t('documents.batch.failed')
              : t('documents.batch.running', counts)}
        </p>
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('documents.batch.running', counts)}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>
      {job?.status === 'failed' && job.error ? (
        <p role="alert" className="text-sm text-destructive">
          {job.error}
        </p>
      ) : null}
      {job?.status === 'done' ? (
        <DownloadButton
          variant="default"
          size="default"
          icon={Archive}
          className="justify-self-start"
          request={{
            path: filePaths.jobZip(companyId, jobId),
            fallbackName: job.fileName ?? `${t('documents.batch.fileName')}.zip`,
          }}
        >
          {t('documents.batch.download')}
        </DownloadButton>
      ) : null}
    </div>
  );
}

/**
 * A batch of grant letters being made (202 of the generate request): the job is polled, its
 * progress shown as a bar; when done, the zip of every letter downloads from here (each letter
 * is also stored with the company's documents).
 */
export function BatchProgressDialog({
  companyId,
  jobId,
  onOpenChange,
}: {
  companyId: string;
  /** The batch shown; null keeps the dialog closed. */
  jobId: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={jobId !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader className="pr-6">
          <DialogTitle>{t('documents.batch.title')}</DialogTitle>
          <DialogDescription>{t('documents.batch.description')}</DialogDescription>
        </DialogHeader>
        {jobId ? <BatchProgress companyId={companyId} jobId={jobId} /> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="ghost">{t('common.close')}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
