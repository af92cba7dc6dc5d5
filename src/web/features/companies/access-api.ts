import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  clientAccessSchema,
  type ClientAccess,
  type ClientAccessUpdateInput,
} from '../../../contracts/client-access';
import { apiFetch } from '../../lib/api';
import { companyScopedKey, invalidateCompany, invalidateCompanyLists } from './api';

/** `GET /company/{companyId}/access` (owners and admins): the setting and who can see it. */
export function clientAccessQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: companyScopedKey(companyId, 'access'),
    queryFn: ({ signal }) =>
      apiFetch(`/company/${companyId}/access`, { signal, schema: clientAccessSchema }),
  });
}

/** Saves the company's client access; the company, its lists and the practice view follow. */
export function useSetClientAccess(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientAccessUpdateInput) =>
      apiFetch(`/company/${companyId}/access`, {
        method: 'PUT',
        body,
        schema: clientAccessSchema,
      }),
    onSuccess: async (saved: ClientAccess) => {
      queryClient.setQueryData(clientAccessQueryOptions(companyId).queryKey, saved);
      await Promise.all([
        invalidateCompany(queryClient, companyId),
        invalidateCompanyLists(queryClient),
      ]);
    },
  });
}
