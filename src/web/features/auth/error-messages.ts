/** The error object better-auth's client returns: `{ code, message, status, statusText }`. */
export type AuthClientError = {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
  statusText?: string | undefined;
};

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many attempts. Please wait a moment and try again.';

/**
 * Our own wording for the codes people actually run into. The server's messages are written for
 * developers ("Invalid email or password" is fine, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" is not),
 * and fixed text keeps the UI stable across better-auth upgrades.
 */
const messages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid e-mail address or password.',
  INVALID_PASSWORD: 'Invalid e-mail address or password.',
  INVALID_EMAIL: 'Enter a valid e-mail address.',
  USER_ALREADY_EXISTS: 'An account with this e-mail address already exists. Sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'An account with this e-mail address already exists. Sign in instead.',
  EMAIL_NOT_VERIFIED:
    'Your e-mail address is not verified yet. Click the link in the verification e-mail first.',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters.',
  PASSWORD_TOO_LONG: 'Password is at most 128 characters.',
  EMAIL_ALREADY_VERIFIED: 'This e-mail address is already verified. You can sign in.',
  INVALID_TOKEN: 'This verification link is not valid. It may have been used already.',
  TOKEN_EXPIRED: 'This verification link has expired. Request a new one.',
  USER_NOT_FOUND: 'No account was found for this e-mail address.',
  USER_EMAIL_NOT_FOUND: 'No account was found for this e-mail address.',
  SESSION_EXPIRED: 'Your session has expired. Please sign in again.',
  FAILED_TO_CREATE_USER: 'The account could not be created. Please try again.',
  FAILED_TO_CREATE_SESSION: 'Signing in failed. Please try again.',
  TOO_MANY_REQUESTS: TOO_MANY_REQUESTS_MESSAGE,
  RATE_LIMITED: TOO_MANY_REQUESTS_MESSAGE,
};

/**
 * Display text for a better-auth error, in this order: our message for a known code (or for
 * status 429), the server's message, the code, the status text, "Request failed".
 */
export function authErrorMessage(error: AuthClientError | null | undefined): string {
  if (!error) return 'Request failed';
  const known = error.code ? messages[error.code] : undefined;
  if (known) return known;
  if (error.status === 429) return TOO_MANY_REQUESTS_MESSAGE;
  return error.message || error.code || error.statusText || 'Request failed';
}

/** Which sign-in/sign-up field an error code belongs to, so it can also be shown inline. */
export function authErrorField(
  error: AuthClientError | null | undefined,
): 'name' | 'email' | 'password' | null {
  switch (error?.code) {
    case 'INVALID_EMAIL':
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return 'email';
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
      return 'password';
    default:
      return null;
  }
}
