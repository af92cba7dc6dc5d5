import { z } from 'zod';
import { requiredText } from './common';

/**
 * Search across the active workspace (issue 15, decision 032): `GET /api/v1/search?q=&limit=`.
 * Every word of `q` is a prefix (`mull` finds Müller), all words must match; accents and case do
 * not count.
 */

export const SEARCH_TYPES = ['company', 'contact', 'stakeholder', 'grant', 'note', 'task'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_QUERY_MAX = 200;

const LIMIT_RULE = `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`;

/** Query of `GET /api/v1/search`. */
export const searchQuerySchema = z.object({
  q: requiredText('q', { max: SEARCH_QUERY_MAX }),
  // Query values are strings: only plain digits count (no '1e2', '0x10').
  limit: z
    .string({ error: LIMIT_RULE })
    .trim()
    .regex(/^\d{1,4}$/, LIMIT_RULE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_RULE).max(SEARCH_LIMIT_MAX, LIMIT_RULE))
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  type: z.enum(SEARCH_TYPES),
  id: z.uuid(),
  /** The company the row belongs to; null for a task not about a company. */
  companyId: z.uuid().nullable(),
  /** Plain text (never HTML): the client renders it as text. */
  title: z.string(),
  /** A short plain-text excerpt around the match, or context (the company's name); may be ''. */
  snippet: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Grouped by type in the order of `SEARCH_TYPES`, best match first within a type. */
export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
