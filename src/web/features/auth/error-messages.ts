import { msg, t } from '../../lib/i18n';

/** The error object better-auth's client returns: `{ code, message, status, statusText }`. */
export type AuthClientError = {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
  statusText?: string | undefined;
};

const TOO_MANY_REQUESTS = msg('auth.error.tooManyRequests');
const INVALID_CREDENTIALS = msg('auth.error.invalidCredentials');
const ACCOUNT_EXISTS = msg('auth.error.accountExists');
const NO_ACCOUNT = msg('auth.error.noAccount');
const INVALID_LINK = msg('auth.error.invalidLink');

/**
 * Our own wording for better-auth's error codes, as catalog keys (`auth.error.*`, decision 018):
 * shown in the reader's language. The server's messages are written for developers ("Invalid
 * email or password" is fine, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" is not), and fixed text
 * keeps the UI stable across better-auth upgrades.
 *
 * This module is in the initial bundle (the session query uses it), so it holds only the codes of
 * signing up, signing in and sessions. The keys for every other code of the plugins we run
 * (error-catalogue.ts) are fetched right after start-up instead (docs/decisions/005): those codes
 * come from calls made on lazily loaded pages, by which time the catalogue is in. Until it is,
 * the fallbacks below still give a readable text.
 */
let messages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: INVALID_CREDENTIALS,
  INVALID_PASSWORD: INVALID_CREDENTIALS,
  INVALID_EMAIL: msg('auth.error.invalidEmail'),
  USER_ALREADY_EXISTS: ACCOUNT_EXISTS,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: ACCOUNT_EXISTS,
  EMAIL_NOT_VERIFIED: msg('auth.error.emailNotVerified'),
  PASSWORD_TOO_SHORT: msg('auth.error.passwordTooShort'),
  PASSWORD_TOO_LONG: msg('auth.error.passwordTooLong'),
  EMAIL_ALREADY_VERIFIED: msg('auth.error.emailAlreadyVerified'),
  INVALID_TOKEN: INVALID_LINK,
  TOKEN_EXPIRED: msg('auth.error.linkExpired'),
  USER_NOT_FOUND: NO_ACCOUNT,
  USER_EMAIL_NOT_FOUND: NO_ACCOUNT,
  SESSION_EXPIRED: msg('auth.error.reAuthenticate'),
  FAILED_TO_GET_SESSION: msg('common.session.ended'),
  FAILED_TO_CREATE_USER: msg('auth.error.accountNotCreated'),
  FAILED_TO_CREATE_SESSION: msg('auth.error.signInFailed'),
  TOO_MANY_REQUESTS: TOO_MANY_REQUESTS,
  RATE_LIMITED: TOO_MANY_REQUESTS,
  // Our gateway (src/server/auth/gateway.ts and sign-in-gate.ts).
  SIGN_IN_DELAYED: msg('auth.error.signInDelayed'),
  SIGN_IN_METHOD_NOT_ALLOWED: msg('auth.error.signInMethodNotAllowed'),
  INVALID_LOCALE: msg('auth.error.invalidLocale'),
};

/** Resolves once the full catalogue is in use; tests await it. Never rejects (offline: core only). */
export const authErrorCatalogueReady: Promise<void> = import('./error-catalogue').then(
  ({ authErrorCatalogue }) => {
    messages = { ...authErrorCatalogue, ...messages };
  },
  () => undefined,
);

/** Every `YOU_ARE_NOT_ALLOWED_TO_…` code means the same thing to the person who sees it. */
function isPermissionCode(code: string): boolean {
  return (
    code.startsWith('YOU_ARE_NOT_ALLOWED_TO_') ||
    code === 'YOU_CAN_NOT_ACCESS_THE_MEMBERS_OF_THIS_TEAM'
  );
}

/**
 * The fixed message for a better-auth error code in the active language, or undefined for a
 * code we do not know.
 */
export function authErrorCodeMessage(code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (Object.hasOwn(messages, code)) return t(messages[code]!);
  return isPermissionCode(code) ? t('auth.error.notAllowed') : undefined;
}

/**
 * Display text for a better-auth error, in this order: our message for a known code (or for
 * status 429), the server's message, the code, the status text, "Request failed".
 */
export function authErrorMessage(error: AuthClientError | null | undefined): string {
  if (!error) return t('common.requestFailed');
  const known = authErrorCodeMessage(error.code);
  if (known) return known;
  if (error.status === 429) return t(TOO_MANY_REQUESTS);
  return error.message || error.code || error.statusText || t('common.requestFailed');
}

/** Which auth form field an error code belongs to, so it can also be shown inline. */
export function authErrorField(
  error: AuthClientError | null | undefined,
): 'name' | 'email' | 'password' | 'code' | null {
  switch (error?.code) {
    case 'INVALID_EMAIL':
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return 'email';
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
    case 'PASSWORD_COMPROMISED':
      return 'password';
    case 'INVALID_OTP':
    case 'OTP_EXPIRED':
    case 'INVALID_CODE':
    case 'OTP_HAS_EXPIRED':
    case 'INVALID_BACKUP_CODE':
      return 'code';
    default:
      return null;
  }
}
