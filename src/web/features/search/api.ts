import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { searchResponseSchema, SEARCH_QUERY_MAX } from '../../../contracts/search';
import { apiFetch } from '../../lib/api';

/** How many results the palette asks for (shared among the types by the server). */
export const PALETTE_LIMIT = 20;

/** `GET /search?q=&limit=`: results grouped by type (issue 15). */
export function searchQueryOptions(q: string) {
  const query = q.trim().slice(0, SEARCH_QUERY_MAX);
  return queryOptions({
    queryKey: ['search', query] as const,
    queryFn: ({ signal }) =>
      apiFetch('/search', {
        signal,
        query: { q: query, limit: String(PALETTE_LIMIT) },
        schema: searchResponseSchema,
      }),
    enabled: query.length > 0,
    // The last answer stays while the next is on its way: the list does not flash empty per key.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
