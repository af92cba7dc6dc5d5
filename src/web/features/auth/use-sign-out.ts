import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import {
  deviceSessionsQueryOptions,
  signOutActiveAccount,
  type DeviceSession,
} from '../account/device-sessions';
import { t } from '../../lib/i18n';
import { authErrorMessage } from './error-messages';
import { loadAuthClient } from './load-auth-client';
import { clearUserData, sessionQueryOptions, setCachedSession } from './session';

/**
 * `signOut` signs every account of this browser out (better-auth's sign-out ends them all),
 * forgets every cached query and goes to the sign-in page (with `redirect`, when given, so
 * signing in again returns there). `signOutAccount` signs out only the active account when
 * others are signed in on this browser: the next one becomes active and the app starts afresh
 * as it; with a single account it is `signOut`. Both resolve to whether it worked.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);

  async function signOut(options: { redirect?: string } = {}): Promise<boolean> {
    setIsPending(true);
    try {
      const { error } = await (await loadAuthClient()).signOut();
      // FAILED_TO_GET_SESSION: there was no session any more (expired, or signed out in
      // another tab); the cookies are cleared all the same, so that is signed out too.
      if (error && error.code !== 'FAILED_TO_GET_SESSION') {
        toast.error(authErrorMessage(error));
        return false;
      }
      // Signed out first (sign-in would bounce a cached session back), data dropped after the
      // signed-in page has gone (it would refetch, and get 401, while still mounted).
      setCachedSession(queryClient, null);
      toast.success(t('auth.signOut.done'));
      await navigate({
        to: '/auth/sign-in',
        search: options.redirect ? { redirect: options.redirect } : {},
        replace: true,
      });
      clearUserData(queryClient);
      return true;
    } catch {
      toast.error(t('auth.signOut.failed.toast'));
      return false;
    } finally {
      setIsPending(false);
    }
  }

  async function signOutAccount(): Promise<boolean> {
    setIsPending(true);
    let accounts: DeviceSession[];
    try {
      // Fresh: accounts may have been added or signed out in another tab since the menu listed them.
      accounts = await queryClient.fetchQuery({ ...deviceSessionsQueryOptions(), staleTime: 0 });
    } catch {
      // The list could not be read: signing every account out would be a surprise; let them retry.
      toast.error(t('auth.signOut.failed.toast'));
      setIsPending(false);
      return false;
    }
    const userId = queryClient.getQueryData(sessionQueryOptions().queryKey)?.user.id;
    const activeToken = accounts.find((a) => a.user.id === userId)?.session.token;
    if (!activeToken || !accounts.some((a) => a.user.id !== userId)) {
      setIsPending(false);
      return signOut();
    }
    // On success the page is replaced by a full load; stay pending until then.
    const done = await signOutActiveAccount(activeToken);
    if (!done) setIsPending(false);
    return done;
  }

  return { signOut, signOutAccount, isPending };
}
