import { inferAdditionalFields, organizationClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { env } from '../../env';

/**
 * better-auth client for `/api/auth/*`. The organization plugin matches the server's; a law firm
 * is one organization and the session's `activeOrganizationId` scopes every business call.
 */
export const authClient = createAuthClient({
  baseURL: env.apiUrl,
  plugins: [
    organizationClient(),
    // The account's language (issue 12); a type-level plugin, nothing at run time.
    inferAdditionalFields({ user: { locale: { type: 'string', required: false } } }),
  ],
  fetchOptions: { credentials: 'include' },
});

export type AuthSession = typeof authClient.$Infer.Session;

/** Where the server sends people after they click the link in a verification e-mail. */
export const VERIFY_CALLBACK_PATH = '/auth/callback';
