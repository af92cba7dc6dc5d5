import type { QueryClient } from '@tanstack/react-query';
import { organizationsQueryOptions } from './keys';

/**
 * The signed-in user's workspace whose slug is `slug`, or undefined. Asks the server again when
 * the cached list has no such workspace (it may have been created or renamed since).
 */
export async function findWorkspaceBySlug(queryClient: QueryClient, slug: string) {
  const cached = await queryClient.fetchQuery(organizationsQueryOptions());
  const found = cached?.find((o) => o.slug === slug);
  if (found) return found;
  const fresh = await queryClient.fetchQuery({ ...organizationsQueryOptions(), staleTime: 0 });
  return fresh?.find((o) => o.slug === slug);
}
