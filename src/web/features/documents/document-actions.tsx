import { zodResolver } from '@hookform/resolvers/zod';
import { FileCheck2, FileSignature, Send, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  MAX_SIGNED_COPY_BYTES,
  PDF_CONTENT_TYPE,
  type GeneratedDocument,
} from '../../../contracts/documents';
import { isIsoDate } from '../../../domain/dates';
import { Button } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { DateInput, FormDateInput } from '../../components/ui/date-input';
import { FileInput } from '../../components/ui/file-input';
import { FormField } from '../../components/ui/form-field';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { formatCount, formatIsoDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { todayIso } from '../cap-table/format';
import { FormDialog, FormDialogActions } from '../plans/form-dialog';
import { reportDeleteError } from '../plans/report-error';
import { filePaths, useDeleteDocument, useMarkSent, useUploadSignedCopy } from './api';
import { DownloadButton } from './download-button';
import { documentName } from './labels';

/** A signed copy's limit in megabytes, for the messages. */
const MAX_SIGNED_COPY_MB = MAX_SIGNED_COPY_BYTES / (1024 * 1024);

/** A refusal of a row's action: the server's message in a toast (401 is handled globally). */
function reportError(error: unknown, fallback: string) {
  if (!(error instanceof ApiError && error.status === 401))
    toast.error(errorMessage(error, fallback));
}

/** Marks a generated document sent (on a date, today by default), or a sent one not sent. */
export function MarkSentButton({
  companyId,
  document,
}: {
  companyId: string;
  document: GeneratedDocument;
}) {
  const markSent = useMarkSent(companyId);
  const [date, setDate] = useState(todayIso);
  const name = documentName(document);
  if (document.status === 'signed') return null;
  if (document.status === 'sent')
    return (
      <ConfirmAction
        trigger={
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={t('documents.sent.undo.label', { name })}
            title={t('documents.sent.undo')}
          >
            <Undo2 aria-hidden="true" />
          </Button>
        }
        title={t('documents.sent.undo.title', { name })}
        description={t('documents.sent.undo.description', {
          date: formatIsoDate(document.sentAt ?? ''),
        })}
        confirmLabel={t('documents.sent.undo')}
        tone="default"
        onConfirm={async () => {
          try {
            await markSent.mutateAsync({ documentId: document.id, sentAt: null });
          } catch (error) {
            reportError(error, t('documents.sent.failed'));
            throw error;
          }
          toast.success(t('documents.sent.undone', { name }));
        }}
      />
    );
  return (
    <ConfirmAction
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={t('documents.sent.mark.label', { name })}
          title={t('documents.sent.mark')}
        >
          <Send aria-hidden="true" />
        </Button>
      }
      title={t('documents.sent.mark.title', { name })}
      description={t('documents.sent.mark.description')}
      confirmLabel={t('documents.sent.mark')}
      tone="default"
      confirmDisabled={!isIsoDate(date)}
      onConfirm={async () => {
        try {
          await markSent.mutateAsync({ documentId: document.id, sentAt: date });
        } catch (error) {
          reportError(error, t('documents.sent.failed'));
          throw error;
        }
        toast.success(t('documents.sent.done', { name, date: formatIsoDate(date) }));
      }}
    >
      <FormField label={t('documents.sent.date')}>
        {(c) => <DateInput {...c} aria-required="true" value={date} onValueChange={setDate} />}
      </FormField>
    </ConfirmAction>
  );
}

/** What is wrong with a chosen signed copy, or null: a PDF, not empty, within the limit. */
export function signedCopyProblem(file: { name: string; type: string; size: number }) {
  const isPdf = file.type === PDF_CONTENT_TYPE || /\.pdf$/i.test(file.name);
  if (!isPdf) return t('documents.signed.notPdf');
  if (file.size === 0) return t('documents.signed.empty');
  if (file.size > MAX_SIGNED_COPY_BYTES)
    return t('documents.signed.tooLarge', { mb: formatCount(MAX_SIGNED_COPY_MB) });
  return null;
}

