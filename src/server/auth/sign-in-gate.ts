import { systemNow } from '../clock';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { createHMAC } from '@better-auth/utils/hmac';
import { twoFactorPageUrl } from './second-factor';

/**
 * What an auth endpoint does with sessions (issue 11, finding 1). Every endpoint better-auth and
 * its plugins expose is listed here; `test/api/sign-in-gate.test.ts` fails for one that is not.
 *
 * - `first-factor`: proves one factor — a password, a link or code sent to the e-mail address or
 *   phone. When the user has two-factor on, the session is turned into a second-factor challenge.
 * - `second-factor`: completes a two-factor challenge (or re-issues the caller's own session).
 * - `strong`: a passkey (possession plus the authenticator's user verification).
 * - `same-user`: re-issues the caller's own session (password change, two-factor on/off, passkey
 *   registration); refused unless the request already has a session of that user.
 * - `impersonation`: an administrator's session as another user (the admin plugin checks the role;
 *   refused without a signed-in caller).
 * - `none`: never creates a session (it may refresh the caller's cookie).
 * - `refused`: could create a session, but we do not offer it (OAuth, sign-in at sign-up).
 *
 * A session created by any path that is not one of the signing-in classes — an endpoint of a
 * future plugin, a `none` endpoint that starts creating sessions, a call outside any endpoint —
 * is refused before the session row is written.
 */
export type SessionClass =
  'first-factor' | 'second-factor' | 'strong' | 'same-user' | 'impersonation' | 'none' | 'refused';

export const AUTH_ENDPOINTS: Readonly<Record<string, SessionClass>> = {
  // Core
  '/sign-in/social': 'refused',
  '/callback/:id': 'refused',
  '/get-session': 'none',
  '/sign-out': 'none',
  '/sign-up/email': 'refused', // e-mail verification first (requireEmailVerification)
  '/sign-in/email': 'first-factor',
  '/reset-password': 'none',
  '/verify-password': 'none',
  '/verify-email': 'first-factor', // only with autoSignInAfterVerification (off)
  '/send-verification-email': 'none',
  '/change-email': 'none',
  '/change-password': 'same-user',
  '/update-session': 'none',
  '/update-user': 'none',
  '/delete-user': 'none',
  '/request-password-reset': 'none',
  '/reset-password/:token': 'none',
  '/list-sessions': 'none',
  '/revoke-session': 'none',
  '/revoke-sessions': 'none',
  '/revoke-other-sessions': 'none',
  '/link-social': 'refused',
  '/list-accounts': 'none',
  '/delete-user/callback': 'none',
  '/unlink-account': 'none',
  '/refresh-token': 'none',
  '/get-access-token': 'none',
  '/account-info': 'none',
  '/ok': 'none',
  '/error': 'none',
  // username
  '/sign-in/username': 'first-factor',
  '/is-username-available': 'none',
  // magic link
  '/sign-in/magic-link': 'none',
  '/magic-link/verify': 'first-factor',
  // e-mail one-time codes
  '/email-otp/send-verification-otp': 'none',
  '/email-otp/check-verification-otp': 'none',
  '/email-otp/verify-email': 'first-factor', // only with autoSignInAfterVerification (off)
  '/sign-in/email-otp': 'first-factor',
  '/email-otp/request-password-reset': 'none',
  '/forget-password/email-otp': 'none',
  '/email-otp/reset-password': 'none',
  '/email-otp/request-email-change': 'none',
  '/email-otp/change-email': 'none',
  // phone number
  '/sign-in/phone-number': 'first-factor',
  '/phone-number/send-otp': 'none',
  '/phone-number/verify': 'first-factor',
  '/phone-number/request-password-reset': 'none',
  '/phone-number/reset-password': 'none',
  // two-factor
  '/two-factor/get-totp-uri': 'none',
  '/two-factor/verify-totp': 'second-factor',
  '/two-factor/send-otp': 'none',
  '/two-factor/verify-otp': 'second-factor',
  '/two-factor/verify-backup-code': 'second-factor',
  '/two-factor/generate-backup-codes': 'none',
  '/two-factor/enable': 'same-user',
  '/two-factor/disable': 'same-user',
  // passkeys
  '/passkey/generate-register-options': 'none',
  '/passkey/generate-authenticate-options': 'none',
  '/passkey/verify-registration': 'same-user',
  '/passkey/verify-authentication': 'strong',
  '/passkey/list-user-passkeys': 'none',
  '/passkey/delete-passkey': 'none',
  '/passkey/update-passkey': 'none',
  // API keys
  '/api-key/create': 'none',
  '/api-key/get': 'none',
  '/api-key/update': 'none',
  '/api-key/delete': 'none',
  '/api-key/list': 'none',
  // multi-session
  '/multi-session/list-device-sessions': 'none',
  '/multi-session/set-active': 'none',
  '/multi-session/revoke': 'none',
  // admin
  '/admin/set-role': 'none',
  '/admin/get-user': 'none',
  '/admin/create-user': 'none',
  '/admin/update-user': 'none',
  '/admin/list-users': 'none',
  '/admin/list-user-sessions': 'none',
  '/admin/unban-user': 'none',
  '/admin/ban-user': 'none',
  '/admin/impersonate-user': 'impersonation',
  '/admin/stop-impersonating': 'none',
  '/admin/revoke-user-session': 'none',
  '/admin/revoke-user-sessions': 'none',
  '/admin/remove-user': 'none',
  '/admin/set-user-password': 'none',
  '/admin/has-permission': 'none',
  // organization
  '/organization/create': 'none',
  '/organization/update': 'none',
  '/organization/delete': 'none',
  '/organization/set-active': 'none',
  '/organization/get-organization': 'none',
  '/organization/get-full-organization': 'none',
  '/organization/list': 'none',
  '/organization/invite-member': 'none',
  '/organization/cancel-invitation': 'none',
  '/organization/accept-invitation': 'none',
  '/organization/get-invitation': 'none',
  '/organization/reject-invitation': 'none',
  '/organization/list-invitations': 'none',
  '/organization/get-active-member': 'none',
  '/organization/check-slug': 'none',
  '/organization/remove-member': 'none',
  '/organization/update-member-role': 'none',
  '/organization/leave': 'none',
  '/organization/list-user-invitations': 'none',
  '/organization/list-members': 'none',
  '/organization/get-active-member-role': 'none',
  '/organization/create-team': 'none',
  '/organization/list-teams': 'none',
  '/organization/remove-team': 'none',
  '/organization/update-team': 'none',
  '/organization/set-active-team': 'none',
  '/organization/list-user-teams': 'none',
  '/organization/list-team-members': 'none',
  '/organization/add-team-member': 'none',
  '/organization/remove-team-member': 'none',
  '/organization/create-role': 'none',
  '/organization/delete-role': 'none',
  '/organization/list-roles': 'none',
  '/organization/get-role': 'none',
  '/organization/update-role': 'none',
  '/organization/has-permission': 'none',
};

