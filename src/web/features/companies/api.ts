import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { auditListResponseSchema } from '../../../contracts/audit';
import {
  companyListResponseSchema,
  companySchema,
  type Company,
  type CompanyCreate,
  type CompanyUpdateInput,
} from '../../../contracts/company';
import { apiFetch } from '../../lib/api';
import { DEFAULT_COMPANY_SORT, DEFAULT_SORT_ORDER, type CompaniesSearch } from './search';

/** Rows per "page" of the companies table. */
export const COMPANY_PAGE_SIZE = 25;

// The key hierarchy lives here only; components get keys through the *QueryOptions helpers.
const companyKeys = {
  all: ['companies'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (search: Required<Pick<CompaniesSearch, 'sort' | 'order'>> & { q: string }) =>
    [...companyKeys.lists(), search] as const,
  detail: (companyId: string) => [...companyKeys.all, 'detail', companyId] as const,
  activity: (companyId: string) => [...companyKeys.detail(companyId), 'activity'] as const,
};

/** Refetches the companies lists (a company was added elsewhere, e.g. by an OCF import). */
export function invalidateCompanyLists(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: companyKeys.lists() });
}

/**
 * Query key of data that belongs to one company (stakeholders, register, plans, cap table…):
 * nested under the company's detail key, so deleting the company forgets all of it.
 */
export function companyScopedKey(companyId: string, ...parts: readonly unknown[]) {
  return [...companyKeys.detail(companyId), ...parts] as const;
}

/**
 * Workspace-wide lists derived from every company's rows (the practice view `/upcoming` and its
 * valuation alerts): keyed outside any one company, so a company write marks them stale too.
 */
export const WORKSPACE_DERIVED_KEYS = [['upcoming'], ['valuation-alerts']] as const;

/**
 * After any write to a company's equity structure: refetch everything under the company (the
 * cap table, key figures, lists and activity all derive from the same rows) and mark the
 * workspace-wide practice view stale (refetched when next shown).
 */
export function invalidateCompany(
  queryClient: ReturnType<typeof useQueryClient>,
  companyId: string,
) {
  for (const queryKey of WORKSPACE_DERIVED_KEYS)
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  return queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) });
}

/** Keyset-paginated list for the companies table: pass `nextCursor` back as `cursor`. */
export function companiesInfiniteQueryOptions(search: CompaniesSearch) {
  const params = {
    q: search.q ?? '',
    sort: search.sort ?? DEFAULT_COMPANY_SORT,
    order: search.order ?? DEFAULT_SORT_ORDER,
  };
  return infiniteQueryOptions({
    queryKey: companyKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      apiFetch('/company', {
        signal,
        schema: companyListResponseSchema,
        query: { ...params, limit: COMPANY_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function companyQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: companyKeys.detail(companyId),
    queryFn: ({ signal }) =>
      apiFetch(`/company/${encodeURIComponent(companyId)}`, { signal, schema: companySchema }),
  });
}

/** Audit events of one company, newest first. */
export function companyActivityQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: companyKeys.activity(companyId),
    queryFn: ({ signal }) =>
      apiFetch(`/company/${encodeURIComponent(companyId)}/activity`, {
        signal,
        schema: auditListResponseSchema,
      }),
  });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyCreate) =>
      apiFetch('/company', { method: 'POST', body: input, schema: companySchema }),
    onSuccess: async (company) => {
      queryClient.setQueryData(companyQueryOptions(company.id).queryKey, company);
      await queryClient.invalidateQueries({ queryKey: companyKeys.lists() });
    },
  });
}

export function useUpdateCompany(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: CompanyUpdateInput) =>
      apiFetch(`/company/${encodeURIComponent(companyId)}`, {
        method: 'PATCH',
        body: changes,
        schema: companySchema,
      }),
    onSuccess: async (company: Company) => {
      queryClient.setQueryData(companyQueryOptions(company.id).queryKey, company);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: companyKeys.activity(company.id) }),
      ]);
    },
  });
}

/**
 * Deletes one company. The detail entry is not removed here: the page showing it is still
 * mounted and would refetch (and 404). The caller navigates away first, then calls
 * `removeQueries` with `companyQueryOptions(id).queryKey`.
 */
export function useDeleteCompany(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/company/${encodeURIComponent(companyId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
  });
}
