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
