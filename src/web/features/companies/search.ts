import { optionalEnum } from '../../lib/search-params';
import type { COMPANY_SORTS, SORT_ORDERS } from '../../../contracts/company';

type CompanySort = (typeof COMPANY_SORTS)[number];
type SortOrder = (typeof SORT_ORDERS)[number];

// Copies of the contract's lists (importing them would bring classic zod along); the type
// checks below fail if the contract gains or loses a value.
const sorts = ['name', 'createdAt'] as const satisfies readonly CompanySort[];
const orders = ['asc', 'desc'] as const satisfies readonly SortOrder[];
type Exhaustive<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sortsCheck: Exhaustive<(typeof sorts)[number], CompanySort> = true;
const ordersCheck: Exhaustive<(typeof orders)[number], SortOrder> = true;
void sortsCheck;
void ordersCheck;

/**
 * Search params of `/companies`. Every key is optional so plain `/companies` links stay clean;
 * bad values (hand-edited URLs) fall back to the default instead of failing the route.
 */
export interface CompaniesSearch {
  q?: string;
  sort?: CompanySort;
  order?: SortOrder;
}

/** validateSearch of `/companies` (plain function: it runs in the initial bundle). */
export function companiesSearchSchema(search: Record<string, unknown>): CompaniesSearch {
  const q = typeof search.q === 'string' ? search.q.trim() : '';
  return {
    q: q && q.length <= 200 ? q : undefined,
    sort: optionalEnum(search.sort, sorts),
    order: optionalEnum(search.order, orders),
  };
}

export const DEFAULT_COMPANY_SORT: CompanySort = 'name';
export const DEFAULT_SORT_ORDER: SortOrder = 'asc';
