import { safeRedirectPath } from '../../lib/safe-redirect';

/** Auth pages that need a signed-in visitor, so sign-in may send them back there. */
const RETURNABLE_AUTH_PATHS = ['/auth/accept-invitation'];

/**
 * Where to go after signing in: `safeRedirectPath`, which refuses /auth/ pages (they would only
 * bounce), except the few auth pages that need a session, such as an invitation link opened
 * while signed out. Kept free of heavy imports: the sign-in route's beforeLoad uses it.
 */
export function signInRedirectPath(value: unknown): string {
  if (typeof value === 'string' && value.startsWith('/')) {
    try {
      const url = new URL(value, window.location.origin);
      if (url.origin === window.location.origin && RETURNABLE_AUTH_PATHS.includes(url.pathname)) {
        return `${url.pathname}${url.search}`;
      }
    } catch {
      // Not a URL: fall through to the default checks.
    }
  }
  return safeRedirectPath(value);
}
