import type { BusinessResource } from './access-control';

/**
 * What each view shows, and so which reads it needs (issue 11, finding 10): a view needs read on
 * every kind of record it shows. The server's routes declare the same sets (`guarded(…, reads)`,
 * checked against this map by the permission tests); the UI hides a view whose reads are missing.
 */
export const VIEW_READS = {
  stakeholders: ['company', 'stakeholder'],
  shareClasses: ['company'],
  register: ['company', 'stakeholder'],
  capTable: ['company', 'stakeholder', 'plan', 'grant'],
  summary: ['company', 'stakeholder', 'plan', 'grant'],
  plans: ['company', 'plan'],
  grants: ['company', 'stakeholder', 'plan', 'grant'],
  upcoming: ['company', 'stakeholder', 'plan', 'grant'],
  valuations: ['company', 'valuation'],
  valuationMetrics: ['company', 'valuation', 'grant', 'stakeholder', 'plan'],
} as const satisfies Record<string, readonly BusinessResource[]>;
export type View = keyof typeof VIEW_READS;

/** Whether permissions (as `/me` reports them) open a view. */
export function canReadView(
  permissions: Partial<Record<BusinessResource, readonly string[]>>,
  view: View,
): boolean {
  return VIEW_READS[view].every((resource) => permissions[resource]?.includes('read') ?? false);
}
