import { useQueryClient, type Query } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { authClient } from '../auth/auth-client';
import { authErrorMessage } from '../auth/error-messages';
import { sessionQueryOptions } from '../auth/session';

/**
 * Everything but the session and the meta entries (the same split as `clearUserData` in
 * features/auth/session.ts): data of the previous workspace.
 */
function isWorkspaceData(query: Query): boolean {
  const [first, second] = query.queryKey;
  return first !== 'meta' && !(first === 'auth' && second === 'session');
}

/**
 * Makes another workspace active. Everything cached belongs to the previous one (`/me`, companies,
 * members…). It is reset rather than removed: the page on screen (often /companies itself) keeps
 * its observers, which would go on showing removed data; a reset refetches them for the new
 * workspace. Then the user lands on /companies. Uses the small client: the header's menu calls it.
 */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();
  const [pendingId, setPendingId] = useState<string | null>(null);

  async function switchWorkspace(organizationId: string): Promise<boolean> {
    setPendingId(organizationId);
    try {
      const { error } = await authClient.organization.setActive({ organizationId });
      if (error) {
        toast.error(authErrorMessage(error));
        return false;
      }
      queryClient.getMutationCache().clear();
      await queryClient.refetchQueries({ queryKey: sessionQueryOptions().queryKey });
      await queryClient.resetQueries({ predicate: isWorkspaceData });
      await navigate({ to: '/companies' });
      // Guards and loaders of the (possibly unchanged) route run again for the new workspace.
      await router.invalidate();
      return true;
    } catch {
      toast.error('Request failed');
      return false;
    } finally {
      setPendingId(null);
    }
  }

  return { switchWorkspace, pendingId };
}
