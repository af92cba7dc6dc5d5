/** Where signing in lands when no (acceptable) `redirect` was given. */
export const DEFAULT_SIGNED_IN_PATH = '/companies';

/**
 * Accepts `redirect` only when it is a same-origin relative path, so the sign-in page cannot be
 * used to bounce users to another site (open redirect, OWASP "Unvalidated Redirects").
 * Returns path + search + hash, or the default.
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  // Browsers treat "/\evil.com" like "//evil.com".
  if (value.startsWith('/\\')) return DEFAULT_SIGNED_IN_PATH;
  try {
    const origin = window.location.origin;
    const url = new URL(value, origin);
    if (url.origin !== origin) return DEFAULT_SIGNED_IN_PATH;
    // Going back to an auth page after signing in would only bounce again.
    if (url.pathname.startsWith('/auth/')) return DEFAULT_SIGNED_IN_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_SIGNED_IN_PATH;
  }
}
