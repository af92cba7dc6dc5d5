import { queryOptions } from '@tanstack/react-query';
import { loadAuthClient } from '../auth/load-auth-client';
import { authErrorMessage } from '../auth/error-messages';

// The key hierarchy of workspace data lives here only. Every key is user data: sign-out and a
// change of user or of workspace drop them (features/auth/session.ts `clearUserData`).
export const organizationKeys = {
  all: ['organization'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
  workspace: (organizationId: string) => [...organizationKeys.all, organizationId] as const,
  full: (organizationId: string) =>
    [...organizationKeys.workspace(organizationId), 'full'] as const,
  roles: (organizationId: string) =>
    [...organizationKeys.workspace(organizationId), 'roles'] as const,
  teams: (organizationId: string) =>
    [...organizationKeys.workspace(organizationId), 'teams'] as const,
  teamMembers: (organizationId: string, teamId: string) =>
    [...organizationKeys.teams(organizationId), teamId, 'members'] as const,
  apiKeys: (organizationId: string) =>
    [...organizationKeys.workspace(organizationId), 'api-keys'] as const,
};

/**
 * The workspaces the signed-in user belongs to. Uses the small client: the header's menu (a lazy
 * chunk loaded on every signed-in page) reads it, and the full client would weigh it down.
 */
export function organizationsQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.list(),
    queryFn: async () => {
      const { data, error } = await (await loadAuthClient()).organization.list();
      if (error) throw new Error(authErrorMessage(error));
      return data;
    },
  });
}
