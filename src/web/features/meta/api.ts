import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

/** `GET /api/v1/meta`: server facts the UI shows (e.g. that mail goes to a local outbox). */
export function metaQueryOptions() {
  return queryOptions({
    queryKey: ['meta'],
    queryFn: async ({ signal }) => {
      // The root layout needs this, so the contract (and zod with it) is fetched on demand
      // rather than shipped in the initial bundle; it loads alongside the request.
      const { metaResponseSchema } = await import('../../../contracts/meta');
      return apiFetch('/meta', { signal, schema: metaResponseSchema });
    },
    // Configuration of a running server does not change while the page is open.
    staleTime: Infinity,
  });
}
