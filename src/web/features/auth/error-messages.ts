/** The error object better-auth's client returns: `{ code, message, status, statusText }`. */
export type AuthClientError = {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
  statusText?: string | undefined;
};

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many attempts. Please wait a moment and try again.';

// Shared with the full catalogue (error-catalogue.ts).
const INVALID_CREDENTIALS = 'Invalid e-mail address or password.';
const ACCOUNT_EXISTS = 'An account with this e-mail address already exists. Sign in instead.';
export const NO_ACCOUNT = 'No account was found for this e-mail address.';
export const RE_AUTHENTICATE = 'For your security, please sign in again before doing this.';
const INVALID_LINK = 'This link is not valid. It may have expired or been used already.';
const NOT_ALLOWED = 'You are not allowed to do this.';

/**
 * Our own wording for better-auth's error codes. The server's messages are written for developers
 * ("Invalid email or password" is fine, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" is not), and fixed
 * text keeps the UI stable across better-auth upgrades.
 *
 * This module is in the initial bundle (the session query uses it), so it holds only the codes of
 * signing up, signing in and sessions. The messages for every other code of the plugins we run
 * (error-catalogue.ts, about 3.5 kB gzipped) are fetched right after start-up instead
 * (docs/decisions/005): those codes come from calls made on lazily loaded pages, by which time
 * the catalogue is in. Until it is, the fallbacks below still give a readable text.
 */
let messages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: INVALID_CREDENTIALS,
  INVALID_PASSWORD: INVALID_CREDENTIALS,
  INVALID_EMAIL: 'Enter a valid e-mail address.',
  USER_ALREADY_EXISTS: ACCOUNT_EXISTS,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: ACCOUNT_EXISTS,
  EMAIL_NOT_VERIFIED:
    'Your e-mail address is not verified yet. Click the link in the verification e-mail first.',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters.',
  PASSWORD_TOO_LONG: 'Password is at most 128 characters.',
  EMAIL_ALREADY_VERIFIED: 'This e-mail address is already verified. You can sign in.',
  INVALID_TOKEN: INVALID_LINK,
  TOKEN_EXPIRED: 'This link has expired. Request a new one.',
  USER_NOT_FOUND: NO_ACCOUNT,
  USER_EMAIL_NOT_FOUND: NO_ACCOUNT,
  SESSION_EXPIRED: RE_AUTHENTICATE,
  FAILED_TO_GET_SESSION: 'Your session has ended. Please sign in again.',
  FAILED_TO_CREATE_USER: 'The account could not be created. Please try again.',
  FAILED_TO_CREATE_SESSION: 'Signing in failed. Please try again.',
  TOO_MANY_REQUESTS: TOO_MANY_REQUESTS_MESSAGE,
  RATE_LIMITED: TOO_MANY_REQUESTS_MESSAGE,
  // Our gateway (src/server/auth/gateway.ts and sign-in-gate.ts).
  SIGN_IN_DELAYED:
    'Too many failed sign-ins for this account. Wait a little and try again, or sign in with a link sent by e-mail.',
  SIGN_IN_METHOD_NOT_ALLOWED: 'This way of signing in is not available.',
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

/** The fixed message for a better-auth error code, or undefined for a code we do not know. */
export function authErrorCodeMessage(code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (Object.hasOwn(messages, code)) return messages[code];
  return isPermissionCode(code) ? NOT_ALLOWED : undefined;
}

/**
 * Display text for a better-auth error, in this order: our message for a known code (or for
 * status 429), the server's message, the code, the status text, "Request failed".
 */
export function authErrorMessage(error: AuthClientError | null | undefined): string {
  if (!error) return 'Request failed';
  const known = authErrorCodeMessage(error.code);
  if (known) return known;
  if (error.status === 429) return TOO_MANY_REQUESTS_MESSAGE;
  return error.message || error.code || error.statusText || 'Request failed';
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
