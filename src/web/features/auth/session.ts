import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { env } from '../../env';
import type { AuthSession } from './auth-client';
import { authErrorMessage, type AuthClientError } from './error-messages';

const sessionQueryKey = ['auth', 'session'] as const;

/** better-auth's base URL as its client derives it: `VITE_API_URL` with a path is used as is. */
function authBaseUrl(): string {
  return new URL(env.apiUrl).pathname.replace(/\/+$/, '') ? env.apiUrl : `${env.apiUrl}/api/auth`;
}

/** The ISO timestamps better-auth's client turns into `Date`s (its JSON parser does the same). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,7})?(?:Z|[+-]\d{2}:\d{2})$/;

function parseAuthJson(text: string): unknown {
  if (!text) return null;
  return JSON.parse(text, (_key, value: unknown) =>
    typeof value === 'string' && ISO_DATE_TIME.test(value) ? new Date(value) : value,
  );
}

/**
 * `GET /get-session` as `authClient.getSession()` makes it (same URL, cookies, dates and error
 * object), without the client: the session guard runs before every signed-in page, and the
 * client with its fetch library (about 14 kB gzipped) stays out of the initial JS
 * (docs/decisions/005). Actions load the client when they need it (load-auth-client.ts).
 */
export async function fetchSession(): Promise<{
  data: AuthSession | null;
  error: AuthClientError | null;
}> {
  const response = await fetch(`${authBaseUrl()}/get-session`, {
    method: 'GET',
    credentials: 'include',
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  if (response.ok)
    return { data: (parseAuthJson(text) as AuthSession | null) ?? null, error: null };
  let body: unknown;
  try {
    body = isJson ? parseAuthJson(text) : null;
  } catch {
    body = null;
  }
  const fields = typeof body === 'object' && body !== null ? (body as AuthClientError) : {};
  return {
    data: null,
    error: { ...fields, status: response.status, statusText: response.statusText },
  };
}

/** The signed-in user's session, or null when signed out. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: async (): Promise<AuthSession | null> => {
      const { data, error } = await fetchSession();
      if (error) {
        // 401 is just "signed out"; anything else (server down, 5xx) is a real failure.
        if (error.status === 401) return null;
        throw new Error(authErrorMessage(error));
      }
      return data ?? null;
    },
  });
}

function isSessionQuery(queryKey: readonly unknown[]): boolean {
  return sessionQueryKey.every((part, i) => queryKey[i] === part);
}

/** Keys that hold no user data and survive a change of user. */
function isUserIndependent(queryKey: readonly unknown[]): boolean {
  return isSessionQuery(queryKey) || queryKey[0] === 'meta';
}

/**
 * Replaces the cached session. The entry is updated in place (not removed) so mounted
 * observers, such as the header, show the new user at once.
 */
export function setCachedSession(queryClient: QueryClient, session: AuthSession | null): void {
  queryClient.setQueryData(sessionQueryOptions().queryKey, session);
}

/**
 * Forgets everything cached for the previous user (queries and mutations), so nothing of theirs
 * can be shown to the next one. This is `queryClient.clear()` minus the session and meta
 * entries: clearing those too would detach the header's mounted observer, which would then keep
 * showing the previous user. Call it once pages showing that data are unmounted.
 */
export function clearUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !isUserIndependent(query.queryKey) });
  queryClient.getMutationCache().clear();
}

/**
 * Watches the session query: when a refetch (window focus, another tab) reports a different user
 * than before, every cached business query is dropped. Sign-in and sign-out clear the cache
 * themselves, at the right moment; this catches the user switching in another tab.
 */
export function watchSessionUser(
  queryClient: QueryClient,
  /** Told the signed-in user's id (null when signed out), e.g. for error reports. */
  onUser?: (userId: string | null) => void,
): () => void {
  let lastUserId: string | null = null;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isSessionQuery(event.query.queryKey)) return;
    if (event.query.state.status !== 'success') return;
    const session = event.query.state.data as AuthSession | null | undefined;
    const userId = session?.user.id ?? null;
    if (lastUserId && userId && userId !== lastUserId) clearUserData(queryClient);
    lastUserId = userId ?? lastUserId;
    onUser?.(userId);
  });
}
