import { queryOptions } from '@tanstack/react-query';
import { authClient } from '../auth/auth-client';
import { authErrorMessage } from '../auth/error-messages';
import { activeLanguage } from '../../lib/i18n';
import { organizationKeys } from '../organization/keys';

/** A workspace member as the responsible-lawyer select needs it. */
export type WorkspaceMember = { userId: string; name: string; email: string };

/**
 * The active workspace's members (better-auth `organization/list-members`), sorted by name: the
 * choices for a company's responsible lawyer. Any member may list them. Uses the small auth
 * client, so the overview does not load the full one. Keyed under the workspace, so sign-out and
 * a change of workspace drop it with the other workspace data.
 */
export function workspaceMembersQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...organizationKeys.workspace(organizationId), 'members', 'names'] as const,
    queryFn: async (): Promise<WorkspaceMember[]> => {
      const { data, error } = await authClient.organization.listMembers({
        query: { organizationId, limit: 500 },
      });
      if (error) throw new Error(authErrorMessage(error));
      const collator = new Intl.Collator(activeLanguage());
      return data.members
        .map((m) => ({ userId: m.userId, name: m.user.name, email: m.user.email }))
        .sort((a, b) => collator.compare(a.name, b.name));
    },
  });
}
