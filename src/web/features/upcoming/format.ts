import type { UpcomingType } from './search';

/** Names of what falls due, shared by the practice view and the company's Grants tab. */
export const UPCOMING_TYPE_LABELS: Record<UpcomingType, string> = {
  cliff: 'Cliff',
  installment: 'Installment',
  acceptance_deadline: 'Acceptance deadline',
  expiry: 'Expiry',
  exercise_deadline: 'Exercise deadline',
};

/** Plural names for the filter chips. */
export const UPCOMING_TYPE_PLURALS: Record<UpcomingType, string> = {
  cliff: 'Cliffs',
  installment: 'Installments',
  acceptance_deadline: 'Acceptance deadlines',
  expiry: 'Expiries',
  exercise_deadline: 'Exercise deadlines',
};
