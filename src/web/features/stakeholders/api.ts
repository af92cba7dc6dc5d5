import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  listResponse,
  stakeholderSchema,
  type Stakeholder,
  type StakeholderCreate,
} from '../../../contracts/equity';
import { apiFetch } from '../../lib/api';
import { companyScopedKey, invalidateCompany } from '../companies/api';
import type { StakeholdersSearch } from './search';

/**
 * Queries and writes of the Stakeholders tab (issue 4). Every write refetches everything under
 * the company (`invalidateCompany`): key figures, the cap table's selects and the activity list
 * read the same rows.
 */

const collection = (companyId: string) => `/company/${encodeURIComponent(companyId)}/stakeholders`;
const single = (companyId: string, stakeholderId: string) =>
  `${collection(companyId)}/${encodeURIComponent(stakeholderId)}`;

const stakeholderList = listResponse(stakeholderSchema);

// This tab's keys, under the company's (so deleting the company forgets them) and in a namespace
// of their own (the other tabs keep their own keys and shapes).
/** What the API filters by; order and page are the table's, in the browser. */
type StakeholderFilter = 'q' | 'relationship' | 'status';

const keys = {
  lists: (companyId: string) => companyScopedKey(companyId, 'stakeholders-tab', 'list'),
  list: (companyId: string, filters: Record<StakeholderFilter, string>) =>
    [...keys.lists(companyId), filters] as const,
};

/** `GET …/stakeholders?q=&relationship=&status=`, sorted by name by the server. */
export function stakeholdersQueryOptions(
  companyId: string,
  search: Pick<StakeholdersSearch, StakeholderFilter>,
) {
  const filters = {
    q: search.q ?? '',
    relationship: search.relationship ?? '',
    status: search.status ?? '',
  };
  return queryOptions({
    queryKey: keys.list(companyId, filters),
    queryFn: ({ signal }) =>
      apiFetch(collection(companyId), { signal, query: filters, schema: stakeholderList }),
    select: (data) => data.items,
  });
}

export function useCreateStakeholder(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StakeholderCreate) =>
      apiFetch(collection(companyId), { method: 'POST', body: input, schema: stakeholderSchema }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

export function useUpdateStakeholder(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Partial<StakeholderCreate> }) =>
      apiFetch(single(companyId, id), {
        method: 'PATCH',
        body: changes,
        schema: stakeholderSchema,
      }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

export function useDeleteStakeholder(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stakeholder: Pick<Stakeholder, 'id'>) =>
      apiFetch(single(companyId, stakeholder.id), { method: 'DELETE' }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}
