import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import {
  VALUATION_ALERT_KINDS,
  valuationAlertsSchema,
  type ValuationAlert,
  type ValuationAlerts,
} from '../../../contracts/valuation';
import {
  validUntil,
  valuationInForce,
  valuationStatus,
  type ValuationStatus,
} from '../../../domain/valuation';
import { daysBetween } from '../../../domain/vesting/dates';
import { concurrently } from '../../db/concurrently';
import { company, grant, valuation } from '../../db/schema';
import type { AppEnv, ServiceArgs } from '../../http/context';
import { jsonContent } from '../../http/openapi';
import { guarded } from '../../http/permissions';
import { today } from '../../clock';
import { hiddenCompanyIds, viewerOf, visibleCompanies } from '../access/visibility';
import { valuationDeadlineKey } from '../tasks/keys';
import { tasksBySourceKey } from '../tasks/service';

/**
 * Valuation alerts for the practice view (issue 6): the workspace's client companies whose FMV
 * needs attention. For each company the valuation in force today (the latest effective on or
 * before it) gets its status from `valuationStatus`; `expired`, `stale` and `expiring` are
 * reported (each with the task made from it, issue 15), and a company with grants (offered or later, not cancelled) but no valuation in
 * force is `missing`. Archived companies are included, as on /upcoming. Three queries, whatever
 * the number of companies.
 */
export async function listValuationAlerts({ db, actor }: ServiceArgs): Promise<ValuationAlerts> {
  const asOf = today();
  const org = actor.organizationId;
  // Client access (decision 029): the companies hidden from the caller are left out.
  const hidden = await hiddenCompanyIds(db, viewerOf(actor));
  const [companies, valuations, granted] = await concurrently(db, [
    () =>
      db
        .select({ id: company.id, name: company.companyName })
        .from(company)
        .where(
          and(
            eq(company.organizationId, org),
            isNull(company.deletedAt),
            visibleCompanies(company.id, hidden),
          ),
        ),
    () =>
      db
        .select({
          id: valuation.id,
          companyId: valuation.companyId,
          effectiveDate: valuation.effectiveDate,
          materialEventDate: valuation.materialEventDate,
        })
        .from(valuation)
        .where(eq(valuation.organizationId, org))
        // History order per company (domain `historyOrder`): effective date, then recorded.
        .orderBy(asc(valuation.effectiveDate), asc(valuation.createdAt), asc(valuation.id)),
    () =>
      db
        .selectDistinct({ companyId: grant.companyId })
        .from(grant)
        .where(
          and(
            eq(grant.organizationId, org),
            isNull(grant.deletedAt),
            ne(grant.status, 'draft'),
            isNull(grant.cancelledDate),
          ),
        ),
  ]);
  const histories = new Map<string, (typeof valuations)[number][]>();
  for (const v of valuations) {
    const list = histories.get(v.companyId);
    if (list) list.push(v);
    else histories.set(v.companyId, [v]);
  }
  const withGrants = new Set(granted.map((g) => g.companyId));

  const items: (Omit<ValuationAlert, 'taskId'> & { sortDate: string })[] = [];
  for (const c of companies) {
    const v = valuationInForce(histories.get(c.id) ?? [], asOf);
    if (!v) {
      if (withGrants.has(c.id))
        items.push({
          companyId: c.id,
          companyName: c.name,
          kind: 'missing',
          valuationId: null,
          effectiveDate: null,
          validUntil: null,
          materialEventDate: null,
          daysLeft: null,
          sortDate: '',
        });
      continue;
    }
    // The one in force is the latest effective: nothing supersedes it.
    const status: ValuationStatus = valuationStatus(v, asOf, false);
    if (status !== 'expired' && status !== 'stale' && status !== 'expiring') continue;
    const until = validUntil(v.effectiveDate);
    items.push({
      companyId: c.id,
      companyName: c.name,
      kind: status,
      valuationId: v.id,
      effectiveDate: v.effectiveDate,
      validUntil: until,
      materialEventDate: v.materialEventDate,
      daysLeft: status === 'stale' ? null : daysBetween(asOf, until),
      sortDate: status === 'stale' ? v.materialEventDate! : until,
    });
  }
  items.sort(
    (a, b) =>
      VALUATION_ALERT_KINDS.indexOf(a.kind) - VALUATION_ALERT_KINDS.indexOf(b.kind) ||
      (a.sortDate < b.sortDate ? -1 : a.sortDate > b.sortDate ? 1 : 0) ||
      a.companyName.localeCompare(b.companyName) ||
      (a.companyId < b.companyId ? -1 : 1),
  );
  // Each alert's task (issue 15), in one query.
  const tasks = await tasksBySourceKey(db, org, items.map(valuationDeadlineKey));
  return {
    asOf,
    items: items.map(({ sortDate: _, ...item }) => ({
      ...item,
      taskId: tasks.get(valuationDeadlineKey(item)) ?? null,
    })),
  };
}

const alerts = guarded(
  createRoute({
    method: 'get',
    path: '/valuation-alerts',
    tags: ['Valuations'],
    operationId: 'listValuationAlerts',
    summary:
      'Client companies whose valuation is expired, stale or expiring within 60 days, and those with grants but no valuation in force',
    responses: {
      200: jsonContent(
        valuationAlertsSchema,
        'Most urgent first: expired, stale, missing, expiring; then soonest',
      ),
    },
  }),
  { resource: 'valuation', action: 'read' },
  ['company'],
);

export function registerValuationAlertRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(alerts, async (c) =>
    c.json(await listValuationAlerts({ db: c.var.db, actor: c.var.actor, input: undefined }), 200),
  );
}
