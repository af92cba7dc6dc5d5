// The key hierarchy of account data lives here only (light: no better-auth client, so the
// header's menu can share keys with the account pages). Not under ['auth', 'session']: these are
// user data, which features/auth/session.ts drops on sign-in, sign-out and a change of user.
export const accountKeys = {
  all: ['account'] as const,
  session: () => [...accountKeys.all, 'session'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  deviceSessions: () => [...accountKeys.all, 'device-sessions'] as const,
  passkeys: () => [...accountKeys.all, 'passkeys'] as const,
  apiKeys: () => [...accountKeys.all, 'api-keys'] as const,
};
