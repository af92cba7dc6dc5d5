import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { isAllowed, splitRoles, type PermissionSet } from '../../../contracts/access-control';
import { fullAuthClient } from '../auth/auth-client-full';
import { authErrorMessage, type AuthClientError } from '../auth/error-messages';
import { t } from '../../lib/i18n';
import { meQueryOptions } from '../me/api';
import { organizationKeys as orgKeys } from './keys';

export { organizationKeys, organizationsQueryOptions } from './keys';

/** A failed better-auth call, with the text `authErrorMessage` chose for it. */
export class AuthRequestError extends Error {
  override readonly name = 'AuthRequestError';
  readonly code: string | undefined;
  readonly status: number | undefined;

  constructor(error: AuthClientError) {
    super(authErrorMessage(error));
    this.code = error.code;
    this.status = error.status;
  }
}

type AuthResult<T> = { data: T; error: null } | { data: null; error: AuthClientError };

/** Resolves a better-auth client call to its data, or throws an `AuthRequestError`. */
export async function unwrap<T>(request: Promise<AuthResult<T>>): Promise<T> {
  const result = await request;
  if (result.error) throw new AuthRequestError(result.error);
  return result.data as T;
}

const org = fullAuthClient.organization;

/** The signed-in user's role (comma-separated roles) in one workspace. */
export function myOrganizationRoleQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...orgKeys.workspace(organizationId), 'my-role'] as const,
    queryFn: async () => {
      const data = await unwrap(org.getActiveMemberRole({ query: { organizationId } }));
      return data?.role ?? '';
    },
  });
}

/**
 * How many owners the workspace has: better-auth refuses to let the last one leave, and the
 * Organizations page says so before anyone tries (issue 12).
 */
export function ownerCountQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...orgKeys.workspace(organizationId), 'owner-count'] as const,
    queryFn: async () => {
      const data = await unwrap(
        org.listMembers({
          query: {
            organizationId,
            filterField: 'role',
            filterOperator: 'contains',
            filterValue: 'owner',
            limit: 500,
          },
        }),
      );
      // "contains" also matches a custom role such as "co-owner": count the owner role itself.
      return (data?.members ?? []).filter((m) => splitRoles(m.role).includes('owner')).length;
    },
  });
}

/** The workspace with its members (and their users) and invitations. */
export function fullOrganizationQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: orgKeys.full(organizationId),
    queryFn: async () => {
      const data = await unwrap(
        org.getFullOrganization({ query: { organizationId, membersLimit: 500 } }),
      );
      if (!data) throw new Error(t('workspace.notFound'));
      return data;
    },
  });
}

export type FullOrganization = Awaited<
  ReturnType<NonNullable<ReturnType<typeof fullOrganizationQueryOptions>['queryFn']>>
>;
export type OrganizationMember = FullOrganization['members'][number];
export type OrganizationInvitation = FullOrganization['invitations'][number];

export type CustomRole = { id: string; role: string; permission: PermissionSet };

/**
 * Custom roles of the workspace (dynamic access control). Reading them needs `ac:read`; without
 * it the list is empty rather than an error, so pages that only use it to check permissions
 * still render.
 */
export function customRolesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: orgKeys.roles(organizationId),
    queryFn: async (): Promise<CustomRole[]> => {
      const { data, error } = await org.listRoles({ query: { organizationId } });
      if (error) {
        if (error.status === 403) return [];
        throw new AuthRequestError(error);
      }
      return (data as unknown as CustomRole[]).map((r) => ({
        id: r.id,
        role: r.role,
        permission: r.permission,
      }));
    },
  });
}

export function teamsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: orgKeys.teams(organizationId),
    queryFn: async () => (await unwrap(org.listTeams({ query: { organizationId } }))) ?? [],
  });
}

export type Team = Awaited<ReturnType<typeof org.listTeams>>['data'] extends infer D
  ? D extends readonly (infer T)[]
    ? T
    : never
  : never;

/**
 * Members of one team. better-auth only lists them to members of that team; for anyone else the
 * query answers null (the page says so) instead of failing.
 */
export function teamMembersQueryOptions(organizationId: string, teamId: string) {
  return queryOptions({
    queryKey: orgKeys.teamMembers(organizationId, teamId),
    queryFn: async () => {
      const { data, error } = await org.listTeamMembers({ query: { teamId } });
      if (error) {
        if (error.code === 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM') return null;
        throw new AuthRequestError(error);
      }
      return data;
    },
  });
}

/** Keys owned by the workspace (api-key configuration 'organization'). */
export function workspaceApiKeysQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: orgKeys.apiKeys(organizationId),
    queryFn: async () => {
      const data = await unwrap(
        fullAuthClient.apiKey.list({ query: { configId: 'organization', organizationId } }),
      );
      return data?.apiKeys ?? [];
    },
  });
}

/** The id of the active workspace (`/me` is loaded by the `_app` layout before any page). */
export function useActiveOrganizationId(): string {
  return useSuspenseQuery(meQueryOptions()).data.organizationId;
}

/**
 * What the caller's role allows in the active workspace, for hiding actions: built-in roles from
 * contracts/access-control, custom ones from the workspace's role list. The server checks again.
 */
export function useOrganizationAccess() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const roleNames = splitRoles(me.role);
  const builtInOnly = roleNames.every((r) => ['owner', 'admin', 'member', 'guest'].includes(r));
  const { data: customRoles = [] } = useQuery({
    ...customRolesQueryOptions(me.organizationId),
    enabled: !builtInOnly,
  });
  const custom = Object.fromEntries(customRoles.map((r) => [r.role, r.permission]));
  return {
    organizationId: me.organizationId,
    role: me.role,
    isOwner: roleNames.includes('owner'),
    can: (resource: string, action: string) => isAllowed(me.role, resource, action, custom),
  };
}
