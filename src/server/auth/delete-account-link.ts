import { systemNow } from '../clock';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';

/** The account page, which explains a failed deletion link (`?deleteAccountError=CODE`). */
export const DELETE_ACCOUNT_ERROR_PAGE = '/account/settings';

/**
 * The account-deletion link of the confirmation mail is opened in a browser, but better-auth
 * answers its failures with a bare JSON 404 (issue 3: errors must be readable). Before
 * better-auth runs the link, this checks the two usual failures the same way it will — without
 * consuming anything — and sends the browser to the account page with the code instead:
 * FAILED_TO_GET_USER_INFO when nobody is signed in (the link still works once they are; the
 * page's guard asks them to sign in first) and INVALID_TOKEN for a used, expired, unknown or
 * another user's link. Anything else is left to better-auth.
 */
export function deleteAccountLinkErrors(): BetterAuthPlugin {
  return {
    id: 'esop-delete-account-link-errors',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/delete-user/callback',
          handler: createAuthMiddleware(async (ctx) => {
            const fail = (code: string) =>
              ctx.redirect(
                `${DELETE_ACCOUNT_ERROR_PAGE}?deleteAccountError=${encodeURIComponent(code)}`,
              );
            const session = await getSessionFromCtx(ctx, { disableCookieCache: true });
            if (!session) throw fail('FAILED_TO_GET_USER_INFO');
            const token = (ctx.query as { token?: unknown } | undefined)?.token;
            const verification =
              typeof token === 'string'
                ? await ctx.context.internalAdapter.findVerificationValue(`delete-account-${token}`)
                : null;
            if (
              !verification ||
              verification.value !== session.user.id ||
              new Date(verification.expiresAt).getTime() <= systemNow().getTime()
            ) {
              throw fail('INVALID_TOKEN');
            }
          }),
        },
      ],
    },
  };
}
