import {
  STAKEHOLDER_RELATIONSHIPS,
  STAKEHOLDER_STATUSES,
  type StakeholderRelationship,
  type StakeholderStatus,
} from '../../../domain/equity';
import { optionalEnum, optionalPage, optionalSort, optionalText } from '../../lib/search-params';

/** The Stakeholders table's sortable columns (`?sort=` names one, `-` first for descending). */
export type StakeholderSortColumn =
  'name' | 'relationship' | 'status' | 'contact' | 'employeeId' | 'taxCountry';

/** Search params of the Stakeholders tab; every key optional so plain tab links stay clean. */
export interface StakeholdersSearch {
  q?: string;
  relationship?: StakeholderRelationship;
  status?: StakeholderStatus;
  /** The table's order, e.g. `-status`; absent: by name, as the API lists them. */
  sort?: string;
  /** Page of the table, from 1; absent on the first page. */
  page?: number;
}

/**
 * `validateSearch` of the Stakeholders tab: a plain reader, not zod, because it runs in the
 * initial bundle (docs/decisions/005). Hand-edited bad values fall back to "no filter".
 */
export function readStakeholdersSearch(search: Record<string, unknown>): StakeholdersSearch {
  return {
    q: optionalText(search.q),
    relationship: optionalEnum(search.relationship, STAKEHOLDER_RELATIONSHIPS),
    status: optionalEnum(search.status, STAKEHOLDER_STATUSES),
    sort: optionalSort(search.sort),
    page: optionalPage(search.page),
  };
}

export function hasFilters(search: StakeholdersSearch): boolean {
  return Boolean(search.q || search.relationship || search.status);
}
