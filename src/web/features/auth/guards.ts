import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from './session';

/** For /auth/sign-in and /auth/sign-up: a signed-in visitor goes straight to `target`. */
export async function redirectIfSignedIn(queryClient: QueryClient, target: string): Promise<void> {
  // An unreachable auth server should still let the form render (it will report the error).
  const session = await queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
  if (session) throw redirect({ href: target, replace: true });
}
