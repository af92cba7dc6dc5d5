import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  documentJobSchema,
  documentListSchema,
  documentSchema,
  documentSettingsSchema,
  templateListSchema,
  templateVersionSchema,
  DOCX_CONTENT_TYPE,
  PDF_CONTENT_TYPE,
  type DocumentCreateInput,
  type DocumentKind,
  type DocumentLanguage,
  type GeneratedDocument,
  type DocumentJob,
} from '../../../contracts/documents';
import { ApiError, apiFetch, apiUrl } from '../../lib/api';
import { attachmentName } from '../../lib/content-disposition';
import { activeLanguage, t } from '../../lib/i18n';
import { companyScopedKey, invalidateCompany } from '../companies/api';
import { saveBlob } from '../exports/api';

/**
 * Queries and writes of generated documents (issue 14): a company's documents, batch jobs, the
 * workspace's templates and its document language. Documents belong to a company (their keys sit
 * under it, and a write refetches the company: a signed grant letter accepts its grant); templates
 * and the document language belong to the workspace (top-level keys).
 */

const base = (companyId: string) => `/company/${encodeURIComponent(companyId)}`;
const documentPath = (companyId: string, documentId: string) =>
  `${base(companyId)}/documents/${encodeURIComponent(documentId)}`;
const jobPath = (companyId: string, jobId: string) =>
  `${base(companyId)}/document-jobs/${encodeURIComponent(jobId)}`;
const templatePath = (templateId: string) =>
  `/document-templates/${encodeURIComponent(templateId)}`;

/** What a documents list is filtered by (the API's query); empty strings for none. */
export type DocumentFilter = { kind?: DocumentKind; grantId?: string; exerciseId?: string };

const keys = {
  lists: (companyId: string) => companyScopedKey(companyId, 'documents', 'list'),
  list: (companyId: string, filter: Required<Record<keyof DocumentFilter, string>>) =>
    [...keys.lists(companyId), filter] as const,
  job: (companyId: string, jobId: string) => companyScopedKey(companyId, 'document-jobs', jobId),
  templates: ['document-templates'] as const,
  settings: ['document-settings'] as const,
};

/** While a batch runs, its job is asked for again this often. */
export const JOB_POLL_MS = 500;

