/** Rows per page of the data tables (grants, stakeholders): a company may have thousands. */
export const TABLE_PAGE_SIZE = 50;

/**
 * The page to show of `total` rows, from 1 (clamped to the last page: a filter or a deletion may
 * have shortened the list), and the rows it holds: `from` inclusive, `to` exclusive.
 */
export function pageOf(requested: number | undefined, total: number, size = TABLE_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested ?? 1), pageCount);
  const from = (page - 1) * size;
  return { page, pageCount, from, to: Math.min(total, from + size) };
}