const SIGNING_IN: ReadonlySet<SessionClass> = new Set([
  'first-factor',
  'second-factor',
  'strong',
  'same-user',
  'impersonation',
]);

/** The class of an auth path (without the /api/auth prefix), or undefined when unlisted. */
export function sessionClass(path: string | undefined): SessionClass | undefined {
  return path ? AUTH_ENDPOINTS[path] : undefined;
}

/** Mirrors better-auth's two-factor plugin (plugins/two-factor/constant.mjs and index.mjs). */
const TWO_FACTOR_COOKIE_NAME = 'two_factor';
const TWO_FACTOR_COOKIE_MAX_AGE = 600;
const TRUST_DEVICE_COOKIE_NAME = 'trust_device';
const TRUST_DEVICE_MAX_AGE = 30 * 24 * 3600;

const refuse = () =>
  new APIError('FORBIDDEN', {
    code: 'SIGN_IN_METHOD_NOT_ALLOWED',
    message: 'This way of signing in is not enabled',
  });

type EndpointContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whether the browser carries a valid "trust this device" cookie for this user — the same check
 * better-auth makes for password sign-ins (readSignInTwoFactorState), applied to every first
 * factor so that all of them pass one gate.
 */
async function trustedDevice(ctx: EndpointContext, userId: string): Promise<boolean> {
  const cookie = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE_NAME, {
    maxAge: TRUST_DEVICE_MAX_AGE,
  });
  const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!value) return false;
  const [token, identifier] = value.split('!');
  if (!token || !identifier) return false;
  const expected = await createHMAC('SHA-256', 'base64urlnopad').sign(
    ctx.context.secret,
    `${userId}!${identifier}`,
  );
  if (token !== expected) return false;
  const record = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return !!record && record.value === userId && record.expiresAt > systemNow();
}

/**
 * One gate for every way of signing in (issue 11, finding 1):
 * - before a session row is written, its endpoint must be classified as one that may sign in
 *   (`AUTH_ENDPOINTS`), else the request is refused with 403 SIGN_IN_METHOD_NOT_ALLOWED;
 * - after any first factor (password, username, phone and password, magic link, e-mail code,
 *   phone code, verification link), a user with two-factor on gets the two-factor challenge
 *   instead of the session — as better-auth does for passwords — unless the device is trusted.
 */
export function signInGate(): BetterAuthPlugin {
  return {
    id: 'esop-sign-in-gate',
    init: () => ({
      options: {
        databaseHooks: {
          session: {
            create: {
              async before(session, ctx) {
                const kind = sessionClass(ctx?.path);
                if (!ctx || !kind || !SIGNING_IN.has(kind)) throw refuse();
                if (kind === 'same-user' && ctx.context.session?.user.id !== session.userId) {
                  throw refuse();
                }
                if (kind === 'impersonation' && !ctx.context.session) throw refuse();
              },
            },
          },
        },
      },
    }),
    hooks: {
      after: [
        {
          matcher: (ctx) => sessionClass(ctx.path) === 'first-factor',
          handler: createAuthMiddleware(async (ctx) => {
            const data = ctx.context.newSession;
            const user = data?.user as
              { id: string; twoFactorEnabled?: boolean | null } | undefined;
            if (!data || !user?.twoFactorEnabled) return;
            if (await trustedDevice(ctx, user.id)) return;

            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(data.session.token);
            ctx.context.setNewSession(null);

            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(systemNow().getTime() + TWO_FACTOR_COOKIE_MAX_AGE * 1000);
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
            if (ctx.request?.method === 'GET') {
              // A link opened in the browser (magic link, verification link): on to the
              // second-factor page, with the link's target (where the visitor was going).
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