/** `GET …/documents?kind=&grantId=&exerciseId=`: newest first. */
export function documentsQueryOptions(companyId: string, filter: DocumentFilter = {}) {
  const query = {
    kind: filter.kind ?? '',
    grantId: filter.grantId ?? '',
    exerciseId: filter.exerciseId ?? '',
  };
  return queryOptions({
    queryKey: keys.list(companyId, query),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/documents`, { signal, query, schema: documentListSchema }),
    select: (data) => data.items,
  });
}

/** `GET …/document-jobs/{jobId}`, polled while the batch runs. */
export function documentJobQueryOptions(companyId: string, jobId: string) {
  return queryOptions({
    queryKey: keys.job(companyId, jobId),
    queryFn: ({ signal }) =>
      apiFetch(jobPath(companyId, jobId), { signal, schema: documentJobSchema }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? JOB_POLL_MS : false),
  });
}

/** `GET /document-templates`: the workspace's language and, per kind and language, its versions. */
export function documentTemplatesQueryOptions() {
  return queryOptions({
    queryKey: keys.templates,
    queryFn: ({ signal }) =>
      apiFetch('/document-templates', { signal, schema: templateListSchema }),
  });
}

/** `GET /document-settings`: the workspace's document language (a recipient without one of theirs). */
export function documentSettingsQueryOptions() {
  return queryOptions({
    queryKey: keys.settings,
    queryFn: ({ signal }) =>
      apiFetch('/document-settings', { signal, schema: documentSettingsSchema }),
  });
}

/** What `POST …/documents` answered: a document (201), or a batch's job (202). */
export type GenerateResult =
  { type: 'document'; document: GeneratedDocument } | { type: 'job'; job: DocumentJob };

/** The API's error body of a request made without `apiFetch` (uploads, 201-or-202 answers). */
async function responseError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's 413 page): the status tells the story.
  }
  const error =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body.error as { code?: unknown; message?: unknown; fields?: unknown })
      : null;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    const fields =
      typeof error.fields === 'object' && error.fields !== null
        ? Object.fromEntries(
            Object.entries(error.fields).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          )
        : undefined;
    return new ApiError({
      status: response.status,
      code: error.code,
      message: error.message,
      fields,
    });
  }
  return new ApiError({
    status: response.status,
    code: response.status === 413 ? 'PAYLOAD_TOO_LARGE' : `HTTP_${response.status}`,
    message:
      response.status === 413
        ? t('documents.error.tooLarge')
        : response.statusText || t('errors.client.requestFailed'),
  });
}

/** `fetch` under `/api/v1` with the session cookie, in the app's language; a network failure as an ApiError. */
async function send(
  path: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> },
  query?: Record<string, string>,
) {
  try {
    return await fetch(apiUrl(`/api/v1${path}`, query), {
      ...init,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        // Error messages (a template's bad field, say) in the language the app is shown in.
        'Accept-Language': activeLanguage(),
        ...init.headers,
      },
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: t('errors.client.network') });
  }
}

async function parsed<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  if (!response.ok) throw await responseError(response);
  const result = schema.safeParse(await response.json().catch(() => null));
  if (!result.success) {
    console.error(`Unexpected response from ${response.url}`, result.error.issues);
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: t('errors.client.unexpectedResponse'),
    });
  }
  return result.data;
}

/** `POST …/documents`: one document (201) or a batch of grant letters (202, a job to poll). */
export async function generateDocument(
  companyId: string,
  body: DocumentCreateInput,
): Promise<GenerateResult> {
  const response = await send(`${base(companyId)}/documents`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status === 202)
    return { type: 'job', job: await parsed(response, documentJobSchema) };
  return { type: 'document', document: await parsed(response, documentSchema) };
}

export function useGenerateDocument(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentCreateInput) => generateDocument(companyId, body),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

/** `PATCH …/documents/{id}`: sent on a date, or not sent (null). */
export function useMarkSent(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, sentAt }: { documentId: string; sentAt: string | null }) =>
      apiFetch(documentPath(companyId, documentId), {
        method: 'PATCH',
        body: { sentAt },
        schema: documentSchema,
      }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

/**
 * `PUT …/documents/{id}/signed-copy?signedAt=&filename=` with the PDF as the body. A signed grant
 * letter accepts its grant: the whole company is refetched.
 */
export function useUploadSignedCopy(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      documentId,
      signedAt,
      file,
    }: {
      documentId: string;
      signedAt: string;
      file: File;
    }) =>
      parsed(
        await send(
          `${documentPath(companyId, documentId)}/signed-copy`,
          { method: 'PUT', headers: { 'Content-Type': PDF_CONTENT_TYPE }, body: file },
          { signedAt, filename: file.name },
        ),
        documentSchema,
      ),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

export function useDeleteDocument(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) =>
      apiFetch(documentPath(companyId, documentId), { method: 'DELETE' }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

/** `POST /document-templates/{kind}/{language}?filename=` with the .docx: the new active version. */
export function useUploadTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      kind,
      language,
      file,
    }: {
      kind: DocumentKind;
      language: DocumentLanguage;
      file: File;
    }) =>
      parsed(
        await send(
          `/document-templates/${encodeURIComponent(kind)}/${encodeURIComponent(language)}`,
          { method: 'POST', headers: { 'Content-Type': DOCX_CONTENT_TYPE }, body: file },
          { filename: file.name },
        ),
        templateVersionSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.templates }),
  });
}

/** Make a version the active one, or stop using it (back to our standard template). */
export function useSetTemplateActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, active }: { templateId: string; active: boolean }) =>
      apiFetch(templatePath(templateId), {
        method: 'PATCH',
        body: { active },
        schema: templateVersionSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.templates }),
  });
}

export function useDeleteTemplateVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => apiFetch(templatePath(templateId), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.templates }),
  });
}

/** `PATCH /document-settings`: the workspace's document language. */
export function useUpdateDocumentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: DocumentLanguage) =>
      apiFetch('/document-settings', {
        method: 'PATCH',
        body: { language },
        schema: documentSettingsSchema,
      }),
    onSuccess: (settings) => {
      queryClient.setQueryData(keys.settings, settings);
      return queryClient.invalidateQueries({ queryKey: keys.templates });
    },
  });
}

// ------------------------------------------------------------------------------------ files

/** The files a person downloads from these screens, as paths below `/api/v1`. */
export const filePaths = {
  document: (companyId: string, documentId: string) =>
    `${documentPath(companyId, documentId)}/file`,
  signedCopy: (companyId: string, documentId: string) =>
    `${documentPath(companyId, documentId)}/signed-copy`,
  jobZip: (companyId: string, jobId: string) => `${jobPath(companyId, jobId)}/file`,
  standardTemplate: (kind: DocumentKind, language: DocumentLanguage) =>
    `/document-templates/${encodeURIComponent(kind)}/${encodeURIComponent(language)}/standard`,
  templateVersion: (templateId: string) => `${templatePath(templateId)}/file`,
};

/** A file to download: its path below `/api/v1` and the name to save it as when the answer names none. */
export type FileRequest = { path: string; fallbackName: string };

/**
 * Downloads a file as the exports do (`saveBlob`): fetched rather than linked, so a refusal shows
 * as a toast with the server's message instead of a page of JSON, and a 401 reaches the query
 * client's sign-out handling (a mutation). The server's `Content-Disposition` names the file.
 */
export function useFileDownload() {
  return useMutation({
    mutationFn: async ({ path, fallbackName }: FileRequest) => {
      const response = await send(path, { headers: { Accept: '*/*' } });
      if (!response.ok) throw await responseError(response);
      const blob = await response.blob();
      const disposition = response.headers.get('content-disposition') ?? '';
      saveBlob(blob, attachmentName(disposition) ?? fallbackName);
    },
  });
}
