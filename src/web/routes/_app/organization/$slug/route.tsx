import { createFileRoute, redirect } from '@tanstack/react-router';
import { toast } from '../../../../lib/toast';
import { meQueryOptions } from '../../../../features/me/api';
import { activateWorkspace } from '../../../../features/organization/use-switch-workspace';
import { findWorkspaceBySlug } from '../../../../features/organization/workspace-by-slug';
import { t } from '../../../../lib/i18n';
import { DEFAULT_SIGNED_IN_PATH } from '../../../../lib/safe-redirect';

/**
 * Slug mode (issue 3): /organization/$slug/{settings,members,api-keys,teams,roles} show the same
 * pages as /organization/…, for the workspace named by the slug, which becomes the active one
 * (the pages, like the business API, work on the active workspace). A slug that names none of
 * the user's workspaces sends them to the default redirect, /companies: there is no personal
 * path, every user works in a workspace.
 */
export const Route = createFileRoute('/_app/organization/$slug')({
  beforeLoad: async ({ context: { queryClient }, params: { slug }, preload }) => {
    const organization = await findWorkspaceBySlug(queryClient, slug);
    if (!organization) {
      if (!preload) toast.error(t('workspace.slug.unknown', { slug }));
      throw redirect({ to: DEFAULT_SIGNED_IN_PATH, replace: true });
    }
    // Hovering a link preloads the route: switching workspaces must wait for the click.
    if (preload) return;
    const me = await queryClient.ensureQueryData(meQueryOptions());
    if (me.organizationId === organization.id) return;
    const failure = await activateWorkspace(queryClient, organization.id);
    if (failure) {
      toast.error(failure);
      throw redirect({ to: DEFAULT_SIGNED_IN_PATH, replace: true });
    }
  },
});
