/** Entries the Grants tab's "Next 90 days" list shows until "Show all" is pressed. */
export const UPCOMING_SHOWN = 10;

/**
 * The part of a list (sorted soonest first) to render: the first `limit` entries, or all of them
 * once expanded; `hidden` is how many are left out (0: no toggle needed).
 */
export function firstOf<T>(items: readonly T[], expanded: boolean, limit = UPCOMING_SHOWN) {
  const shown = expanded || items.length <= limit ? items : items.slice(0, limit);
  return { shown, hidden: items.length - shown.length, toggle: items.length > limit };
}
