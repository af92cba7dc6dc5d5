import { compareDecimals } from '../../domain/valuation';

/**
 * Sorting of the data tables (issue 12). The order lives in the URL as `?sort=column` or
 * `?sort=-column` (read by `optionalSort` in search-params.ts, which stays in the entry bundle);
 * this module, with the comparisons, travels in the tables' lazy chunks.
 */

/** The values of `aria-sort`, so the state can be written to the header as it is. */
export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  column: string;
  direction: SortDirection;
}

/**
 * How a column's values compare: `count` (numbers), `decimal` (the API's decimal strings, exact:
 * never through a float), `date` (ISO `YYYY-MM-DD`), `text` (collated: "item 9" before "item 10",
 * accents and case ignored).
 */
export type SortKind = 'count' | 'decimal' | 'date' | 'text';

/** A cell's sort value; null (no value) sorts last in both directions. */
export type SortValue = number | string | null;

/** `"-vested"` → vested, descending; undefined → null (the table's own order). */
export function parseSort(param: string | undefined): SortState | null {
  if (!param) return null;
  return param.startsWith('-')
    ? { column: param.slice(1), direction: 'descending' }
    : { column: param, direction: 'ascending' };
}

/**
 * The order `param` names when `sortable` has its column (a hand-edited or outdated URL names
 * one the table lacks: null, the table's own order).
 */
export function resolveSort(
  param: string | undefined,
  sortable: readonly string[],
): SortState | null {
  const sort = parseSort(param);
  return sort && sortable.includes(sort.column) ? sort : null;
}

/** The URL form of a sort order; undefined for the table's default (clean URLs). */
export function formatSort(state: SortState, defaultSort?: SortState): string | undefined {
  if (
    defaultSort &&
    state.column === defaultSort.column &&
    state.direction === defaultSort.direction
  )
    return undefined;
  return state.direction === 'descending' ? `-${state.column}` : state.column;
}

/** After a click on a column's header: the other direction when it is the sorted one, else ascending. */
export function toggleSort(current: SortState | null, column: string): SortState {
  if (current?.column === column)
    return {
      column,
      direction: current.direction === 'ascending' ? 'descending' : 'ascending',
    };
  return { column, direction: 'ascending' };
}

function compareNonNull(
  a: number | string,
  b: number | string,
  kind: SortKind,
  collator: Intl.Collator,
) {
  switch (kind) {
    case 'count':
      return Number(a) - Number(b);
    case 'decimal':
      return compareDecimals(String(a), String(b));
    case 'date':
      // ISO dates order as text.
      return a < b ? -1 : a > b ? 1 : 0;
    case 'text':
      return collator.compare(String(a), String(b));
  }
}

/**
 * `rows` in the order of `value` (a copy; the input is untouched). Stable: rows that compare equal
 * keep their order (the API's), in both directions. Rows without a value come last either way.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  value: (row: Row) => SortValue,
  kind: SortKind,
  direction: SortDirection,
  locale?: string,
): Row[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = direction === 'ascending' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, key: value(row) }));
  keyed.sort((x, y) => {
    if (x.key === null || y.key === null) {
      if (x.key === y.key) return x.index - y.index;
      return x.key === null ? 1 : -1;
    }
    return sign * compareNonNull(x.key, y.key, kind, collator) || x.index - y.index;
  });
  return keyed.map((k) => k.row);
}
