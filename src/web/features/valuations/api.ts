import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  valuationListSchema,
  valuationMetricsSchema,
  valuationSchema,
  type Valuation,
  type ValuationCreate,
} from '../../../contracts/valuation';
import { ApiError, apiFetch, apiUrl } from '../../lib/api';
import { t } from '../../lib/i18n';
import { companyScopedKey, invalidateCompany } from '../companies/api';

/**
 * Queries and writes of the Valuations tab (issue 6). Every write refetches everything under the
 * company (`invalidateCompany`): the metrics, the grant flags and the activity derive from them.
 */

const base = (companyId: string) => `/company/${encodeURIComponent(companyId)}`;
const valuationPath = (companyId: string, valuationId: string) =>
  `${base(companyId)}/valuations/${encodeURIComponent(valuationId)}`;

const keys = {
  list: (companyId: string) => companyScopedKey(companyId, 'valuations', 'list'),
  metrics: (companyId: string) => companyScopedKey(companyId, 'valuations', 'metrics'),
};

/** `GET …/valuations`: the history, oldest first, with statuses as of today. */
export function valuationsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: keys.list(companyId),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/valuations`, { signal, schema: valuationListSchema }),
  });
}

/** `GET …/valuation-metrics` as of today (one request per page, shared by every grant row). */
export function valuationMetricsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: keys.metrics(companyId),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/valuation-metrics`, { signal, schema: valuationMetricsSchema }),
  });
}

/** Starts every request of the tab at once (the route's loader). */
export function prefetchValuationsTab(queryClient: QueryClient, companyId: string) {
  void queryClient.prefetchQuery(valuationsQueryOptions(companyId));
  void queryClient.prefetchQuery(valuationMetricsQueryOptions(companyId));
}

/** Where the report downloads from (the session cookie goes with the link). */
export function reportUrl(companyId: string, valuationId: string): string {
  return apiUrl(`/api/v1${valuationPath(companyId, valuationId)}/report`);
}

/** Create (no id) or update (id: PATCH with the whole form). */
export function useSaveValuation(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: ValuationCreate }) =>
      apiFetch(id ? valuationPath(companyId, id) : `${base(companyId)}/valuations`, {
        method: id ? 'PATCH' : 'POST',
        body,
        schema: valuationSchema,
      }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

export function useDeleteValuation(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (valuationId: string) =>
      apiFetch(valuationPath(companyId, valuationId), { method: 'DELETE' }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

/** The API's error body, read by hand (the raw upload does not go through `apiFetch`). */
async function uploadError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's 413 page, say): the status tells the story.
  }
  const error =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body.error as { code?: unknown; message?: unknown; fields?: unknown })
      : null;
  if (error && typeof error.code === 'string' && typeof error.message === 'string')
    return new ApiError({
      status: response.status,
      code: error.code,
      message: error.message,
      fields:
        typeof error.fields === 'object' && error.fields !== null
          ? (error.fields as Record<string, string>)
          : undefined,
    });
  return new ApiError({
    status: response.status,
    code: response.status === 413 ? 'PAYLOAD_TOO_LARGE' : `HTTP_${response.status}`,
    message:
      response.status === 413
        ? t('errors.report.tooLarge')
        : response.statusText || 'Uploading the report failed',
  });
}

/** `PUT …/report` with the PDF as the body; the file keeps its name. */
export async function uploadReport(
  companyId: string,
  valuationId: string,
  file: File,
): Promise<Valuation> {
  let response: Response;
  try {
    response = await fetch(
      apiUrl(`/api/v1${valuationPath(companyId, valuationId)}/report`, { filename: file.name }),
      {
        method: 'PUT',
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/pdf' },
        body: file,
      },
    );
  } catch {
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: t('errors.client.network'),
    });
  }
  if (!response.ok) throw await uploadError(response);
  const parsed = valuationSchema.safeParse(await response.json());
  if (!parsed.success)
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: t('errors.client.unexpectedResponse'),
    });
  return parsed.data;
}

export function useUploadReport(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ valuationId, file }: { valuationId: string; file: File }) =>
      uploadReport(companyId, valuationId, file),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

export function useDeleteReport(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (valuationId: string) =>
      apiFetch(`${valuationPath(companyId, valuationId)}/report`, { method: 'DELETE' }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}
