import {
  STAKEHOLDER_RELATIONSHIPS,
  STAKEHOLDER_STATUSES,
  type StakeholderRelationship,
  type StakeholderStatus,
} from '../../../domain/equity';
import { optionalEnum } from '../../lib/search-params';

/** Search params of the Stakeholders tab; every key optional so plain tab links stay clean. */
export interface StakeholdersSearch {
  q?: string;
  relationship?: StakeholderRelationship;
  status?: StakeholderStatus;
}

/**
 * `validateSearch` of the Stakeholders tab: a plain reader, not zod, because it runs in the
 * initial bundle (docs/decisions/005). Hand-edited bad values fall back to "no filter".
 */
export function readStakeholdersSearch(search: Record<string, unknown>): StakeholdersSearch {
  const q = typeof search.q === 'string' ? search.q.trim() : '';
  return {
    q: q && q.length <= 200 ? q : undefined,
    relationship: optionalEnum(search.relationship, STAKEHOLDER_RELATIONSHIPS),
    status: optionalEnum(search.status, STAKEHOLDER_STATUSES),
  };
}

export function hasFilters(search: StakeholdersSearch): boolean {
  return Boolean(search.q || search.relationship || search.status);
}
