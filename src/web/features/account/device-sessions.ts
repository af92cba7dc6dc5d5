import { queryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { loadAuthClient } from '../auth/load-auth-client';
import { authErrorMessage, type AuthClientError } from '../auth/error-messages';
import { accountKeys } from './keys';

/**
 * Accounts signed in on this browser (better-auth's multi-session plugin): the header's menu and
 * /account/security list them and switch between them. Uses the small client's `$fetch`: the
 * menu is a lazy chunk loaded on every signed-in page, and the full client would weigh it down.
 */

/** One account of this browser, with the session that keeps it signed in. */
export interface DeviceSession {
  session: { token: string; userId: string };
  user: { id: string; name: string; email: string; image?: string | null };
}

/** The accounts signed in on this device, the active one included (one entry per user). */
export function deviceSessionsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.deviceSessions(),
    queryFn: async (): Promise<DeviceSession[]> => {
      const { data, error } = await (
        await loadAuthClient()
      ).$fetch<DeviceSession[]>('/multi-session/list-device-sessions', { method: 'GET' });
      if (error) throw new Error(authErrorMessage(error as AuthClientError));
      return data ?? [];
    },
  });
}

/**
 * Starts the app afresh as whichever account is now active: everything cached, and every page's
 * state, belongs to the previous account, so a full load of /companies (like signing in) leaves
 * nothing of it on screen. Used after switching accounts and after signing the active one out.
 */
function startAfreshAsActiveAccount(): void {
  window.location.assign('/companies');
}

/**
 * Signs one account of this browser out and keeps the others. When it is the active one,
 * better-auth makes the next remaining account active in the same response (or clears the
 * session cookie when none is left).
 */
export async function revokeDeviceSession(sessionToken: string): Promise<void> {
  const { error } = await (
    await loadAuthClient()
  ).$fetch('/multi-session/revoke', {
    method: 'POST',
    body: { sessionToken },
  });
  if (error) throw new Error(authErrorMessage(error as AuthClientError));
}

/**
 * Signs the active account out of this browser, leaving the others signed in: the next one
 * becomes active and the app starts afresh as that account, the way switching does. Resolves to
 * false (after a toast) when it failed; on success the page is replaced.
 */
export async function signOutActiveAccount(activeSessionToken: string): Promise<boolean> {
  try {
    await revokeDeviceSession(activeSessionToken);
  } catch (error) {
    toast.error(error instanceof Error ? error.message : t('common.requestFailed'));
    return false;
  }
  startAfreshAsActiveAccount();
  return true;
}

/**
 * Makes another account of this browser the active one; the app starts afresh as it (a full load
 * of /companies), so nothing of the other account can linger on screen.
 */
export function useSwitchAccount() {
  const [pendingToken, setPendingToken] = useState<string | null>(null);

  async function switchAccount(sessionToken: string): Promise<void> {
    setPendingToken(sessionToken);
    try {
      const { error } = await (
        await loadAuthClient()
      ).$fetch('/multi-session/set-active', {
        method: 'POST',
        body: { sessionToken },
      });
      if (error) {
        toast.error(authErrorMessage(error as AuthClientError));
        setPendingToken(null);
        return;
      }
      startAfreshAsActiveAccount();
    } catch {
      toast.error(t('common.requestFailed'));
      setPendingToken(null);
    }
  }

  return { switchAccount, pendingToken };
}
