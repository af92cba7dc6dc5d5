import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, Loader2, RotateCcw, Trash2, Upload } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import {
  DOCUMENT_KINDS,
  DOCUMENT_LANGUAGES,
  DOCX_CONTENT_TYPE,
  MAX_TEMPLATE_BYTES,
  type DocumentKind,
  type DocumentLanguage,
  type TemplateList,
  type TemplateVersion,
} from '../../../contracts/documents';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { ConfirmAction } from '../../components/ui/confirm-action';
import { FileInput } from '../../components/ui/file-input';
import { FormField } from '../../components/ui/form-field';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { ApiError, errorMessage } from '../../lib/api';
import { formatCount, formatDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { RowHeader } from '../cap-table/section';
import { useCan } from '../me/api';
import { reportDeleteError } from '../plans/report-error';
import {
  documentSettingsQueryOptions,
  documentTemplatesQueryOptions,
  filePaths,
  useDeleteTemplateVersion,
  useSetTemplateActive,
  useUpdateDocumentSettings,
  useUploadTemplate,
} from './api';
import { DownloadButton } from './download-button';
import { documentLanguageName, KIND_DESCRIPTIONS, kindLabel } from './labels';
import { MergeFields } from './merge-fields';

/** A template's limit in megabytes, for the messages. */
const MAX_TEMPLATE_MB = MAX_TEMPLATE_BYTES / (1024 * 1024);

/** A refusal: the server's message in a toast (401 is handled globally). */
function reportError(error: unknown, fallback: string, details?: string) {
  if (error instanceof ApiError && error.status === 401) return;
  toast.error(errorMessage(error, fallback), details ? { description: details } : undefined);
}

/** What is wrong with a chosen template file, or null: a .docx, not empty, within the limit. */
export function templateFileProblem(file: { name: string; type: string; size: number }) {
  const isDocx = file.type === DOCX_CONTENT_TYPE || /\.docx$/i.test(file.name);
  if (!isDocx) return t('documents.templates.notDocx');
  if (file.size === 0) return t('documents.templates.empty');
  if (file.size > MAX_TEMPLATE_BYTES)
    return t('documents.templates.tooLarge', { mb: formatCount(MAX_TEMPLATE_MB) });
  return null;
}

/** The workspace's document language: the language of a recipient without a preference. */
function LanguageSetting() {
  const { data: settings } = useSuspenseQuery(documentSettingsQueryOptions());
  const canUpdate = useCan('document', 'update');
  const update = useUpdateDocumentSettings();
  const [language, setLanguage] = useState<DocumentLanguage>(settings.language);
  const changed = language !== settings.language;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(language, {
          onSuccess: (saved) =>
            toast.success(
              t('documents.settings.saved', { language: documentLanguageName(saved.language) }),
            ),
          onError: (error) => reportError(error, t('documents.settings.failed')),
        });
      }}
    >
      <FormField
        className="w-56"
        label={t('documents.settings.language')}
        description={t('documents.settings.languageHint')}
      >
        {(c) => (
          <Select
            {...c}
            value={language}
            disabled={!canUpdate}
            onChange={(e) => setLanguage(e.target.value as DocumentLanguage)}
          >
            {DOCUMENT_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {documentLanguageName(l)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {canUpdate ? (
        <Button
          type="submit"
          disabled={!changed || update.isPending}
          aria-busy={update.isPending || undefined}
          className="mb-5"
        >
          {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('documents.settings.save')}
        </Button>
      ) : null}
    </form>
  );
}

/** Upload a new version of a kind's template in a language: it becomes the one in use. */
function UploadVersion({ kind, language }: { kind: DocumentKind; language: DocumentLanguage }) {
  const upload = useUploadTemplate();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  // A new key clears the picker after an upload (FileInput follows its input's changes).
  const [pickerKey, setPickerKey] = useState(0);
  const name = { kind: kindLabel(kind), language: documentLanguageName(language) };
  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!file) {
          setProblem(t('documents.templates.fileRequired'));
          return;
        }
        upload.mutate(
          { kind, language, file },
          {
            onSuccess: (version) => {
              toast.success(
                t('documents.templates.uploaded', { ...name, version: version.version }),
              );
              setFile(null);
              setProblem(undefined);
              setPickerKey((k) => k + 1);
            },
            onError: (error) => {
              // A template the server cannot use names the reason and where: "Unknown field
              // {foo} in paragraph 12". Under the picker, and in the toast.
              const reason = error instanceof ApiError ? error.fields?.file : undefined;
              setProblem(reason ?? errorMessage(error, t('documents.templates.uploadFailed')));
              reportError(error, t('documents.templates.uploadFailed'), reason);
            },
          },
        );
      }}
    >
      <FormField
        label={t('documents.templates.newVersion')}
        error={problem}
        description={t('documents.templates.newVersionHint', {
          mb: formatCount(MAX_TEMPLATE_MB),
        })}
      >
        {(c) => (
          <FileInput
            key={pickerKey}
            {...c}
            size="sm"
            accept={`.docx,${DOCX_CONTENT_TYPE}`}
            onFilesChange={(files) => {
              const chosen = files[0] ?? null;
              const wrong = chosen ? templateFileProblem(chosen) : null;
              setProblem(wrong ?? undefined);
              setFile(wrong ? null : chosen);
            }}
          />
        )}
      </FormField>
      <Button
        type="submit"
        size="sm"
        className="justify-self-start"
        disabled={upload.isPending}
        aria-busy={upload.isPending || undefined}
      >
        {upload.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Upload aria-hidden="true" />
        )}
        {t('documents.templates.upload')}
      </Button>
    </form>
  );
}

