import { apiKeyClient } from '@better-auth/api-key/client';
import { passkeyClient } from '@better-auth/passkey/client';
import {
  adminClient,
  emailOTPClient,
  inferAdditionalFields,
  magicLinkClient,
  multiSessionClient,
  organizationClient,
  phoneNumberClient,
  twoFactorClient,
  usernameClient,
} from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { ac, roles } from '../../../contracts/access-control';
import { env } from '../../env';

/**
 * The complete better-auth client: every plugin of the server (src/server/auth/plugins.ts).
 * Import it only from lazily loaded routes (auth pages, account, organization, admin): its
 * plugins would push the initial bundle over budget (docs/decisions/005). The small client in
 * auth-client.ts serves the session checks of every page; both share the same cookies.
 */
export const fullAuthClient = createAuthClient({
  baseURL: env.apiUrl,
  fetchOptions: { credentials: 'include' },
  plugins: [
    inferAdditionalFields({ user: { twoFactorChannel: { type: 'string', required: false } } }),
    usernameClient(),
    magicLinkClient(),
    emailOTPClient(),
    phoneNumberClient(),
    // On a sign-in that needs a second factor, the pages send the user to /auth/two-factor.
    twoFactorClient(),
    passkeyClient(),
    apiKeyClient(),
    multiSessionClient(),
    adminClient(),
    organizationClient({
      ac,
      roles,
      teams: { enabled: true },
      dynamicAccessControl: { enabled: true },
    }),
  ],
});

export type FullAuthClient = typeof fullAuthClient;
