import type { UpcomingItem } from '../../../contracts/vesting';
import { optionalEnum } from '../../lib/search-params';

/**
 * Search params of `/upcoming`, read by plain code: `validateSearch` runs in the entry bundle,
 * where the contract's zod schemas must not go (docs/decisions/005). The `satisfies` clauses keep
 * these copies in step with the contract's UPCOMING_TYPES.
 */

export type UpcomingType = UpcomingItem['type'];

/** In the order the chips show them. */
export const UPCOMING_TYPE_LIST = [
  'cliff',
  'installment',
  'acceptance_deadline',
  'expiry',
  'exercise_deadline',
] as const satisfies readonly UpcomingType[];
type Exhaustive<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const typesCheck: Exhaustive<(typeof UPCOMING_TYPE_LIST)[number], UpcomingType> = true;
void typesCheck;

export const UPCOMING_DAYS = [30, 90, 180, 365] as const;
export type UpcomingDays = (typeof UPCOMING_DAYS)[number];
export const DEFAULT_UPCOMING_DAYS: UpcomingDays = 90;

export const UPCOMING_GROUPS = ['week', 'month'] as const;
export type UpcomingGroup = (typeof UPCOMING_GROUPS)[number];

/** Every key optional, so a plain `/upcoming` link stays clean. */
export interface UpcomingSearch {
  days?: UpcomingDays;
  /** Comma-separated types to show, in list order ("cliff,expiry"); absent: all of them. */
  types?: string;
  group?: UpcomingGroup;
  /** Routine installments too (issue 12: left out unless asked for). */
  installments?: true;
  /** Page of the list, from 1; absent on the first page. */
  page?: number;
}

/** Rows per page of the Upcoming list (as the grants table). */
export const UPCOMING_PAGE_SIZE = 50;

/** `types=` as a list: known types only, in list order, duplicates dropped. */
export function parseTypes(value: unknown): UpcomingType[] {
  if (typeof value !== 'string') return [];
  const wanted = new Set(value.split(',').map((s) => s.trim()));
  return UPCOMING_TYPE_LIST.filter((t) => wanted.has(t));
}

/** The canonical `types=` text; undefined for none or all (both mean "no filter"). */
export function typesParam(types: readonly UpcomingType[]): string | undefined {
  const list = parseTypes(types.join(','));
  return list.length === 0 || list.length === UPCOMING_TYPE_LIST.length
    ? undefined
    : list.join(',');
}

/** `validateSearch` of `/upcoming`: hand-edited bad values fall back to the default. */
export function readUpcomingSearch(search: Record<string, unknown>): UpcomingSearch {
  const days = Number(search.days);
  const installments = search.installments === true || search.installments === 'true';
  const types = parseTypes(search.types);
  return {
    days: (UPCOMING_DAYS as readonly number[]).includes(days) ? (days as UpcomingDays) : undefined,
    // Without installments there is no installment to filter on.
    types: typesParam(installments ? types : types.filter((x) => x !== 'installment')),
    group: optionalEnum(search.group, UPCOMING_GROUPS),
    installments: installments ? true : undefined,
    page: readPage(search.page),
  };
}

/** A whole page number above 1 (the router parses `?page=3` as a number); anything else: none. */
function readPage(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 1 && n <= 1_000_000 ? n : undefined;
}

/** The types the chips offer: routine installments only when they are shown. */
export function chipTypes(search: UpcomingSearch): readonly UpcomingType[] {
  return search.installments
    ? UPCOMING_TYPE_LIST
    : UPCOMING_TYPE_LIST.filter((x) => x !== 'installment');
}

/** Weeks for a short window, months for a long one, unless the URL says otherwise. */
export function groupOf(search: UpcomingSearch): UpcomingGroup {
  return search.group ?? ((search.days ?? DEFAULT_UPCOMING_DAYS) <= 90 ? 'week' : 'month');
}