function VersionActions({ version }: { version: TemplateVersion }) {
  const canUpdate = useCan('document', 'update');
  const canDelete = useCan('document', 'delete');
  const setActive = useSetTemplateActive();
  const remove = useDeleteTemplateVersion();
  const named = { version: version.version };
  return (
    <div className="flex justify-end gap-1">
      <DownloadButton
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label={t('documents.templates.downloadVersion.label', named)}
        title={t('documents.templates.downloadVersion')}
        request={{ path: filePaths.templateVersion(version.id), fallbackName: version.fileName }}
      />
      {canUpdate && !version.active ? (
        <Button
          variant="ghost"
          size="sm"
          disabled={setActive.isPending}
          aria-label={t('documents.templates.activate.label', named)}
          onClick={() =>
            setActive.mutate(
              { templateId: version.id, active: true },
              {
                onSuccess: () => toast.success(t('documents.templates.activated', named)),
                onError: (error) => reportError(error, t('documents.templates.updateFailed')),
              },
            )
          }
        >
          <CheckCircle2 aria-hidden="true" />
          {t('documents.templates.activate')}
        </Button>
      ) : null}
      {canUpdate && version.active ? (
        <ConfirmAction
          trigger={
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('documents.templates.deactivate.label', named)}
            >
              <RotateCcw aria-hidden="true" />
              {t('documents.templates.deactivate')}
            </Button>
          }
          title={t('documents.templates.deactivate.title', named)}
          description={t('documents.templates.deactivate.description')}
          confirmLabel={t('documents.templates.deactivate')}
          tone="default"
          onConfirm={async () => {
            try {
              await setActive.mutateAsync({ templateId: version.id, active: false });
            } catch (error) {
              reportError(error, t('documents.templates.updateFailed'));
              throw error;
            }
            toast.success(t('documents.templates.deactivated'));
          }}
        />
      ) : null}
      {canDelete ? (
        <ConfirmAction
          trigger={
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label={t('documents.templates.delete.label', named)}
              title={t('documents.templates.delete')}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          }
          title={t('documents.templates.delete.title', named)}
          description={
            version.active
              ? t('documents.templates.delete.descriptionActive')
              : t('documents.templates.delete.description')
          }
          confirmLabel={t('documents.templates.delete')}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(version.id);
            } catch (error) {
              reportDeleteError(error, t('documents.templates.deleteFailed'));
              throw error;
            }
            toast.success(t('documents.templates.deleted', named));
          }}
        />
      ) : null}
    </div>
  );
}

