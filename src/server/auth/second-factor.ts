/** Where the SPA asks for the second factor. */
export const TWO_FACTOR_PAGE = '/auth/two-factor';

/**
 * The magic link's `callbackURL` as a same-origin path the second-factor page may carry on as
 * `?redirect=` (the SPA validates it again, src/web/features/auth/redirect-target.ts), or
 * undefined: absolute URLs, protocol-relative `//host` and `/\host` are dropped, never passed on.
 */
export function secondFactorRedirectTarget(callbackURL: unknown): string | undefined {
  if (typeof callbackURL !== 'string' || callbackURL === '/') return undefined;
  if (!callbackURL.startsWith('/') || callbackURL.startsWith('//')) return undefined;
  if (callbackURL.startsWith('/\\')) return undefined;
  // No control characters or whitespace (header splitting, "/\t/host" tricks).
  for (const char of callbackURL) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f) return undefined;
  }
  try {
    const base = 'http://same-origin.invalid';
    const url = new URL(callbackURL, base);
    if (url.origin !== base) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

/**
 * The second-factor page for a magic link that was opened in the browser: keeps where the user
 * was going, and says when the account has no authenticator app (only a mailed code).
 */
export function twoFactorPageUrl(callbackURL: unknown, methods: readonly string[]): string {
  const search = new URLSearchParams();
  const redirect = secondFactorRedirectTarget(callbackURL);
  if (redirect) search.set('redirect', redirect);
  if (!methods.includes('totp')) search.set('method', 'otp');
  const query = search.toString();
  return query ? `${TWO_FACTOR_PAGE}?${query}` : TWO_FACTOR_PAGE;
}
