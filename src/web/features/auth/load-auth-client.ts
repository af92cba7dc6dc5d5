import type { authClient } from './auth-client';

/**
 * The small better-auth client (auth-client.ts), loaded on first use. Modules of the initial
 * bundle (the header, the session guard, start-up) call it only from actions — signing out,
 * switching workspace or account, saving the language — so the client and its fetch library
 * (about 14 kB gzipped) stay out of the initial JS (docs/decisions/005). The session itself is
 * read without it (session.ts). Lazily loaded pages import auth-client.ts directly.
 */
export function loadAuthClient(): Promise<typeof authClient> {
  return import('./auth-client').then((module) => module.authClient);
}