function Versions({ versions, label }: { versions: readonly TemplateVersion[]; label: string }) {
  if (versions.length === 0)
    return <p className="text-sm text-muted-foreground">{t('documents.templates.noVersions')}</p>;
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('documents.templates.column.version')}</TableHead>
          <TableHead>{t('documents.templates.column.file')}</TableHead>
          <TableHead>{t('documents.templates.column.uploaded')}</TableHead>
          <TableHead>
            <span className="sr-only">{t('tables.actions')}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {versions.map((v) => (
          <TableRow key={v.id}>
            <RowHeader>
              <span className="flex items-center gap-2">
                {t('documents.template.version', { version: v.version })}
                {v.active ? <Badge>{t('documents.templates.inUse')}</Badge> : null}
              </span>
            </RowHeader>
            <TableCell className="max-w-48 truncate" title={v.fileName}>
              {v.fileName}
            </TableCell>
            <TableCell>
              {t('documents.templates.uploadedBy', {
                date: formatDate(v.uploadedAt),
                name: v.uploadedByName,
              })}
            </TableCell>
            <TableCell className="text-right">
              <VersionActions version={v} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One kind in one language: what is in use, the standard template, uploads and versions. */
function TemplateSlot({ item }: { item: TemplateList['items'][number] }) {
  const canCreate = useCan('document', 'create');
  const headingId = useId();
  const kind = kindLabel(item.kind);
  const language = documentLanguageName(item.language);
  const active = item.versions.find((v) => v.active);
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-3 rounded-md border p-3">
      <h3 id={headingId} className="text-sm font-semibold">
        <span className="sr-only">{kind} · </span>
        {language}
      </h3>
      <p className="text-sm">
        {active
          ? t('documents.templates.usingVersion', {
              version: active.version,
              file: active.fileName,
            })
          : t('documents.templates.usingStandard')}
      </p>
      <DownloadButton
        className="justify-self-start"
        aria-label={t('documents.templates.downloadStandard.label', { kind, language })}
        request={{
          path: filePaths.standardTemplate(item.kind, item.language),
          fallbackName: `${item.kind}-${item.language}.docx`,
        }}
      >
        {t('documents.templates.downloadStandard')}
      </DownloadButton>
      {canCreate ? <UploadVersion kind={item.kind} language={item.language} /> : null}
      <Versions
        versions={item.versions}
        label={t('documents.templates.versionsLabel', { kind, language })}
      />
    </section>
  );
}

function KindCard({ kind, list }: { kind: DocumentKind; list: TemplateList }) {
  const headingId = `templates-${kind}-heading`;
  const items = DOCUMENT_LANGUAGES.map(
    (language) =>
      list.items.find((i) => i.kind === kind && i.language === language) ?? {
        kind,
        language,
        activeVersion: null,
        versions: [],
      },
  );
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader className="gap-1">
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            {kindLabel(kind)}
          </h2>
          <CardDescription>{t(KIND_DESCRIPTIONS[kind])}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 lg:grid-cols-2">
            {items.map((item) => (
              <TemplateSlot key={item.language} item={item} />
            ))}
          </div>
          <MergeFields kind={kind} />
        </CardContent>
      </Card>
    </section>
  );
}

function Templates() {
  const { data: list } = useSuspenseQuery(documentTemplatesQueryOptions());
  return (
    <div className="grid gap-6">
      {DOCUMENT_KINDS.map((kind) => (
        <KindCard key={kind} kind={kind} list={list} />
      ))}
    </div>
  );
}

function PageSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/**
 * `/document-templates` (issue 14): the workspace's document language, and per kind and
 * language the template in use (ours, or a version the workspace uploaded), its versions, and
 * the merge fields a template may use.
 */
export function DocumentTemplatesPage() {
  useDocumentTitle(t('documents.templates.title'));
  return (
    <div className="grid gap-6">
      <Link
        to="/companies"
        className="justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground"
      >
        {t('documents.templates.back')}
      </Link>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('documents.templates.title')}</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">{t('documents.templates.intro')}</p>
      </div>
      <section aria-labelledby="document-language-heading">
        <Card>
          <CardHeader className="gap-1">
            <h2 id="document-language-heading" className="text-lg leading-tight font-semibold">
              {t('documents.settings.title')}
            </h2>
          </CardHeader>
          <CardContent>
            <Suspense fallback={<Skeleton className="h-16 w-64" />}>
              <LanguageSetting />
            </Suspense>
          </CardContent>
        </Card>
      </section>
      <Suspense fallback={<PageSkeleton label={t('documents.templates.loading')} />}>
        <Templates />
      </Suspense>
    </div>
  );
}
