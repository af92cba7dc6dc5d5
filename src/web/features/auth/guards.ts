import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from './session';

/**
 * For /auth/sign-in and the other ways in: a signed-in visitor goes straight to `target`, unless
 * they are adding another account to this browser (`addAccount`, multi-session), in which case
 * the page is for them.
 */
export async function redirectIfSignedIn(
  queryClient: QueryClient,
  target: string,
  options: { addAccount?: boolean | undefined } = {},
): Promise<void> {
  if (options.addAccount) return;
  // An unreachable auth server should still let the form render (it will report the error).
  const session = await queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
  if (session) throw redirect({ href: target, replace: true });
}

/**
 * A yes/no search flag of the auth pages, such as `addAccount` ("Add another account" in the
 * header's menu): `true` for `?flag=true` (or `1`), otherwise absent. A plain function, not a
 * zod schema: `validateSearch` runs in the initial bundle (docs/decisions/005).
 */
export function searchFlag(value: unknown): true | undefined {
  return value === true || value === 1 || value === 'true' || value === '1' ? true : undefined;
}
