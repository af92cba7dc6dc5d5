import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { listResponse, planSchema, stakeholderSchema } from '../../../contracts/equity';
import {
  grantDetailSchema,
  grantListResponseSchema,
  grantSchema,
  type GrantCreate,
} from '../../../contracts/vesting';
import { apiFetch } from '../../lib/api';
import { companyScopedKey, invalidateCompany } from '../companies/api';
import { upcomingQueryOptions } from '../upcoming/api';
import { vestingTemplatesQueryOptions } from '../vesting/api';
import type { GrantsSearch } from './search';

/**
 * Queries and writes of the Grants tab and the grant page (issue 5). Every write refetches
 * everything under the company (`invalidateCompany`): pools, the cap table, key figures and the
 * activity derive from the same rows.
 */

const base = (companyId: string) => `/company/${encodeURIComponent(companyId)}`;
const grantPath = (companyId: string, grantId: string) =>
  `${base(companyId)}/grants/${encodeURIComponent(grantId)}`;

const keys = {
  lists: (companyId: string) => companyScopedKey(companyId, 'grants-tab', 'list'),
  list: (companyId: string, filters: { planId: string; status: string }) =>
    [...keys.lists(companyId), filters] as const,
  grant: (companyId: string, grantId: string) =>
    companyScopedKey(companyId, 'grants-tab', 'grant', grantId),
  plans: (companyId: string) => companyScopedKey(companyId, 'grants-tab', 'plans'),
  stakeholders: (companyId: string) => companyScopedKey(companyId, 'grants-tab', 'stakeholders'),
};

const planList = listResponse(planSchema);
const stakeholderList = listResponse(stakeholderSchema);

/**
 * `GET …/grants?planId=&status=`: the grants (`items`) and the company's change of control, which
 * the chart gives the engine. The page number is not part of the key: the table pages in the
 * browser.
 */
export function grantsQueryOptions(
  companyId: string,
  search: Pick<GrantsSearch, 'planId' | 'status'> = {},
) {
  const filters = { planId: search.planId ?? '', status: search.status ?? '' };
  return queryOptions({
    queryKey: keys.list(companyId, filters),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/grants`, {
        signal,
        query: filters,
        schema: grantListResponseSchema,
      }),
  });
}

/** One grant with its installments, forfeitures and exercises. */
export function grantQueryOptions(companyId: string, grantId: string) {
  return queryOptions({
    queryKey: keys.grant(companyId, grantId),
    queryFn: ({ signal }) =>
      apiFetch(grantPath(companyId, grantId), { signal, schema: grantDetailSchema }),
  });
}

/** The company's plans (grants are made under one; its policy drives the schedule). */
export function grantPlansQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: keys.plans(companyId),
    queryFn: ({ signal }) => apiFetch(`${base(companyId)}/plans`, { signal, schema: planList }),
    select: (data) => data.items,
  });
}

/** Who can receive a grant: the company's stakeholders, by name. */
export function grantStakeholdersQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: keys.stakeholders(companyId),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/stakeholders`, { signal, schema: stakeholderList }),
    select: (data) => [...data.items].sort((a, b) => a.name.localeCompare(b.name)),
  });
}

/** Starts every request of the tab at once (the route's loader). */
export function prefetchGrantsTab(
  queryClient: QueryClient,
  companyId: string,
  search: GrantsSearch,
) {
  void queryClient.prefetchQuery(grantsQueryOptions(companyId, search));
  void queryClient.prefetchQuery(grantsQueryOptions(companyId));
  void queryClient.prefetchQuery(grantPlansQueryOptions(companyId));
  // The tab's "Next 90 days" lists every installment of the company (the practice view does not).
  void queryClient.prefetchQuery(upcomingQueryOptions({ companyId, days: 90, installments: true }));
}

/** What the grant form's dialog reads. */
export function prefetchGrantForm(queryClient: QueryClient, companyId: string) {
  void queryClient.prefetchQuery(grantPlansQueryOptions(companyId));
  void queryClient.prefetchQuery(grantStakeholdersQueryOptions(companyId));
  void queryClient.prefetchQuery(vestingTemplatesQueryOptions());
}

/** Create (no id) or update (id: PATCH with the whole form). */
export function useSaveGrant(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: GrantCreate }) =>
      apiFetch(id ? grantPath(companyId, id) : `${base(companyId)}/grants`, {
        method: id ? 'PATCH' : 'POST',
        body,
        schema: grantSchema,
      }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

/** Delete a grant; the caller navigates away first, then calls `forgetGrant`. */
export function useDeleteGrant(companyId: string) {
  return useMutation({
    mutationFn: (grantId: string) => apiFetch(grantPath(companyId, grantId), { method: 'DELETE' }),
  });
}

export function forgetGrant(queryClient: QueryClient, companyId: string, grantId: string) {
  queryClient.removeQueries({ queryKey: keys.grant(companyId, grantId) });
  return invalidateCompany(queryClient, companyId);
}

export type GrantAction =
  | { kind: 'achievement'; milestoneId: string; body: { date: string } }
  | {
      kind: 'termination';
      body: { date: string; leaverType: 'good' | 'bad'; reason: string | null };
    }
  | { kind: 'exercise'; body: { date: string; quantity: number } }
  | { kind: 'cancellation'; body: { date: string; reason: string | null } }
  | { kind: 'pause'; body: { start: string; end: string } };

function actionPath(companyId: string, grantId: string, action: GrantAction): string {
  const path = grantPath(companyId, grantId);
  switch (action.kind) {
    case 'achievement':
      return `${path}/milestones/${encodeURIComponent(action.milestoneId)}/achievement`;
    case 'termination':
      return `${path}/termination`;
    case 'exercise':
      return `${path}/exercises`;
    case 'cancellation':
      return `${path}/cancellation`;
    case 'pause':
      return `${path}/pauses`;
  }
}

/**
 * Milestone achievement, termination, exercise, cancellation, leave of absence: each a POST under
 * the grant.
 */
export function useGrantAction(companyId: string, grantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: GrantAction) =>
      apiFetch(actionPath(companyId, grantId, action), { method: 'POST', body: action.body }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

/** Removes a leave of absence recorded by mistake (named by its first day). */
export function useRemovePause(companyId: string, grantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (start: string) =>
      apiFetch(`${grantPath(companyId, grantId)}/pauses/${encodeURIComponent(start)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}
