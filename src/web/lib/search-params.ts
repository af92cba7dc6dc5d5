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
