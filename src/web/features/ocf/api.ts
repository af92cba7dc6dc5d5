import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ocfImportResultSchema, type OcfImportResult } from '../../../contracts/ocf';
import { ApiError, apiUrl } from '../../lib/api';
import { attachmentName } from '../../lib/content-disposition';
import { activeLanguage, t } from '../../lib/i18n';
import { exportError, saveBlob } from '../exports/api';
import { invalidateCompanyLists } from '../companies/api';

/**
 * The Open Cap Format (issue 13, decision 024): download a company's package, import one as a
 * new company. Fetched (not plain links or forms) so that a refusal shows as a toast with the
 * server's message; mutations so that a 401 reaches the query client's sign-out handling.
 */

const networkError = () =>
  new ApiError({ status: 0, code: 'NETWORK_ERROR', message: t('errors.client.network') });

/** Downloads `GET /company/{id}/ocf` as `<company>.ocf.zip`. */
export function useExportOcf(companyId: string) {
  return useMutation({
    mutationFn: async () => {
      let response: Response;
      try {
        response = await fetch(apiUrl(`/api/v1/company/${encodeURIComponent(companyId)}/ocf`), {
          credentials: 'include',
          headers: { Accept: 'application/zip', 'Accept-Language': activeLanguage() },
        });
      } catch {
        throw networkError();
      }
      if (!response.ok) throw await exportError(response);
      const disposition = response.headers.get('content-disposition') ?? '';
      saveBlob(await response.blob(), attachmentName(disposition) ?? 'company.ocf.zip');
    },
  });
}

/** Sends a package to `POST /ocf-imports`; the answer names the new company and the report. */
export function useImportOcf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<OcfImportResult> => {
      let response: Response;
      try {
        response = await fetch(apiUrl('/api/v1/ocf-imports'), {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/zip', 'Accept-Language': activeLanguage() },
          body: file,
        });
      } catch {
        throw networkError();
      }
      if (!response.ok) throw await exportError(response);
      return ocfImportResultSchema.parse(await response.json());
    },
    onSuccess: () => invalidateCompanyLists(queryClient),
  });
}

/**
 * An import's report, kept in memory until the new company's page is dismissed (a reload no
 * longer shows it: the report is the import's answer, not stored).
 */
const reports = new Map<string, OcfImportResult['report']>();
export function keepImportReport(result: OcfImportResult) {
  reports.set(result.companyId, result.report);
}
export function importReportOf(companyId: string): OcfImportResult['report'] | undefined {
  return reports.get(companyId);
}
export function forgetImportReport(companyId: string) {
  reports.delete(companyId);
}
