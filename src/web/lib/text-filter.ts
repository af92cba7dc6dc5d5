/** Lower case without accents: "Émile" and "emile" are the same to a search box. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Whether a row's texts match a search: every word of `query` appears in one of `fields`
 * (case and accents ignored). An empty query matches everything.
 */
export function matchesQuery(
  fields: readonly (string | null | undefined)[],
  query: string,
): boolean {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields
    .filter((f): f is string => Boolean(f))
    .map(foldText)
    .join('\n');
  return words.every((word) => haystack.includes(word));
}
