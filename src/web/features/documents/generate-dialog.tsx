import { zodResolver } from '@hookform/resolvers/zod';
import { useSuspenseQuery } from '@tanstack/react-query';
import { FilePlus2 } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  DOCUMENT_FORMATS,
  DOCUMENT_LANGUAGES,
  KIND_NEEDS,
  PDF_KINDS,
  type DocumentCreateInput,
  type DocumentLanguage,
  type GeneratedDocument,
} from '../../../contracts/documents';
import { isIsoDate } from '../../../domain/dates';
import { Button, type ButtonProps } from '../../components/ui/button';
import { FormDateInput } from '../../components/ui/date-input';
import { DialogClose, DialogFooter } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { todayIso } from '../cap-table/format';
import { grantStakeholdersQueryOptions } from '../grants/api';
import { useCan } from '../me/api';
import { FormDialog, FormDialogActions } from '../plans/form-dialog';
import { documentSettingsQueryOptions, filePaths, useGenerateDocument } from './api';
import { BatchProgressDialog } from './batch-progress-dialog';
import { DownloadButton } from './download-button';
import { documentLanguageName, documentName, kindLabel, templateVersionLabel } from './labels';

/** What a document is generated from: the kind and the records its kind takes. */
export type GenerateTarget =
  | {
      kind: 'grant_letter' | 'board_resolution';
      grantIds: readonly string[];
      /** The one recipient (a single grant letter), whose language comes first. */
      stakeholderId?: string | undefined;
    }
  | { kind: 'exercise_notice'; exerciseId: string; stakeholderId: string }
  | { kind: 'register_extract' | 'cap_table_report'; asOf?: string | undefined };

/** '' in the language select: each recipient's own language (a batch of grant letters). */
const EACH_RECIPIENT = '';

function generateSchema(needsAsOf: boolean) {
  return z.object({
    language: z.enum([EACH_RECIPIENT, ...DOCUMENT_LANGUAGES]),
    format: z.enum(DOCUMENT_FORMATS),
    asOf: z
      .string()
      .refine((v) => !needsAsOf || isIsoDate(v), { message: t('documents.generate.asOfInvalid') }),
  });
}
type GenerateValues = z.input<ReturnType<typeof generateSchema>>;

/** The fields a refusal's `error.fields` may name that this form shows. */
const FIELD_NAMES = ['language', 'format', 'asOf'] as const;

function isBatch(target: GenerateTarget): boolean {
  return target.kind === 'grant_letter' && target.grantIds.length > 1;
}

function body(target: GenerateTarget, values: GenerateValues): DocumentCreateInput {
  const language = values.language === EACH_RECIPIENT ? undefined : values.language;
  switch (target.kind) {
    case 'grant_letter':
    case 'board_resolution':
      return { kind: target.kind, language, grantIds: [...target.grantIds] };
    case 'exercise_notice':
      return { kind: target.kind, language, exerciseId: target.exerciseId };
    case 'register_extract':
    case 'cap_table_report':
      return { kind: target.kind, language, format: values.format, asOf: values.asOf };
  }
}

/** The language a recipient prefers (null: the workspace's), once the stakeholders have loaded. */
function RecipientLanguage({
  companyId,
  stakeholderId,
  children,
}: {
  companyId: string;
  stakeholderId: string;
  children: (language: DocumentLanguage | null, name: string | null) => ReactNode;
}) {
  const { data: stakeholders } = useSuspenseQuery(grantStakeholdersQueryOptions(companyId));
  const stakeholder = stakeholders.find((s) => s.id === stakeholderId);
  return children(stakeholder?.language ?? null, stakeholder?.name ?? null);
}

