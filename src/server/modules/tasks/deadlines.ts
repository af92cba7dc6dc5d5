import { and, eq, isNull } from 'drizzle-orm';
import type { Task, TaskFromDeadline } from '../../../contracts/tasks';
import type { UpcomingItem } from '../../../contracts/vesting';
import { daysBetween } from '../../../domain/vesting/dates';
import { today } from '../../clock';
import { company, grant } from '../../db/schema';
import type { Actor, ServiceArgs } from '../../http/context';
import { msg, notFound, validationError } from '../../http/errors';
import { translator } from '../../i18n';
import { assertCompanyVisible, canSeeCompany, viewerOf } from '../access/visibility';
import { checkCompany } from '../equity/shared';
import { listUpcoming } from '../grants/upcoming';
import { listValuationAlerts } from '../valuations/alerts';
import { grantDeadlineKey, valuationDeadlineKey } from './keys';
import { createTask } from './service';
import type { Database } from '../../db/client';
import { member } from '../../db/schema';

/** The title of a task made from each kind of deadline (server catalog). */
const GRANT_TITLES: Record<UpcomingItem['type'], string> = {
  cliff: 'server.tasks.title.cliff',
  installment: 'server.tasks.title.installment',
  acceptance_deadline: 'server.tasks.title.acceptanceDeadline',
  expiry: 'server.tasks.title.expiry',
  exercise_deadline: 'server.tasks.title.exerciseDeadline',
};
const VALUATION_TITLES = {
  expired: 'server.tasks.title.valuationExpired',
  stale: 'server.tasks.title.valuationStale',
  missing: 'server.tasks.title.valuationMissing',
  expiring: 'server.tasks.title.valuationExpiring',
} as const;

/**
 * The assignee of a task made from a company's deadline: the company's responsible lawyer when
 * they are still a member who may see it, else the caller (none for a workspace API key).
 */
async function assigneeFor(db: Database, actor: Actor, companyId: string) {
  const [c] = await db
    .select({ responsible: company.responsibleUserId, role: member.role })
    .from(company)
    .leftJoin(
      member,
      and(
        eq(member.userId, company.responsibleUserId),
        eq(member.organizationId, actor.organizationId),
      ),
    )
    .where(eq(company.id, companyId))
    .limit(1);
  if (
    c?.responsible &&
    c.role !== null &&
    (await canSeeCompany(
      db,
      { organizationId: actor.organizationId, userId: c.responsible, role: c.role },
      companyId,
    ))
  )
    return c.responsible;
  return actor.userId;
}

/**
 * A task from a deadline the practice view computes (issue 15): the deadline is computed again
 * (the caller's word is not taken for it), its task gets a title in the caller's language, the
 * deadline's date as due date, links to its company and grant (or valuation), and the
 * `source_key` that keeps it to one task (409 `TaskExists` on a second request).
 */
export async function createTaskFromDeadline({
  db,
  actor,
  input,
}: ServiceArgs<{ deadline: TaskFromDeadline; language: string }>): Promise<Task> {
  const t = translator(input.language);
  const d = input.deadline;
  const asOf = today();
  if (d.type === 'valuation') {
    await checkCompany(db, actor.organizationId, d.companyId);
    await assertCompanyVisible(db, viewerOf(actor), d.companyId);
    const alerts = await listValuationAlerts({ db, actor, input: undefined });
    const alert = alerts.items.find((a) => a.companyId === d.companyId);
    if (!alert) throw validationError({ companyId: msg('errors.tasks.noValuationDeadline') });
    // An expiring valuation is due on its last valid day; anything else needs a valuation now.
    const dueDate = alert.kind === 'expiring' ? alert.validUntil! : asOf;
    return createTask({
      db,
      actor,
      input: {
        title: t(VALUATION_TITLES[alert.kind], { company: alert.companyName }),
        description: null,
        dueDate,
        dueTime: null,
        assigneeId: await assigneeFor(db, actor, d.companyId),
        priority: alert.kind === 'expiring' ? 'normal' : 'high',
        status: 'open',
        companyId: d.companyId,
        grantId: null,
        valuationId: alert.valuationId,
        contactId: null,
        sourceKey: valuationDeadlineKey(alert),
      },
    });
  }
  const [g] = await db
    .select({ companyId: grant.companyId })
    .from(grant)
    .where(
      and(
        eq(grant.id, d.grantId),
        eq(grant.organizationId, actor.organizationId),
        isNull(grant.deletedAt),
      ),
    )
    .limit(1);
  if (!g) throw notFound(msg('errors.notFound.grant'));
  await assertCompanyVisible(db, viewerOf(actor), g.companyId);
  if (d.date < asOf) throw validationError({ date: msg('errors.tasks.noSuchDeadline') });
  const upcoming = await listUpcoming({
    db,
    actor,
    input: { companyId: g.companyId, types: [d.type], days: daysBetween(asOf, d.date) },
  });
  const item = upcoming.items.find((i) => i.grantId === d.grantId && i.date === d.date);
  if (!item) throw validationError({ date: msg('errors.tasks.noSuchDeadline') });
  return createTask({
    db,
    actor,
    input: {
      title: t(GRANT_TITLES[d.type], {
        stakeholder: item.stakeholderName,
        plan: item.planName,
        company: item.companyName,
      }),
      description: null,
      dueDate: item.date,
      dueTime: null,
      assigneeId: await assigneeFor(db, actor, g.companyId),
      priority: d.type === 'installment' ? 'low' : 'normal',
      status: 'open',
      companyId: g.companyId,
      grantId: d.grantId,
      valuationId: null,
      contactId: null,
      sourceKey: grantDeadlineKey(item),
    },
  });
}
