import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { authClient } from './auth-client';
import { clearUserData, setCachedSession } from './session';

/** Signs out, forgets every cached query of this user and goes to the sign-in page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);

  async function signOut() {
    setIsPending(true);
    try {
      const { error } = await authClient.signOut();
      if (error) {
        toast.error(error.message || 'Failed to sign out');
        return;
      }
      // Signed out first (sign-in would bounce a cached session back), data dropped after the
      // signed-in page has gone (it would refetch, and get 401, while still mounted).
      setCachedSession(queryClient, null);
      toast.success('Signed out successfully');
      await navigate({ to: '/auth/sign-in' });
      clearUserData(queryClient);
    } catch {
      toast.error('Failed to sign out');
    } finally {
      setIsPending(false);
    }
  }

  return { signOut, isPending };
}