function GenerateForm({
  companyId,
  target,
  workspaceLanguage,
  recipient,
  onDocument,
  onJob,
}: {
  companyId: string;
  target: GenerateTarget;
  workspaceLanguage: DocumentLanguage;
  /** The one recipient's preferred language and name, when the document has one. */
  recipient: { language: DocumentLanguage | null; name: string | null } | null;
  onDocument: (document: GeneratedDocument) => void;
  onJob: (jobId: string) => void;
}) {
  const generate = useGenerateDocument(companyId);
  const needsAsOf = KIND_NEEDS[target.kind] === 'asOf';
  const batch = isBatch(target);
  const form = useForm<GenerateValues>({
    resolver: zodResolver(generateSchema(needsAsOf)),
    defaultValues: {
      language: batch ? EACH_RECIPIENT : (recipient?.language ?? workspaceLanguage),
      format: 'docx',
      asOf:
        target.kind === 'register_extract' || target.kind === 'cap_table_report'
          ? (target.asOf ?? todayIso())
          : '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await generate.mutateAsync(body(target, values));
      if (result.type === 'job') {
        onJob(result.job.id);
        return;
      }
      toast.success(t('documents.generate.done', { name: documentName(result.document) }));
      onDocument(result.document);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELD_NAMES);
      // 401 is handled globally (redirect to sign-in with its own toast).
      if (!(error instanceof ApiError && error.status === 401))
        toast.error(errorMessage(error, t('documents.generate.failed')));
    }
  });
  const languageHint = batch
    ? t('documents.generate.languageHintBatch', {
        language: documentLanguageName(workspaceLanguage),
      })
    : recipient?.language && recipient.name
      ? t('documents.generate.languageHintRecipient', {
          name: recipient.name,
          language: documentLanguageName(recipient.language),
        })
      : t('documents.generate.languageHintWorkspace', {
          language: documentLanguageName(workspaceLanguage),
        });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <FormField
        label={t('documents.generate.language')}
        error={errors.language?.message}
        description={languageHint}
      >
        {(c) => (
          <Select {...c} {...form.register('language')}>
            {batch ? (
              <option value={EACH_RECIPIENT}>{t('documents.generate.eachRecipient')}</option>
            ) : null}
            {DOCUMENT_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {documentLanguageName(language)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {PDF_KINDS.includes(target.kind) ? (
        <FormField label={t('documents.generate.format')} error={errors.format?.message}>
          {(c) => (
            <Select {...c} {...form.register('format')}>
              <option value="docx">{t('documents.format.docx')}</option>
              <option value="pdf">{t('documents.format.pdf')}</option>
            </Select>
          )}
        </FormField>
      ) : null}
      {needsAsOf ? (
        <FormField
          label={t('documents.generate.asOf')}
          error={errors.asOf?.message}
          description={t('documents.generate.asOfHint')}
        >
          {(c) => <FormDateInput {...c} aria-required="true" control={form.control} name="asOf" />}
        </FormField>
      ) : null}
      <FormDialogActions submitLabel={t('documents.generate.submit')} isSubmitting={isSubmitting} />
    </form>
  );
}

function GenerateBody({
  companyId,
  target,
  onDocument,
  onJob,
}: {
  companyId: string;
  target: GenerateTarget;
  onDocument: (document: GeneratedDocument) => void;
  onJob: (jobId: string) => void;
}) {
  const { data: settings } = useSuspenseQuery(documentSettingsQueryOptions());
  const stakeholderId = 'stakeholderId' in target ? target.stakeholderId : undefined;
  const form = (recipient: { language: DocumentLanguage | null; name: string | null } | null) => (
    <GenerateForm
      companyId={companyId}
      target={target}
      workspaceLanguage={settings.language}
      recipient={recipient}
      onDocument={onDocument}
      onJob={onJob}
    />
  );
  if (!stakeholderId) return form(null);
  return (
    <RecipientLanguage companyId={companyId} stakeholderId={stakeholderId}>
      {(language, name) => form({ language, name })}
    </RecipientLanguage>
  );
}

/** The document just made: what it is, and its download. */
function Generated({ companyId, document }: { companyId: string; document: GeneratedDocument }) {
  const template = templateVersionLabel(document.templateVersion);
  return (
    <div className="grid gap-4">
      <div role="status" className="grid gap-1 text-sm">
        <p className="font-medium">
          {t('documents.generate.ready', { name: documentName(document) })}
        </p>
        <p className="text-muted-foreground">
          {template
            ? t('documents.generate.readyDetail', {
                language: documentLanguageName(document.language),
                template,
              })
            : documentLanguageName(document.language)}
        </p>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="ghost">{t('common.close')}</Button>
        </DialogClose>
        <DownloadButton
          variant="default"
          size="default"
          request={{
            path: filePaths.document(companyId, document.id),
            fallbackName: document.fileName,
          }}
        >
          {t('documents.generate.download')}
        </DownloadButton>
      </DialogFooter>
    </div>
  );
}

function FormSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">{t('documents.generate.loading')}</span>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}

/** The dialog's title: "Generate a grant letter", "Generate 12 grant letters". */
function dialogTitle(target: GenerateTarget): string {
  if (isBatch(target) && 'grantIds' in target)
    return t('documents.generate.titleBatch', { count: target.grantIds.length });
  return t('documents.generate.title', { kind: kindLabel(target.kind) });
}

/**
 * A button that generates a document of `target`'s kind: a dialog with its language (the
 * recipient's preferred one, else the workspace's), its format and date where the kind takes
 * them; then the document's download, or a batch's progress and zip. Shown only to a role that
 * may create documents.
 */
export function GenerateDocumentButton({
  companyId,
  target,
  label,
  variant = 'outline',
  size,
  disabled,
  iconOnly = false,
  'aria-label': ariaLabel,
}: {
  companyId: string;
  target: GenerateTarget;
  label: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  disabled?: boolean;
  /** Only the icon (a table's narrow actions column), `label` as its tooltip. */
  iconOnly?: boolean;
  'aria-label'?: string;
}) {
  const canCreate = useCan('document', 'create');
  const [open, setOpen] = useState(false);
  const [generated, setGenerated] = useState<GeneratedDocument | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  if (!canCreate) return null;
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setGenerated(null);
  };
  return (
    <>
      <Button
        variant={variant}
        size={iconOnly ? 'icon' : size}
        className={iconOnly ? 'size-7' : undefined}
        disabled={disabled}
        aria-label={ariaLabel ?? (iconOnly ? label : undefined)}
        title={iconOnly ? label : undefined}
        onClick={() => setOpen(true)}
      >
        <FilePlus2 aria-hidden="true" />
        {iconOnly ? null : label}
      </Button>
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        title={dialogTitle(target)}
        description={
          generated
            ? undefined
            : isBatch(target)
              ? t('documents.generate.descriptionBatch')
              : t('documents.generate.description')
        }
      >
        {generated ? (
          <Generated companyId={companyId} document={generated} />
        ) : (
          <Suspense fallback={<FormSkeleton />}>
            <GenerateBody
              companyId={companyId}
              target={target}
              onDocument={setGenerated}
              onJob={(id) => {
                setOpen(false);
                setJobId(id);
              }}
            />
          </Suspense>
        )}
      </FormDialog>
      <BatchProgressDialog
        companyId={companyId}
        jobId={jobId}
        onOpenChange={(next) => {
          if (!next) setJobId(null);
        }}
      />
    </>
  );
}
