import type { GrantStatus } from '../../../contracts/vesting';
import { optionalEnum, optionalPage, optionalSort, optionalText } from '../../lib/search-params';

/**
 * The grant statuses, spelled out here rather than imported: `validateSearch` runs in the entry
 * bundle, where the contract's zod schemas must not go (docs/decisions/005). The type keeps the
 * list in step with the contract's GRANT_STATUSES.
 */
export const GRANT_STATUS_LIST = [
  'draft',
  'offered',
  'accepted',
  'active',
  'fully_vested',
  'partly_exercised',
  'exercised',
  'forfeited',
  'cancelled',
  'expired',
] as const satisfies readonly GrantStatus[];

/** The Grants table's sortable columns (`?sort=` names one, `-` first for descending). */
export type GrantSortColumn =
  | 'stakeholder'
  | 'plan'
  | 'quantity'
  | 'price'
  | 'grantDate'
  | 'status'
  | 'vested'
  | 'unvested'
  | 'exercisable'
  | 'nextInstallment'
  | 'intrinsicValue';

/** Search params of the Grants tab; every key optional so plain tab links stay clean. */
export interface GrantsSearch {
  planId?: string;
  status?: GrantStatus;
  /** Search in the loaded grants: stakeholder and plan names. */
  q?: string;
  /** The table's order, e.g. `-vested`; absent: by grant date, as the API lists them. */
  sort?: string;
  /** Page of the table, from 1; absent on the first page. */
  page?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `validateSearch` of the Grants tab: hand-edited bad values fall back to "no filter". */
export function readGrantsSearch(search: Record<string, unknown>): GrantsSearch {
  const planId =
    typeof search.planId === 'string' && UUID.test(search.planId) ? search.planId : undefined;
  return {
    planId,
    status: optionalEnum(search.status, GRANT_STATUS_LIST),
    q: optionalText(search.q),
    sort: optionalSort(search.sort),
    page: optionalPage(search.page),
  };
}
