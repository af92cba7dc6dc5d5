import { isIsoDate } from '../../../domain/dates';

/** Search params of the Cap table tab. */
export type CapTableSearch = {
  /** The cap table's date (YYYY-MM-DD); absent means today. */
  asOf?: string;
};

/**
 * `validateSearch` of the Cap table route: a plain reader, not zod, because it runs in the initial
 * bundle (docs/decisions/005). A hand-edited date that does not exist falls back to today.
 */
export function readCapTableSearch(search: Record<string, unknown>): CapTableSearch {
  const { asOf } = search;
  return typeof asOf === 'string' && isIsoDate(asOf) ? { asOf } : {};
}
