import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { BusinessAction, BusinessResource } from '../../../contracts/access-control';
import type { Me } from '../../../contracts/me';
import { apiFetch } from '../../lib/api';

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
 * `GET /api/v1/me`: the signed-in user's role in the active workspace and what it allows. The key
 * is user data: sign-in, sign-out and a change of user drop it (features/auth/session.ts).
 */
export function meQueryOptions() {
  return queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => apiFetch('/me', { signal, guard: asMe }),
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
