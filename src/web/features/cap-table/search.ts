import { isIsoDate } from '../../../domain/dates';
import { optionalSort } from '../../lib/search-params';

/** The register's sortable columns. */
export type RegisterSortColumn =
  | 'date'
  | 'type'
  | 'class'
  | 'from'
  | 'to'
  | 'shares'
  | 'shareNumbers'
  | 'price'
  | 'deedDate'
  | 'notary';

/** Search params of the Cap table tab. */
export type CapTableSearch = {
  /** The cap table's date (YYYY-MM-DD); absent means today. */
  asOf?: string;
  /** The cap table's order, e.g. `holder`; absent: largest fully diluted first, as the API. */
  sort?: string;
  /** The register's order, e.g. `-date`; absent: by date, as the API. */
  registerSort?: string;
};

/**
 * `validateSearch` of the Cap table route: a plain reader, not zod, because it runs in the initial
 * bundle (docs/decisions/005). A hand-edited date that does not exist falls back to today; a
 * column a table does not have, to the table's own order (there).
 */
export function readCapTableSearch(search: Record<string, unknown>): CapTableSearch {
  const { asOf } = search;
  return {
    asOf: typeof asOf === 'string' && isIsoDate(asOf) ? asOf : undefined,
    sort: optionalSort(search.sort),
    registerSort: optionalSort(search.registerSort),
  };
}
