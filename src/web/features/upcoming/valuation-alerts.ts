import type { ValuationAlert, ValuationAlertKind } from '../../../contracts/valuation';
import { formatCount, formatIsoDate } from '../plans/format';

/** Names of the valuation alerts on the practice view (issue 6). */
export const VALUATION_ALERT_LABELS: Record<ValuationAlertKind, string> = {
  expired: 'Expired',
  stale: 'Stale',
  missing: 'No valuation',
  expiring: 'Expiring',
};

const days = (n: number) => (n === 1 ? '1 day' : `${formatCount(n)} days`);

/** What the alert means for the company, in a few words. */
export function alertDetail(
  a: Pick<ValuationAlert, 'kind' | 'daysLeft' | 'materialEventDate'>,
): string {
  switch (a.kind) {
    case 'expired':
      return a.daysLeft === null ? 'Expired' : `Expired ${days(-a.daysLeft)} ago`;
    case 'expiring':
      return a.daysLeft === null
        ? 'Expires soon'
        : a.daysLeft === 0
          ? 'Expires today'
          : `${days(a.daysLeft)} left`;
    case 'stale':
      return a.materialEventDate
        ? `Material event on ${formatIsoDate(a.materialEventDate)}`
        : 'Material event';
    case 'missing':
      return 'Grants, but no valuation in force';
  }
}
