import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { authClient } from './auth-client';
import { clearUserData, setCachedSession } from './session';

/**
 * What every sign-in method does once the server has set the session cookie, exactly as the
 * password form always did: read the new session, drop whatever was cached for a previous user,
 * put the session in the cache (so the header updates at once) and go to `redirectTo`.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (redirectTo: string) => {
    const session = await authClient.getSession();
    clearUserData(queryClient);
    setCachedSession(queryClient, session.data ?? null);
    await navigate({ href: redirectTo, replace: true });
  };
}
