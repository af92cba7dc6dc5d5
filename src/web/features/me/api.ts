import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { BusinessAction, BusinessResource } from '../../../contracts/access-control';
import type { Me } from '../../../contracts/me';
import { canReadView, type View } from '../../../contracts/views';
import { apiFetch, isApiError } from '../../lib/api';

/**
 * `meResponseSchema` checked by hand: the `_app` layout fetches this before every signed-in page,
 * so it runs in the initial bundle, where the contract's zod schema (and better-auth's access
 * control behind it) would not fit the budget (docs/decisions/005-spa-initial-bundle.md).
 * Unknown actions are kept: `can` only ever asks about known ones.
 */
function asMe(body: unknown): Me | null {
  if (typeof body !== 'object' || body === null) return null;
  const { user, organizationId, role, permissions } = body as Record<string, unknown>;
  if (typeof user !== 'object' || user === null) return null;
  const { id, name } = user as Record<string, unknown>;
  if ((typeof id !== 'string' && id !== null) || typeof name !== 'string') return null;
  if (typeof organizationId !== 'string' || typeof role !== 'string') return null;
  if (typeof permissions !== 'object' || permissions === null) return null;
  const actionLists = Object.values(permissions);
  if (!actionLists.every((a) => Array.isArray(a) && a.every((x) => typeof x === 'string'))) {
    return null;
  }
  return {
    user: { id, name },
    organizationId,
    role,
    permissions: permissions as Me['permissions'],
  };
}

/**
 * `/me` for a signed-in user without an active workspace (they left or deleted their last one,
 * or were removed from it): the server answers 403, and nothing is allowed. Permissions are left
 * empty rather than listed per resource: the list lives in contracts/access-control, which is too
 * heavy for this module (see `asMe`), and `can` treats a missing resource as "no".
 */
export const NO_WORKSPACE: Me = {
  user: { id: null, name: '' },
  organizationId: '',
  role: '',
  permissions: {} as Me['permissions'],
};

/** Whether `/me` names an active workspace (see `NO_WORKSPACE`). */
export function hasWorkspace(me: Me): boolean {
  return me.organizationId !== '';
}

/**
 * `GET /api/v1/me`: the signed-in user's role in the active workspace and what it allows, or
 * `NO_WORKSPACE` (the `_app` layout then sends them to /account/organizations). The key is user
 * data: sign-in, sign-out and a change of user drop it (features/auth/session.ts).
 */
export function meQueryOptions() {
  return queryOptions({
    queryKey: ['me'],
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch('/me', { signal, guard: asMe });
      } catch (error) {
        // 403 is "no workspace you are a member of" (src/server/auth/session.ts); a 401 goes on
        // to the query client's sign-out handling.
        if (isApiError(error) && error.status === 403) return NO_WORKSPACE;
        throw error;
      }
    },
  });
}

/** Whether the role allows `action` on `resource`. The server checks again on every call. */
export function can(me: Me, resource: BusinessResource, action: BusinessAction): boolean {
  return me.permissions[resource]?.includes(action) ?? false;
}

/**
 * `can` for the signed-in user, to hide or disable what their role lacks (issue 3). The `_app`
 * layout has loaded `/me` before any page renders, so this does not suspend.
 */
export function useCan(resource: BusinessResource, action: BusinessAction): boolean {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  return can(me, resource, action);
}

/** Whether the signed-in user may open a view (it needs read on each kind of record it shows). */
export function useCanReadView(view: View): boolean {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  return canReadView(me.permissions, view);
}
