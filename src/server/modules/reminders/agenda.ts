import { and, asc, eq, gte, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { UpcomingItem } from '../../../contracts/vesting';
import type { Database } from '../../db/client';
import { company, task } from '../../db/schema';
import type { Actor } from '../../http/context';
import { actorMay } from '../../http/permissions';
import { hiddenCompanyIds, visibleCompanies } from '../access/visibility';
import { listUpcoming } from '../grants/upcoming';
import { listValuationAlerts } from '../valuations/alerts';
import { daysBetween } from '../../../domain/vesting/dates';

/**
 * What one user has to act on in one workspace (issue 15), for their daily digest and their
 * calendar feed: their open tasks (assigned to them, open or waiting) and the deadlines of the
 * client companies they are responsible for (`company.responsible_user_id`): cliffs, acceptance
 * deadlines, expiries and exercise deadlines from `listUpcoming`, valuation expiries from
 * `listValuationAlerts`. Read as the user (their current role and client access): what their
 * role may not read, and the companies they may not see, are left out.
 */

export interface AgendaTask {
  id: string;
  title: string;
  description: string | null;
  dueDate: string;
  dueTime: string | null;
  status: string;
  companyId: string | null;
  companyName: string | null;
}

export interface AgendaValuationExpiry {
  companyId: string;
  companyName: string;
  valuationId: string;
  date: string;
}

export interface Agenda {
  tasks: AgendaTask[];
  deadlines: UpcomingItem[];
  valuations: AgendaValuationExpiry[];
}

export async function agendaFor(
  db: Database,
  actor: Actor,
  window: {
    /** First day; null: every open task due up to `to` (the digest's overdue ones). */
    tasksFrom: string | null;
    from: string;
    to: string;
    installments?: boolean;
  },
): Promise<Agenda> {
  const cache = {};
  const may = (resource: 'task' | 'grant' | 'stakeholder' | 'plan' | 'valuation' | 'company') =>
    actorMay(db, actor, { resource, action: 'read' }, cache);
  const hidden = await hiddenCompanyIds(db, {
    organizationId: actor.organizationId,
    userId: actor.userId,
    role: actor.role,
  });
  const agenda: Agenda = { tasks: [], deadlines: [], valuations: [] };

  if (await may('task')) {
    const rows = await db
      .select({
        id: task.id,
        title: task.title,
        description: task.description,
        dueDate: task.dueDate,
        dueTime: task.dueTime,
        status: task.status,
        companyId: task.companyId,
        companyName: company.companyName,
        companyDeleted: company.deletedAt,
      })
      .from(task)
      .leftJoin(company, eq(company.id, task.companyId))
      .where(
        and(
          eq(task.organizationId, actor.organizationId),
          eq(task.assigneeId, actor.userId ?? ''),
          inArray(task.status, ['open', 'waiting']),
          isNotNull(task.dueDate),
          window.tasksFrom ? gte(task.dueDate, window.tasksFrom) : undefined,
          lte(task.dueDate, window.to),
          visibleCompanies(task.companyId, hidden),
        ),
      )
      .orderBy(asc(task.dueDate), asc(task.dueTime), asc(task.title), asc(task.id));
    agenda.tasks = rows
      // A task about a company in the trash goes with it.
      .filter((r) => r.companyDeleted === null)
      .map(({ companyDeleted: _, dueDate, ...r }) => ({ ...r, dueDate: dueDate! }));
  }

  if (!(await may('company'))) return agenda;
  const responsible = new Set(
    (
      await db
        .select({ id: company.id })
        .from(company)
        .where(
          and(
            eq(company.organizationId, actor.organizationId),
            eq(company.responsibleUserId, actor.userId ?? ''),
            isNull(company.deletedAt),
          ),
        )
    )
      .map((r) => r.id)
      .filter((id) => !hidden.includes(id)),
  );
  if (responsible.size === 0) return agenda;

  // A deadline names its holder and plan, as on the practice view.
  if ((await may('grant')) && (await may('stakeholder')) && (await may('plan'))) {
    const upcoming = await listUpcoming({
      db,
      actor,
      input: {
        from: window.from,
        days: daysBetween(window.from, window.to),
        installments: window.installments === true,
      },
    });
    agenda.deadlines = upcoming.items.filter((i) => responsible.has(i.companyId));
  }
  if (await may('valuation')) {
    const alerts = await listValuationAlerts({ db, actor, input: undefined });
    agenda.valuations = alerts.items.flatMap((a) =>
      (a.kind === 'expiring' || a.kind === 'expired') &&
      responsible.has(a.companyId) &&
      a.valuationId &&
      a.validUntil &&
      a.validUntil >= window.from &&
      a.validUntil <= window.to
        ? [
            {
              companyId: a.companyId,
              companyName: a.companyName,
              valuationId: a.valuationId,
              date: a.validUntil,
            },
          ]
        : [],
    );
  }
  return agenda;
}
