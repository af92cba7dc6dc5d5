import type { UpcomingItem } from '../../../contracts/vesting';

/**
 * The key of a computed deadline a task is made from (`task.source_key`, unique per workspace):
 * `<type>:<grantId>:<date>` for a grant's deadline on the practice view, and
 * `valuation:<companyId>:<date>` for a valuation alert, its date the valid-until date of the
 * valuation in force (stable while that valuation expires, goes stale or has expired) or `none`
 * when the company has grants but no valuation in force.
 */
export function grantDeadlineKey(item: Pick<UpcomingItem, 'type' | 'grantId' | 'date'>): string {
  return `${item.type}:${item.grantId}:${item.date}`;
}

export function valuationDeadlineKey(alert: {
  companyId: string;
  validUntil: string | null;
}): string {
  return `valuation:${alert.companyId}:${alert.validUntil ?? 'none'}`;
}
