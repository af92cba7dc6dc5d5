import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { t } from '../../lib/i18n';
import { fullAuthClient } from '../auth/auth-client-full';
import { authErrorMessage, type AuthClientError } from '../auth/error-messages';
import { sessionQueryOptions } from '../auth/session';
import { accountKeys } from './keys';

/**
 * Account pages' data, all from better-auth (`/api/auth`) through the full client. Import this
 * module only from the lazily loaded /account routes: it pulls in every better-auth plugin.
 */

/** A failed better-auth call, carrying its `{ code, message, status }` for inline errors. */
export class AuthRequestError extends Error {
  override readonly name = 'AuthRequestError';
  readonly code: string | undefined;
  readonly status: number | undefined;

  constructor(error: AuthClientError) {
    super(authErrorMessage(error));
    this.code = error.code;
    this.status = error.status;
  }
}

type AuthResult<T> = { data: T; error: null } | { data: null; error: AuthClientError };

/** Returns a better-auth call's data, or throws its error (or an empty answer) as an error. */
export async function unwrap<T>(call: Promise<AuthResult<T>>): Promise<NonNullable<T>> {
  const result = await call;
  if (result.error) throw new AuthRequestError(result.error);
  if (result.data === null || result.data === undefined) {
    throw new AuthRequestError({ code: 'EMPTY_RESPONSE', message: t('account.error.noData') });
  }
  return result.data;
}

/** Toast text for anything a mutation throws. */
export function accountErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return t('common.requestFailed');
}

/**
 * The signed-in user with every plugin's fields (username, image, phone, two-factor). Bypasses
 * better-auth's five-minute cookie cache so the page shows what was just saved.
 */
export function accountSessionQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.session(),
    queryFn: async () => {
      const { data, error } = await fullAuthClient.getSession({
        query: { disableCookieCache: true },
      });
      if (error) throw new AuthRequestError(error);
      if (!data) throw new AuthRequestError({ code: 'SESSION_EXPIRED', status: 401 });
      return data;
    },
  });
}
export type AccountSession = Awaited<
  ReturnType<NonNullable<ReturnType<typeof accountSessionQueryOptions>['queryFn']>>
>;
export type AccountUser = AccountSession['user'];

/** After a change to the user: this page's copy and the header's (the shared session query). */
export async function refreshUser(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: accountKeys.session() }),
    queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey }),
  ]);
}

/** The user's active sessions (every browser signed in as them). */
export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: () => unwrap(fullAuthClient.listSessions()),
  });
}

export function passkeysQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.passkeys(),
    queryFn: () => unwrap(fullAuthClient.passkey.listUserPasskeys()),
  });
}

/** Personal API keys (configuration `default`). */
export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.apiKeys(),
    queryFn: async () => {
      const result = await unwrap(fullAuthClient.apiKey.list({ query: { configId: 'default' } }));
      return result.apiKeys as unknown as ApiKeySummary[];
    },
  });
}

/** The fields of a listed key the page shows (the secret itself is never listed). */
export type ApiKeySummary = {
  id: string;
  configId?: string | null;
  name: string | null;
  start: string | null;
  prefix: string | null;
  createdAt: string | Date;
  expiresAt: string | Date | null;
  lastRequest: string | Date | null;
  remaining: number | null;
  refillAmount: number | null;
  refillInterval: number | null;
  rateLimitMax: number | null;
  rateLimitTimeWindow: number | null;
  permissions: Record<string, string[]> | null;
  metadata: Record<string, unknown> | null;
};

export { accountKeys };
// The multi-session list lives in a light module: the header's menu reads it too.
export { deviceSessionsQueryOptions } from './device-sessions';
