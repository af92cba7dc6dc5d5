import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';

/** Sign-in paths that are not a strong factor by themselves (issue 3). Passkeys are. */
const WEAK_SIGN_IN_PATHS = new Set(['/magic-link/verify', '/sign-in/email-otp']);

/** Mirrors better-auth's two-factor plugin (plugins/two-factor/index.mjs, after-hook). */
const TWO_FACTOR_COOKIE_NAME = 'two_factor';
const TWO_FACTOR_COOKIE_MAX_AGE = 600;

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

/**
 * better-auth asks for the second factor only after password sign-ins. This plugin does the same
 * for magic links and e-mail codes: when the user has two-factor on, the session just created is
 * dropped and the two-factor challenge cookie is set instead — exactly as the two-factor plugin
 * does for passwords — so the user must still pass TOTP, a one-time code or a backup code.
 */
export function secondFactorEverywhere(): BetterAuthPlugin {
  return {
    id: 'esop-second-factor-everywhere',
    hooks: {
      after: [
        {
          matcher: (ctx) => WEAK_SIGN_IN_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const data = ctx.context.newSession;
            const user = data?.user as
              { id: string; twoFactorEnabled?: boolean | null } | undefined;
            if (!data || !user?.twoFactorEnabled) return;

            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(data.session.token);
            ctx.context.setNewSession(null);

            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + TWO_FACTOR_COOKIE_MAX_AGE * 1000);
            await ctx.context.internalAdapter.createVerificationValue({
              value: user.id,
              identifier,
              expiresAt,
            });
            await ctx.context.internalAdapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE_NAME, {
              maxAge: TWO_FACTOR_COOKIE_MAX_AGE,
            });
            await ctx.setSignedCookie(
              cookie.name,
              identifier,
              ctx.context.secret,
              cookie.attributes,
            );

            const totp = await ctx.context.adapter.findOne<{ verified?: boolean | null }>({
              model: 'twoFactor',
              where: [{ field: 'userId', value: user.id }],
            });
            const twoFactorMethods = totp && totp.verified !== false ? ['totp', 'otp'] : ['otp'];
            if (ctx.path === '/magic-link/verify') {
              // The magic link is opened in the browser: send it to the second-factor page, with
              // the magic link's target (where the visitor was going when asked to sign in).
              const query = ctx.query as { callbackURL?: unknown } | undefined;
              throw ctx.redirect(twoFactorPageUrl(query?.callbackURL, twoFactorMethods));
            }
            return ctx.json({ twoFactorRedirect: true, twoFactorMethods });
          }),
        },
      ],
    },
  };
}
