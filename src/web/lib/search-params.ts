/**
 * Readers for route search params. `validateSearch` runs in the initial bundle (the router does
 * not split it), so these are plain functions rather than zod schemas (docs/decisions/005). Bad
 * values from hand-edited URLs fall back to "absent" instead of failing the route.
 */
export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function optionalEnum<T extends string>(
  value: unknown,
  allowed: readonly T[],
): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** A whole page number above 1 (the router parses `?page=3` as a number); anything else: none. */
export function optionalPage(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 1 && n <= 1_000_000 ? n : undefined;
}

/**
 * A table's sort order: `?sort=vested` (ascending) or `?sort=-vested` (descending). Only its
 * shape is checked here (the columns' lists would weigh on the entry bundle): a column the table
 * does not sort by falls back to the table's own order there (`resolveSort`).
 */
export function optionalSort(value: unknown): string | undefined {
  return typeof value === 'string' && /^-?[a-z][\w-]{0,60}$/i.test(value) ? value : undefined;
}

/**
 * A search text of at most `max` characters, trimmed; empty is none. A hand-typed `?q=1042`
 * reaches us as a number (the router parses values as JSON) and is read as its text.
 */
export function optionalText(value: unknown, max = 200): string | undefined {
  const text =
    typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return text && text.length <= max ? text : undefined;
}
