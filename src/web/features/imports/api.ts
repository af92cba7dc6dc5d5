import { queryOptions } from '@tanstack/react-query';
import { importJobSchema, type ImportJob, type ImportKind } from '../../../contracts/imports';
import { ApiError, apiFetch, apiUrl } from '../../lib/api';
import { activeLanguage, t } from '../../lib/i18n';
import { companyScopedKey } from '../companies/api';

/**
 * The spreadsheet import wizard's requests (issue 13): the dry run (multipart upload), the
 * commit and the job, polled while its commit runs.
 */

const base = (companyId: string) => `/company/${encodeURIComponent(companyId)}/imports`;

/** While a commit runs, the job is asked for again this often. */
export const POLL_MS = 500;

export function importQueryOptions(companyId: string, importId: string) {
  return queryOptions({
    queryKey: companyScopedKey(companyId, 'imports', importId),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/${encodeURIComponent(importId)}`, {
        signal,
        schema: importJobSchema,
      }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  });
}

/** Where the template of a kind downloads from, its headers in the app's language. */
export function templateUrl(companyId: string, kind: ImportKind): string {
  return apiUrl(`/api/v1${base(companyId)}/template`, { kind });
}

/** `POST …/imports`: the dry run of a file (with the chosen sheet and mapping, if any). */
export async function dryRun(
  companyId: string,
  input: { file: File; kind: ImportKind; sheet?: string; mapping?: Record<string, string | null> },
): Promise<ImportJob> {
  const form = new FormData();
  form.set('file', input.file);
  form.set('kind', input.kind);
  if (input.sheet) form.set('sheet', input.sheet);
  if (input.mapping) form.set('mapping', JSON.stringify(input.mapping));
  let response: Response;
  try {
    response = await fetch(apiUrl(`/api/v1${base(companyId)}`), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Accept-Language': activeLanguage() },
      body: form,
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: t('errors.client.network') });
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError({
      status: response.status,
      code: error?.code ?? `HTTP_${response.status}`,
      message: error?.message ?? t('errors.client.requestFailed'),
    });
  }
  return importJobSchema.parse(body);
}

/** `POST …/imports/{id}/commit`: starts the commit; the job is then polled. */
export function commitImport(companyId: string, importId: string): Promise<ImportJob> {
  return apiFetch(`${base(companyId)}/${encodeURIComponent(importId)}/commit`, {
    method: 'POST',
    schema: importJobSchema,
  });
}

/** The import a person left running on this company, kept so that they can come back to it. */
const storageKey = (companyId: string) => `esop-crm.import.${companyId}`;
export const lastImport = {
  get: (companyId: string): string | null => {
    try {
      return localStorage.getItem(storageKey(companyId));
    } catch {
      return null;
    }
  },
  set: (companyId: string, importId: string | null) => {
    try {
      if (importId) localStorage.setItem(storageKey(companyId), importId);
      else localStorage.removeItem(storageKey(companyId));
    } catch {
      // Storage may be off (private mode): the wizard simply starts afresh.
    }
  },
};
