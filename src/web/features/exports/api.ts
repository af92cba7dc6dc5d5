import { useMutation } from '@tanstack/react-query';
import type { ExportFormat } from '../../../contracts/exports';
import { ApiError, apiUrl } from '../../lib/api';
import { attachmentName } from '../../lib/content-disposition';
import { activeLanguage, t } from '../../lib/i18n';

/** What an export menu downloads: the route below `/api/v1`, its query, a name to fall back on. */
export interface ExportRequest {
  /** e.g. `/company/<id>/cap-table/export`. */
  path: string;
  query?: Record<string, string | undefined>;
  /** The file name when the answer names none (it always does): without the extension. */
  fallbackName: string;
}

const ACCEPT: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Downloads an export (issue 13) as a file. Fetched (not a plain link) so that a refusal shows
 * as a toast with the server's message instead of a page of JSON; a mutation so that a 401
 * reaches the query client's sign-out handling.
 */
export function useExportDownload(request: ExportRequest) {
  return useMutation({
    mutationFn: async (format: ExportFormat) => {
      let response: Response;
      try {
        response = await fetch(apiUrl(`/api/v1${request.path}`, { ...request.query, format }), {
          credentials: 'include',
          // Headers, separators and file name in the language the app is shown in (issue 12).
          headers: { Accept: ACCEPT[format], 'Accept-Language': activeLanguage() },
        });
      } catch {
        throw new ApiError({
          status: 0,
          code: 'NETWORK_ERROR',
          message: t('errors.client.network'),
        });
      }
      if (!response.ok) throw await exportError(response);
      const blob = await response.blob();
      const disposition = response.headers.get('content-disposition') ?? '';
      saveBlob(blob, attachmentName(disposition) ?? `${request.fallbackName}.${format}`);
    },
  });
}

/** The server's refusal of a download as an ApiError (its message is the toast's). */
export async function exportError(response: Response): Promise<ApiError> {
  let error: { code?: unknown; message?: unknown } | undefined;
  try {
    error = ((await response.json()) as { error?: typeof error }).error;
  } catch {
    // Not JSON: the status tells the story.
  }
  return new ApiError({
    status: response.status,
    code: typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`,
    message:
      typeof error?.message === 'string' ? error.message : response.statusText || 'Export failed',
  });
}

/** Hands a fetched file to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click's download started.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
