import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { authClient } from './auth-client';
import { clearUserData, setCachedSession } from './session';

/**
 * Signs out, forgets every cached query of this user and goes to the sign-in page (with
 * `redirect`, when given, so signing in again returns there). Resolves to whether it worked.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);

  async function signOut(options: { redirect?: string } = {}): Promise<boolean> {
    setIsPending(true);
    try {
      const { error } = await authClient.signOut();
      // FAILED_TO_GET_SESSION: there was no session any more (expired, or signed out in
      // another tab); the cookies are cleared all the same, so that is signed out too.
      if (error && error.code !== 'FAILED_TO_GET_SESSION') {
        toast.error(error.message || 'Failed to sign out');
        return false;
      }
      // Signed out first (sign-in would bounce a cached session back), data dropped after the
      // signed-in page has gone (it would refetch, and get 401, while still mounted).
      setCachedSession(queryClient, null);
      toast.success('Signed out successfully');
      await navigate({
        to: '/auth/sign-in',
        search: options.redirect ? { redirect: options.redirect } : {},
        replace: true,
      });
      clearUserData(queryClient);
      return true;
    } catch {
      toast.error('Failed to sign out');
      return false;
    } finally {
      setIsPending(false);
    }
  }

  return { signOut, isPending };
}
