// zod/mini: route search validation runs in the initial bundle (validateSearch is not split).
import * as z from 'zod/mini';
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
export const companiesSearchSchema = z.object({
  q: z.catch(
    z.optional(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(200)),
        z.transform((v) => v || undefined),
      ),
    ),
    undefined,
  ),
  sort: z.catch(z.optional(z.enum(sorts)), undefined),
  order: z.catch(z.optional(z.enum(orders)), undefined),
});

export type CompaniesSearch = z.output<typeof companiesSearchSchema>;

export const DEFAULT_COMPANY_SORT: CompanySort = 'name';
export const DEFAULT_SORT_ORDER: SortOrder = 'asc';
