import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  capTableSchema,
  listResponse,
  receiptSchema,
  shareClassSchema,
  shareEventSchema,
  stakeholderSchema,
  type ReceiptCreate,
  type ShareClassCreate,
  type ShareEventCreate,
} from '../../../contracts/equity';
import { apiFetch } from '../../lib/api';
import { companyScopedKey, invalidateCompany } from '../companies/api';

/**
 * Queries and writes of the Cap table tab (issue 4): the cap table as of a date, share classes,
 * the shareholders' register and the depositary receipts. Every write refetches everything under
 * the company (`invalidateCompany`): the cap table, key figures and lists derive from the same rows.
 */

const base = (companyId: string) => `/company/${encodeURIComponent(companyId)}`;

// Keys of this tab, under the company's key (so deleting the company forgets them) and in a
// namespace of their own (the Stakeholders and Plans tabs keep their own keys and shapes).
const keys = {
  capTable: (companyId: string, asOf: string) =>
    companyScopedKey(companyId, 'cap-table-tab', 'cap-table', asOf),
  list: (companyId: string, resource: string) =>
    companyScopedKey(companyId, 'cap-table-tab', resource),
};

const shareClassList = listResponse(shareClassSchema);
const shareEventList = listResponse(shareEventSchema);
const receiptList = listResponse(receiptSchema);
const stakeholderList = listResponse(stakeholderSchema);

/** `GET …/cap-table?asOf=`: one row per holder, the pools, the groups and the totals. */
export function capTableQueryOptions(companyId: string, asOf: string) {
  return queryOptions({
    queryKey: keys.capTable(companyId, asOf),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/cap-table`, { signal, query: { asOf }, schema: capTableSchema }),
  });
}

export function shareClassesQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: keys.list(companyId, 'share-classes'),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/share-classes`, { signal, schema: shareClassList }),
    select: (data) => data.items,
  });
}

/** The register's events in ledger order (date, then order of entry). */
export function shareEventsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: keys.list(companyId, 'share-events'),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/share-events`, { signal, schema: shareEventList }),
    select: (data) => data.items,
  });
}

export function receiptsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: keys.list(companyId, 'receipts'),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/receipts`, { signal, schema: receiptList }),
    select: (data) => data.items,
  });
}

/** Everyone the selects of the register and receipt forms may name, sorted by name. */
export function stakeholdersQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: keys.list(companyId, 'stakeholders'),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/stakeholders`, { signal, schema: stakeholderList }),
    select: (data) => [...data.items].sort((a, b) => a.name.localeCompare(b.name)),
  });
}

/** Starts every request of the tab at once (the route's loader); sections read them as they land. */
export function prefetchCapTableTab(queryClient: QueryClient, companyId: string, asOf: string) {
  void queryClient.prefetchQuery(capTableQueryOptions(companyId, asOf));
  void queryClient.prefetchQuery(shareClassesQueryOptions(companyId));
  void queryClient.prefetchQuery(shareEventsQueryOptions(companyId));
  void queryClient.prefetchQuery(receiptsQueryOptions(companyId));
  void queryClient.prefetchQuery(stakeholdersQueryOptions(companyId));
}

/** Create (no id) or update (id: PATCH with the whole form) one row of a company collection. */
function useSave<TBody, TItem>(companyId: string, collection: string, schema: z.ZodType<TItem>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: TBody }) =>
      apiFetch(
        id
          ? `${base(companyId)}/${collection}/${encodeURIComponent(id)}`
          : `${base(companyId)}/${collection}`,
        { method: id ? 'PATCH' : 'POST', body, schema },
      ),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

function useRemove(companyId: string, collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`${base(companyId)}/${collection}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

export const useSaveShareClass = (companyId: string) =>
  useSave<ShareClassCreate, z.infer<typeof shareClassSchema>>(
    companyId,
    'share-classes',
    shareClassSchema,
  );
export const useDeleteShareClass = (companyId: string) => useRemove(companyId, 'share-classes');

export const useSaveShareEvent = (companyId: string) =>
  useSave<ShareEventCreate, z.infer<typeof shareEventSchema>>(
    companyId,
    'share-events',
    shareEventSchema,
  );
export const useDeleteShareEvent = (companyId: string) => useRemove(companyId, 'share-events');

export const useSaveReceipt = (companyId: string) =>
  useSave<ReceiptCreate, z.infer<typeof receiptSchema>>(companyId, 'receipts', receiptSchema);
export const useDeleteReceipt = (companyId: string) => useRemove(companyId, 'receipts');