function signedCopySchema() {
  return z.object({
    signedAt: z.string().refine(isIsoDate, { message: t('documents.signed.dateInvalid') }),
    file: z
      .instanceof(File, { message: t('documents.signed.fileRequired') })
      .nullable()
      .superRefine((file, ctx) => {
        const problem = file ? signedCopyProblem(file) : t('documents.signed.fileRequired');
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  });
}
type SignedCopyValues = z.input<ReturnType<typeof signedCopySchema>>;

function SignedCopyForm({
  companyId,
  document,
  onDone,
}: {
  companyId: string;
  document: GeneratedDocument;
  onDone: () => void;
}) {
  const upload = useUploadSignedCopy(companyId);
  const form = useForm<SignedCopyValues>({
    resolver: zodResolver(signedCopySchema()),
    defaultValues: { signedAt: todayIso(), file: null },
  });
  const { errors, isSubmitting } = form.formState;
  const name = documentName(document);
  const submit = form.handleSubmit(async ({ signedAt, file }) => {
    if (!file) return;
    try {
      await upload.mutateAsync({ documentId: document.id, signedAt, file });
    } catch (error) {
      // A Belgian grant letter signed after the 60 days names `signedAt`: inline, and in a toast.
      applyServerFieldErrors(error, form.setError, ['signedAt', 'file']);
      reportError(error, t('documents.signed.failed'));
      return;
    }
    toast.success(
      document.kind === 'grant_letter'
        ? t('documents.signed.doneGrant', { name, date: formatIsoDate(signedAt) })
        : t('documents.signed.done', { name }),
    );
    onDone();
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <FormField
        label={t('documents.signed.date')}
        error={errors.signedAt?.message}
        description={
          document.kind === 'grant_letter' ? t('documents.signed.dateHintGrant') : undefined
        }
      >
        {(c) => (
          <FormDateInput {...c} aria-required="true" control={form.control} name="signedAt" />
        )}
      </FormField>
      <FormField
        label={t('documents.signed.file')}
        error={errors.file?.message}
        description={t('documents.signed.fileHint', { mb: formatCount(MAX_SIGNED_COPY_MB) })}
      >
        {(c) => (
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <FileInput
                {...c}
                aria-required="true"
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                accept="application/pdf,.pdf"
                onFilesChange={(files) => {
                  field.onChange(files[0] ?? null);
                  if (form.formState.isSubmitted) void form.trigger('file');
                }}
              />
            )}
          />
        )}
      </FormField>
      <FormDialogActions submitLabel={t('documents.signed.submit')} isSubmitting={isSubmitting} />
    </form>
  );
}

/** "Upload signed copy": the date it was signed and the PDF; a grant letter accepts its grant. */
export function UploadSignedCopyButton({
  companyId,
  document,
}: {
  companyId: string;
  document: GeneratedDocument;
}) {
  const [open, setOpen] = useState(false);
  const name = documentName(document);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label={t('documents.signed.upload.label', { name })}
        title={t('documents.signed.upload')}
        onClick={() => setOpen(true)}
      >
        <FileSignature aria-hidden="true" />
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={t('documents.signed.title', { name })}
        description={
          document.signedCopy
            ? t('documents.signed.replaceDescription')
            : t('documents.signed.description')
        }
      >
        <SignedCopyForm companyId={companyId} document={document} onDone={() => setOpen(false)} />
      </FormDialog>
    </>
  );
}

/** Downloads the signed copy, when there is one. */
export function SignedCopyDownload({
  companyId,
  document,
}: {
  companyId: string;
  document: GeneratedDocument;
}) {
  if (!document.signedCopy) return null;
  const name = documentName(document);
  return (
    <DownloadButton
      variant="ghost"
      size="icon"
      className="size-7"
      icon={FileCheck2}
      aria-label={t('documents.signed.download.label', { name })}
      title={t('documents.signed.download')}
      request={{
        path: filePaths.signedCopy(companyId, document.id),
        fallbackName: document.signedCopy.fileName,
      }}
    />
  );
}

export function DeleteDocumentButton({
  companyId,
  document,
}: {
  companyId: string;
  document: GeneratedDocument;
}) {
  const remove = useDeleteDocument(companyId);
  const name = documentName(document);
  return (
    <ConfirmAction
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={t('documents.delete.label', { name })}
          title={t('documents.delete')}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title={t('documents.delete.title', { name })}
      description={
        document.signedCopy
          ? t('documents.delete.descriptionSigned')
          : t('documents.delete.description')
      }
      confirmLabel={t('documents.delete')}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(document.id);
        } catch (error) {
          reportDeleteError(error, t('documents.delete.failed'));
          throw error;
        }
        toast.success(t('documents.delete.done', { name }));
      }}
    />
  );
}
