import { useSuspenseQuery } from '@tanstack/react-query';
import { CatchBoundary } from '@tanstack/react-router';
import { FileText } from 'lucide-react';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
import type { GeneratedDocument } from '../../../contracts/documents';
import { Badge } from '../../components/ui/badge';
import { DataTable, useTableSort, type DataColumn } from '../../components/ui/data-table';
import { Truncate } from '../../components/ui/truncate';
import { errorMessage } from '../../lib/api';
import { formatDateTime, formatIsoDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import type { SortState } from '../../lib/sort';
import { Dash, EmptyState, TableSkeleton } from '../cap-table/section';
import { useCan } from '../me/api';
import { documentsQueryOptions, filePaths, type DocumentFilter } from './api';
import {
  DeleteDocumentButton,
  MarkSentButton,
  SignedCopyDownload,
  UploadSignedCopyButton,
} from './document-actions';
import { DownloadButton } from './download-button';
import {
  documentLanguageName,
  documentName,
  kindLabel,
  statusText,
  templateVersionLabel,
} from './labels';

/** The API lists documents newest first: the table's order until a header is pressed. */
const DEFAULT_SORT: SortState = { column: 'created', direction: 'descending' };

/** How many characters of a SHA-256 the table shows (the whole of it in the title). */
const SHORT_HASH = 12;

const STATUS_ORDER = ['generated', 'sent', 'signed'] as const;

function statusVariant(status: GeneratedDocument['status']) {
  if (status === 'signed') return 'default';
  if (status === 'sent') return 'secondary';
  return 'outline';
}

/** A status badge whose text reads "Status: Signed 3 Mar 2026" to screen readers. */
export function DocumentStatusBadge({ document }: { document: GeneratedDocument }) {
  return (
    <Badge variant={statusVariant(document.status)}>
      <span className="sr-only">{t('documents.table.status')}: </span>
      {statusText(document)}
    </Badge>
  );
}

function RowActions({
  companyId,
  document,
  canUpdate,
  canDelete,
}: {
  companyId: string;
  document: GeneratedDocument;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const name = documentName(document);
  return (
    <div className="flex justify-end gap-0.5">
      <DownloadButton
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label={t('documents.download.label', { name })}
        title={t('documents.download')}
        request={{
          path: filePaths.document(companyId, document.id),
          fallbackName: document.fileName,
        }}
      />
      {canUpdate ? <MarkSentButton companyId={companyId} document={document} /> : null}
      {canUpdate ? <UploadSignedCopyButton companyId={companyId} document={document} /> : null}
      <SignedCopyDownload companyId={companyId} document={document} />
      {canDelete ? <DeleteDocumentButton companyId={companyId} document={document} /> : null}
    </div>
  );
}

function documentColumns(
  companyId: string,
  canUpdate: boolean,
  canDelete: boolean,
): DataColumn<GeneratedDocument>[] {
  const hashCell = (d: GeneratedDocument): ReactNode => (
    <code className="font-mono text-[0.7rem]" title={d.sha256}>
      {d.sha256.slice(0, SHORT_HASH)}…
    </code>
  );
  return [
    {
      id: 'kind',
      header: t('documents.table.kind'),
      cell: (d) => (
        <span className="grid">
          <span>{kindLabel(d.kind)}</span>
          {d.asOf ? (
            <span className="font-normal text-muted-foreground">
              {t('documents.table.asOf', { date: formatIsoDate(d.asOf) })}
            </span>
          ) : null}
        </span>
      ),
      sort: { kind: 'text', value: (d) => kindLabel(d.kind) },
    },
    {
      id: 'recipient',
      header: t('documents.table.recipient'),
      cell: (d) =>
        d.stakeholderName ? (
          <Truncate text={d.stakeholderName} className="max-w-32" />
        ) : d.grantIds.length > 1 ? (
          t('documents.table.grantCount', { count: d.grantIds.length })
        ) : (
          <Dash />
        ),
      sort: { kind: 'text', value: (d) => d.stakeholderName },
    },
    {
      id: 'language',
      header: t('documents.table.language'),
      cell: (d) => documentLanguageName(d.language),
      sort: { kind: 'text', value: (d) => documentLanguageName(d.language) },
    },
    {
      id: 'format',
      header: t('documents.table.format'),
      cell: (d) => (d.format === 'pdf' ? t('documents.format.pdf') : t('documents.format.docx')),
    },
    {
      id: 'template',
      header: t('documents.table.template'),
      cell: (d) => templateVersionLabel(d.templateVersion) ?? <Dash />,
      sort: { kind: 'count', value: (d) => d.templateVersion },
    },
    {
      id: 'created',
      header: t('documents.table.created'),
      cell: (d) => (
        <span className="grid">
          <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>
          <Truncate text={d.createdByName} className="max-w-32 text-muted-foreground" />
        </span>
      ),
      sort: { kind: 'text', value: (d) => d.createdAt },
    },
    {
      id: 'status',
      header: t('documents.table.status'),
      cell: (d) => <DocumentStatusBadge document={d} />,
      sort: { kind: 'count', value: (d) => STATUS_ORDER.indexOf(d.status) },
    },
    { id: 'sha256', header: t('documents.table.sha256'), cell: hashCell },
    {
      id: 'actions',
      header: t('tables.actions'),
      headerHidden: true,
      className: 'w-0 py-0.5 text-right',
      cell: (d) => (
        <RowActions
          companyId={companyId}
          document={d}
          canUpdate={canUpdate}
          canDelete={canDelete}
        />
      ),
    },
  ];
}

/**
 * A company's generated documents (all of them, or those of a grant or an exercise): what, for
 * whom, in which language and format, from which template, who made it when, where it stands
 * (generated, sent, signed), its fingerprint; and the row's actions as the role allows.
 */
export function DocumentsTable({
  companyId,
  filter,
  label,
  empty,
}: {
  companyId: string;
  filter?: DocumentFilter;
  /** The table's accessible name. */
  label: string;
  /** What an empty list says, and what to do about it. */
  empty: { title: string; text?: string; action?: ReactNode };
}) {
  const { data: documents } = useSuspenseQuery(documentsQueryOptions(companyId, filter));
  const canUpdate = useCan('document', 'update');
  const canDelete = useCan('document', 'delete');
  const columns = useMemo(
    () => documentColumns(companyId, canUpdate, canDelete),
    [companyId, canUpdate, canDelete],
  );
  const [sortParam, setSortParam] = useState<string | undefined>();
  const { rows, sort, paramAfterClick } = useTableSort(documents, columns, sortParam, DEFAULT_SORT);
  if (documents.length === 0)
    return (
      <EmptyState icon={FileText} title={empty.title} action={empty.action}>
        {empty.text}
      </EmptyState>
    );
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(d) => d.id}
      sort={sort}
      onSort={(column) => setSortParam(paramAfterClick(column))}
    />
  );
}

/**
 * `DocumentsTable` with its own boundaries, for a page that shows it among other things (the
 * grant page): a slow or failing list must not take the page down with it.
 */
export function DocumentsTableBoundary(props: Parameters<typeof DocumentsTable>[0]) {
  return (
    <CatchBoundary
      getResetKey={() => `${props.companyId}-${JSON.stringify(props.filter ?? {})}`}
      errorComponent={({ error }) => (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(error, t('documents.list.loadFailed'))}
        </p>
      )}
    >
      <Suspense fallback={<TableSkeleton label={t('documents.list.loading')} />}>
        <DocumentsTable {...props} />
      </Suspense>
    </CatchBoundary>
  );
}
