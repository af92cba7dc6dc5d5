/** Rows per page of the Grants tab's table: a company may have thousands of grants. */
export const GRANTS_PAGE_SIZE = 50;

/**
 * The page to show of `total` rows, from 1 (clamped to the last page: a filter or a deletion may
 * have shortened the list), and the rows it holds: `from` inclusive, `to` exclusive.
 */
export function pageOf(requested: number | undefined, total: number, size = GRANTS_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested ?? 1), pageCount);
  const from = (page - 1) * size;
  return { page, pageCount, from, to: Math.min(total, from + size) };
}

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
