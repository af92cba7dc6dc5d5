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

/*
 * The words of a search input (decision 032), shared by the server (which makes each a quoted
 * prefix term) and the client (which highlights them): cut at anything but letters, digits and
 * the marks of e-mail addresses and numbers (`@ . _ + -`), marks at a word's ends dropped, words
 * without a letter or digit dropped.
 */

/** More words than this add nothing a person types, and each costs an index lookup. */
export const MAX_TERMS = 8;
/** A single word longer than this is not a prefix anyone types (and keeps lexemes short). */
const MAX_TERM_LENGTH = 64;

const SEPARATOR = /[^\p{L}\p{M}\p{N}@._+-]+/u;
const HAS_WORD = /[\p{L}\p{N}]/u;

/** The words of a search input that become prefix terms (at most `MAX_TERMS`, no repeats). */
export function searchTerms(input: string): string[] {
  const words = input
    .normalize('NFC')
    .split(SEPARATOR)
    // Leading and trailing marks are no part of a word ("Müller." or "-x").
    .map((w) => [...w.replace(/^[@._+-]+|[@._+-]+$/g, '')].slice(0, MAX_TERM_LENGTH).join(''))
    .filter((w) => HAS_WORD.test(w));
  return [...new Set(words.map((w) => w.toLowerCase()))].slice(0, MAX_TERMS);
}

/** Lower case without accents, as `simple_unaccent` folds (for finding the match in a text). */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}
