import { queryOptions } from '@tanstack/react-query';
import { valuationAlertsSchema } from '../../../contracts/valuation';
import { upcomingResponseSchema } from '../../../contracts/vesting';
import { apiFetch } from '../../lib/api';
import { companyScopedKey } from '../companies/api';

/**
 * `GET /api/v1/upcoming`: what falls due in the next `days` days, soonest first, computed by the
 * server (change of control included); routine installments only with `installments` (issue 12).
 * For one company the key sits under the company's, so any write to the company
 * (`invalidateCompany`) refetches it; the workspace-wide list has its own. Types are filtered in
 * the browser (the chips show counts), so they are not part of the request.
 */
export function upcomingQueryOptions({
  days,
  companyId,
  installments = false,
}: {
  days: number;
  companyId?: string;
  installments?: boolean;
}) {
  const params = { days, installments };
  return queryOptions({
    queryKey: companyId
      ? companyScopedKey(companyId, 'upcoming', params)
      : (['upcoming', params] as const),
    queryFn: ({ signal }) =>
      apiFetch('/upcoming', {
        signal,
        query: { days, companyId, installments: installments ? 'true' : undefined },
        schema: upcomingResponseSchema,
      }),
  });
}

/**
 * `GET /api/v1/valuation-alerts`: client companies whose valuation is expired, stale or expiring
 * within 60 days, and those with grants but no valuation in force, most urgent first (issue 6).
 */
export function valuationAlertsQueryOptions() {
  return queryOptions({
    queryKey: ['valuation-alerts'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/valuation-alerts', { signal, schema: valuationAlertsSchema }),
  });
}
