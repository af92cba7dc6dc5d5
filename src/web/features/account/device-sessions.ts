import { queryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { authClient } from '../auth/auth-client';
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
      const { data, error } = await authClient.$fetch<DeviceSession[]>(
        '/multi-session/list-device-sessions',
        { method: 'GET' },
      );
      if (error) throw new Error(authErrorMessage(error as AuthClientError));
      return data ?? [];
    },
  });
}

/**
 * Makes another account of this browser the active one. Everything cached, and every page's
 * state, belongs to the previous account: the app starts afresh on /companies (a full load,
 * like signing in), so nothing of the other account can linger on screen.
 */
export function useSwitchAccount() {
  const [pendingToken, setPendingToken] = useState<string | null>(null);

  async function switchAccount(sessionToken: string): Promise<void> {
    setPendingToken(sessionToken);
    try {
      const { error } = await authClient.$fetch('/multi-session/set-active', {
        method: 'POST',
        body: { sessionToken },
      });
      if (error) {
        toast.error(authErrorMessage(error as AuthClientError));
        setPendingToken(null);
        return;
      }
      window.location.assign('/companies');
    } catch {
      toast.error('Request failed');
      setPendingToken(null);
    }
  }

  return { switchAccount, pendingToken };
}
