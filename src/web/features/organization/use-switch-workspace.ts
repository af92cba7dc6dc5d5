import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { loadAuthClient } from '../auth/load-auth-client';
import { authErrorMessage } from '../auth/error-messages';
import { sessionQueryOptions } from '../auth/session';
import { t } from '../../lib/i18n';

/**
 * Everything but the session and the meta entries (the same split as `clearUserData` in
 * features/auth/session.ts): data of the previous workspace.
 */
function isWorkspaceData(query: Query): boolean {
  const [first, second] = query.queryKey;
  return first !== 'meta' && !(first === 'auth' && second === 'session');
}

/**
 * Makes `organizationId` the session's active workspace and refreshes what depends on it: the
 * session, then everything cached for the previous workspace (`/me`, companies, members…). That
 * is reset rather than removed: the page on screen (often /companies itself) keeps its
 * observers, which would go on showing removed data; a reset refetches them for the new
 * workspace. Returns the error text, or null. Uses the small client: the header's menu calls it.
 */
export async function activateWorkspace(
  queryClient: QueryClient,
  organizationId: string,
): Promise<string | null> {
  const { error } = await (await loadAuthClient()).organization.setActive({ organizationId });
  if (error) return authErrorMessage(error);
  queryClient.getMutationCache().clear();
  await queryClient.refetchQueries({ queryKey: sessionQueryOptions().queryKey });
  await queryClient.resetQueries({ predicate: isWorkspaceData });
  return null;
}

/** Makes another workspace active (`activateWorkspace`), then lands on /companies. */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();
  const [pendingId, setPendingId] = useState<string | null>(null);

  async function switchWorkspace(organizationId: string): Promise<boolean> {
    setPendingId(organizationId);
    try {
      const failure = await activateWorkspace(queryClient, organizationId);
      if (failure) {
        toast.error(failure);
        return false;
      }
      await navigate({ to: '/companies' });
      // Guards and loaders of the (possibly unchanged) route run again for the new workspace.
      await router.invalidate();
      return true;
    } catch {
      toast.error(t('common.requestFailed'));
      return false;
    } finally {
      setPendingId(null);
    }
  }

  return { switchWorkspace, pendingId };
}
