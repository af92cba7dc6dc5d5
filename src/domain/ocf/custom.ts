/**
 * What OCF has no field for travels in one comment of the object (docs/decisions/024): the
 * prefix below and a JSON object. Other tools show it as a comment; our import reads it back, so
 * an export re-imported loses nothing. A foreign package has no such comment and is read from the
 * OCF fields alone.
 */
export const CUSTOM_PREFIX = 'esop-crm: ';

/** The comment that carries `fields` (undefined values left out). */
export function customComment(fields: Record<string, unknown>): string {
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return CUSTOM_PREFIX + JSON.stringify(defined);
}

/** The fields of an object's custom comment; {} when it has none (or one we cannot read). */
export function readCustom(comments: unknown): Record<string, unknown> {
  if (!Array.isArray(comments)) return {};
  for (const comment of comments) {
    if (typeof comment !== 'string' || !comment.startsWith(CUSTOM_PREFIX)) continue;
    try {
      const value: unknown = JSON.parse(comment.slice(CUSTOM_PREFIX.length));
      if (value && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // Not ours after all: an ordinary comment.
    }
  }
  return {};
}

/** Comments other than our custom one (kept as notes on import). */
export function plainComments(comments: unknown): string[] {
  if (!Array.isArray(comments)) return [];
  return comments.filter(
    (c): c is string => typeof c === 'string' && !c.startsWith(CUSTOM_PREFIX) && c.trim() !== '',
  );
}
