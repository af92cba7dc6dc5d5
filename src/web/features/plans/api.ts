import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  listResponse,
  planSchema,
  poolAdjustmentSchema,
  shareClassSchema,
  stakeholderSchema,
  type PlanCreateInput,
  type PoolAdjustmentCreate,
} from '../../../contracts/equity';
import { apiFetch } from '../../lib/api';
import { companyScopedKey, invalidateCompany } from '../companies/api';

/**
 * Queries and writes of the Plans tab (issue 4): the company's equity plans with today's pool
 * figures, each plan's pool adjustments, and what the plan form picks from (share classes and
 * STAKs). Every write refetches everything under the company (`invalidateCompany`): the cap
 * table, key figures and activity derive from the same rows.
 */

const base = (companyId: string) => `/company/${encodeURIComponent(companyId)}`;
const planPath = (companyId: string, planId: string) =>
  `${base(companyId)}/plans/${encodeURIComponent(planId)}`;

// Keys of this tab, under the company's key (deleting the company forgets them) and in a
// namespace of their own: other tabs keep their own keys and `select` shapes for the same URLs.
// A plan's key is the prefix of its adjustments' key, so forgetting a plan forgets both.
const keys = {
  plans: (companyId: string) => companyScopedKey(companyId, 'plans-tab', 'plans'),
  plan: (companyId: string, planId: string) =>
    companyScopedKey(companyId, 'plans-tab', 'plans', planId),
  adjustments: (companyId: string, planId: string) =>
    companyScopedKey(companyId, 'plans-tab', 'plans', planId, 'pool-adjustments'),
  shareClasses: (companyId: string) => companyScopedKey(companyId, 'plans-tab', 'share-classes'),
  staks: (companyId: string) => companyScopedKey(companyId, 'plans-tab', 'staks'),
};

const planList = listResponse(planSchema);
const adjustmentList = listResponse(poolAdjustmentSchema);
const shareClassList = listResponse(shareClassSchema);
const stakeholderList = listResponse(stakeholderSchema);

/** The company's plans (sorted by name by the server) with today's pool figures. */
export function plansQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: keys.plans(companyId),
    queryFn: ({ signal }) => apiFetch(`${base(companyId)}/plans`, { signal, schema: planList }),
    select: (data) => data.items,
  });
}

export function planQueryOptions(companyId: string, planId: string) {
  return queryOptions({
    queryKey: keys.plan(companyId, planId),
    queryFn: ({ signal }) => apiFetch(planPath(companyId, planId), { signal, schema: planSchema }),
  });
}

/** A plan's pool adjustments in pool order (date, then order of entry). */
export function poolAdjustmentsQueryOptions(companyId: string, planId: string) {
  return queryOptions({
    queryKey: keys.adjustments(companyId, planId),
    queryFn: ({ signal }) =>
      apiFetch(`${planPath(companyId, planId)}/pool-adjustments`, {
        signal,
        schema: adjustmentList,
      }),
    select: (data) => data.items,
  });
}

/** Share classes a share-settled plan can draw on (managed on the Cap table tab). */
export function shareClassesQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: keys.shareClasses(companyId),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/share-classes`, { signal, schema: shareClassList }),
    select: (data) => data.items,
  });
}

/** Stakeholders with relationship "stak": who can issue the receipts of a receipt plan. */
export function staksQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: keys.staks(companyId),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/stakeholders`, {
        signal,
        query: { relationship: 'stak' },
        schema: stakeholderList,
      }),
    select: (data) => [...data.items].sort((a, b) => a.name.localeCompare(b.name)),
  });
}

/** Starts every request of the list at once (the route's loader); sections read them as they land. */
export function prefetchPlansTab(queryClient: QueryClient, companyId: string) {
  void queryClient.prefetchQuery(plansQueryOptions(companyId));
  void queryClient.prefetchQuery(shareClassesQueryOptions(companyId));
  void queryClient.prefetchQuery(staksQueryOptions(companyId));
}

/** The plan form's output as the API takes it, default vesting template included. */
export type PlanBody = PlanCreateInput;

/** Create (no id) or update (id: PATCH with the whole form; the server records what changed). */
export function useSavePlan(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: PlanBody }) =>
      apiFetch(id ? planPath(companyId, id) : `${base(companyId)}/plans`, {
        method: id ? 'PATCH' : 'POST',
        body,
        schema: planSchema,
      }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

/**
 * Deletes a plan (and, on the server, its adjustments). The cache is not touched here: a page
 * still showing the plan would refetch it and 404. Call `forgetPlan` once nothing shows it.
 */
export function useDeletePlan(companyId: string) {
  return useMutation({
    mutationFn: (planId: string) => apiFetch(planPath(companyId, planId), { method: 'DELETE' }),
  });
}

/** After a deleted plan has left the screen: drop its entries and refetch the company's data. */
export function forgetPlan(queryClient: QueryClient, companyId: string, planId: string) {
  queryClient.removeQueries({ queryKey: keys.plan(companyId, planId) });
  return invalidateCompany(queryClient, companyId);
}

export function useSavePoolAdjustment(companyId: string, planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: PoolAdjustmentCreate }) =>
      apiFetch(
        id
          ? `${planPath(companyId, planId)}/pool-adjustments/${encodeURIComponent(id)}`
          : `${planPath(companyId, planId)}/pool-adjustments`,
        { method: id ? 'PATCH' : 'POST', body, schema: poolAdjustmentSchema },
      ),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

export function useDeletePoolAdjustment(companyId: string, planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`${planPath(companyId, planId)}/pool-adjustments/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}
