import type { UpcomingItem } from '../../../contracts/vesting';

/** The catalog's word for each kind of deadline (digest and calendar feed). */
export const DEADLINE_LABEL: Record<UpcomingItem['type'], string> = {
  cliff: 'mail.deadline.cliff',
  installment: 'mail.deadline.installment',
  acceptance_deadline: 'mail.deadline.acceptanceDeadline',
  expiry: 'mail.deadline.expiry',
  exercise_deadline: 'mail.deadline.exerciseDeadline',
};

/** Links into the app (its SPA routes) from a mail or a calendar event. */
export function appLinks(appUrl: string) {
  const base = appUrl.replace(/\/+$/, '');
  const id = encodeURIComponent;
  return {
    company: (companyId: string) => `${base}/companies/${id(companyId)}`,
    grant: (companyId: string, grantId: string) =>
      `${base}/companies/${id(companyId)}/grants/${id(grantId)}`,
    valuations: (companyId: string) => `${base}/companies/${id(companyId)}/valuations`,
    tasks: () => `${base}/tasks`,
    settings: () => `${base}/account/settings`,
  };
}
