import { useSuspenseQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from './session';

/**
 * The signed-in user's id, for what this browser keeps per user (a table's columns). The `_app`
 * layout loads the session before any signed-in page renders, so this does not suspend there.
 * A module of its own: the session's module is in the entry bundle, this hook is not needed there.
 */
export function useSessionUserId(): string {
  const { data: session } = useSuspenseQuery(sessionQueryOptions());
  return session?.user.id ?? '';
}
