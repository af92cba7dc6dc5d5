import { msg } from '../../lib/i18n';
import type { UpcomingType } from './search';

/**
 * Catalog keys of the names of what falls due, shared by the practice view and the company's
 * Grants tab: `t(UPCOMING_TYPE_LABELS[type])`.
 */
export const UPCOMING_TYPE_LABELS: Record<UpcomingType, string> = {
  cliff: msg('upcoming.type.cliff'),
  installment: msg('upcoming.type.installment'),
  acceptance_deadline: msg('upcoming.type.acceptance_deadline'),
  expiry: msg('upcoming.type.expiry'),
  exercise_deadline: msg('upcoming.type.exercise_deadline'),
};

/** Catalog keys of the plural names, for the filter chips. */
export const UPCOMING_TYPE_PLURALS: Record<UpcomingType, string> = {
  cliff: msg('upcoming.types.cliff'),
  installment: msg('upcoming.types.installment'),
  acceptance_deadline: msg('upcoming.types.acceptance_deadline'),
  expiry: msg('upcoming.types.expiry'),
  exercise_deadline: msg('upcoming.types.exercise_deadline'),
};
