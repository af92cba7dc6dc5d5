import { optionalSort } from '../../lib/search-params';

/** The valuation history's sortable columns (`?sort=` names one, `-` first for descending). */
export type ValuationSortColumn =
  | 'date'
  | 'purpose'
  | 'method'
  | 'provider'
  | 'equityValue'
  | 'pricePerShare'
  | 'fmv'
  | 'change'
  | 'status';

/** Search params of the Valuations tab. */
export interface ValuationsSearch {
  /** The history's order, e.g. `fmv`; absent: newest first. */
  sort?: string;
}

/** `validateSearch` of the Valuations tab: plain code for the entry bundle (decision 005). */
export function readValuationsSearch(search: Record<string, unknown>): ValuationsSearch {
  return { sort: optionalSort(search.sort) };
}
