import type { ValuationAlert, ValuationAlertKind } from '../../../contracts/valuation';
import { formatIsoDate } from '../../lib/format';
import { msg, t } from '../../lib/i18n';

/** Catalog keys of the valuation alerts' names on the practice view (issue 6). */
export const VALUATION_ALERT_LABELS: Record<ValuationAlertKind, string> = {
  expired: msg('upcoming.alert.expired'),
  stale: msg('upcoming.alert.stale'),
  missing: msg('upcoming.alert.missing'),
  expiring: msg('upcoming.alert.expiring'),
};

/** What the alert means for the company, in a few words. */
export function alertDetail(
  a: Pick<ValuationAlert, 'kind' | 'daysLeft' | 'materialEventDate'>,
): string {
  switch (a.kind) {
    case 'expired':
      return a.daysLeft === null
        ? t('upcoming.alert.expired')
        : t('upcoming.alert.expiredAgo', { count: -a.daysLeft });
    case 'expiring':
      return a.daysLeft === null
        ? t('upcoming.alert.expiresSoon')
        : a.daysLeft === 0
          ? t('upcoming.alert.expiresToday')
          : t('upcoming.alert.daysLeft', { count: a.daysLeft });
    case 'stale':
      return a.materialEventDate
        ? t('upcoming.alert.materialEventOn', { date: formatIsoDate(a.materialEventDate) })
        : t('upcoming.alert.materialEvent');
    case 'missing':
      return t('upcoming.alert.missingDetail');
  }
}
