import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MAX_TASK_LIST,
  taskCreateSchema,
  type Task,
  type TaskBulk,
  type TaskCreate,
  type TaskList,
  type TaskListQuery,
  type TaskUpdate,
} from '../../../contracts/tasks';
import { addDays } from '../../../domain/vesting';
import { today, systemNow } from '../../clock';
import type { DbOrTx } from '../../db/client';
import {
  company,
  contact,
  equityPlan,
  grant,
  member,
  stakeholder,
  task,
  user,
  valuation,
} from '../../db/schema';
import type { Actor, ServiceArgs } from '../../http/context';
import { AppError, msg, notFound, validationError } from '../../http/errors';
import {
  assertCompanyVisible,
  canSeeCompany,
  hiddenCompanyIds,
  viewerOf,
  visibleCompanies,
} from '../access/visibility';
import { diff, recordAudit, recordAudits, snapshot } from '../audit/service';
import { checkCompany, mergePatch } from '../equity/shared';

const ENTITY = 'task';

const assignee = alias(user, 'assignee');

/** The columns of a task as answered, joined with the names it shows. */
const columns = {
  id: task.id,
  title: task.title,
  description: task.description,
  dueDate: task.dueDate,
  dueTime: task.dueTime,
  assigneeId: task.assigneeId,
  assigneeName: assignee.name,
  priority: task.priority,
  status: task.status,
  companyId: task.companyId,
  companyName: company.companyName,
  grantId: task.grantId,
  grantStakeholderName: stakeholder.name,
  grantPlanName: equityPlan.name,
  valuationId: task.valuationId,
  valuationDate: valuation.effectiveDate,
  contactId: task.contactId,
  contactName: contact.name,
  sourceKey: task.sourceKey,
  completedAt: task.completedAt,
  createdBy: task.createdBy,
  createdByName: task.createdByName,
  createdAt: task.createdAt,
  updatedAt: task.updatedAt,
};

function selectTasks(db: DbOrTx) {
  return db
    .select(columns)
    .from(task)
    .leftJoin(assignee, eq(assignee.id, task.assigneeId))
    .leftJoin(company, eq(company.id, task.companyId))
    .leftJoin(grant, eq(grant.id, task.grantId))
    .leftJoin(stakeholder, eq(stakeholder.id, grant.stakeholderId))
    .leftJoin(equityPlan, eq(equityPlan.id, grant.planId))
    .leftJoin(valuation, eq(valuation.id, task.valuationId))
    .leftJoin(contact, eq(contact.id, task.contactId));
}

type Row = Awaited<ReturnType<typeof selectTasks>>[number];

/** Not done and due before `asOf`. */
const isOverdue = (r: { status: string; dueDate: string | null }, asOf: string) =>
  r.status !== 'done' && r.dueDate !== null && r.dueDate < asOf;

function toTask(r: Row, asOf: string): Task {
  return {
    ...r,
    priority: r.priority as Task['priority'],
    status: r.status as Task['status'],
    overdue: isOverdue(r, asOf),
    completedAt: r.completedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The order of every list: overdue first, then due date and time (none last), then priority. */
function listOrder(asOf: string) {
  return [
    sql`case when ${task.status} <> 'done' and ${task.dueDate} < ${asOf} then 0 else 1 end`,
    sql`${task.dueDate} asc nulls last`,
    sql`${task.dueTime} asc nulls first`,
    sql`case ${task.priority} when 'high' then 0 when 'normal' then 1 else 2 end`,
    asc(task.createdAt),
    asc(task.id),
  ];
}

/** The workspace's tasks the caller may see (none of a company hidden from them), filtered. */
export async function listTasks({
  db,
  actor,
  input,
}: ServiceArgs<TaskListQuery>): Promise<TaskList> {
  const asOf = today();
  if (input.companyId) {
    await checkCompany(db, actor.organizationId, input.companyId);
    await assertCompanyVisible(db, viewerOf(actor), input.companyId);
  }
  const hidden = await hiddenCompanyIds(db, viewerOf(actor));
  const where: (SQL | undefined)[] = [
    eq(task.organizationId, actor.organizationId),
    visibleCompanies(task.companyId, hidden),
    // A task of a company in the trash goes with it (decision 016).
    or(isNull(task.companyId), isNull(company.deletedAt)),
  ];
  if (input.assignee === 'me')
    where.push(actor.userId ? eq(task.assigneeId, actor.userId) : sql`false`);
  else if (input.assignee === 'unassigned') where.push(isNull(task.assigneeId));
  else if (input.assignee) where.push(eq(task.assigneeId, input.assignee));
  if (input.status) where.push(inArray(task.status, input.status));
  if (input.companyId) where.push(eq(task.companyId, input.companyId));
  if (input.due) where.push(dueFilter(input.due, asOf));
  const rows = await selectTasks(db)
    .where(and(...where))
    .orderBy(...listOrder(asOf))
    .limit(MAX_TASK_LIST);
  return { today: asOf, items: rows.map((r) => toTask(r, asOf)) };
}

function dueFilter(due: string, asOf: string): SQL | undefined {
  switch (due) {
    case 'overdue':
      return and(ne(task.status, 'done'), lt(task.dueDate, asOf));
    case 'today':
      return eq(task.dueDate, asOf);
    case 'week':
      return and(gte(task.dueDate, asOf), lte(task.dueDate, addDays(asOf, 6)));
    case 'none':
      return isNull(task.dueDate);
    default: {
      const [from, to] = due.split('..');
      return and(
        isNotNull(task.dueDate),
        from ? gte(task.dueDate, from) : undefined,
        to ? lte(task.dueDate, to) : undefined,
      );
    }
  }
}

/** One task the caller may see; 404 for another workspace's, a hidden company's or none. */
async function findTask(db: DbOrTx, actor: Actor, taskId: string): Promise<Row> {
  const [row] = await selectTasks(db)
    .where(and(eq(task.id, taskId), eq(task.organizationId, actor.organizationId)))
    .limit(1);
  if (!row) throw notFound(msg('errors.notFound.task'));
  if (row.companyId && !(await canSeeCompany(db, viewerOf(actor), row.companyId)))
    throw notFound(msg('errors.notFound.task'));
  return row;
}

export async function getTask({
  db,
  actor,
  input,
}: ServiceArgs<{ taskId: string }>): Promise<Task> {
  return toTask(await findTask(db, actor, input.taskId), today());
}

/** The fields a task row stores (the caller's input, checked). */
type Fields = TaskCreate;

/**
 * The links of a task must hold together: its company one the caller may see (404 otherwise),
 * its grant, valuation and contact of that company, its assignee a member of the workspace who
 * may see that company (400 naming the field).
 */
async function checkLinks(
  db: DbOrTx,
  actor: Actor,
  fields: Fields,
  changed: ReadonlySet<keyof Fields> | 'all',
) {
  const has = (k: keyof Fields) => changed === 'all' || changed.has(k);
  const companyChanged = has('companyId');
  const companyId = fields.companyId;
  if (companyId && companyChanged) {
    await checkCompany(db, actor.organizationId, companyId);
    await assertCompanyVisible(db, viewerOf(actor), companyId);
  }
  const problems: Record<string, ReturnType<typeof msg>> = {};
  if (companyId && fields.grantId && (companyChanged || has('grantId'))) {
    const [g] = await db
      .select({ id: grant.id })
      .from(grant)
      .where(
        and(eq(grant.id, fields.grantId), eq(grant.companyId, companyId), isNull(grant.deletedAt)),
      )
      .limit(1);
    if (!g) problems.grantId = msg('errors.tasks.grantNotInCompany');
  }
  if (companyId && fields.valuationId && (companyChanged || has('valuationId'))) {
    const [v] = await db
      .select({ id: valuation.id })
      .from(valuation)
      .where(and(eq(valuation.id, fields.valuationId), eq(valuation.companyId, companyId)))
      .limit(1);
    if (!v) problems.valuationId = msg('errors.tasks.valuationNotInCompany');
  }
  if (companyId && fields.contactId && (companyChanged || has('contactId'))) {
    const [c] = await db
      .select({ id: contact.id })
      .from(contact)
      .where(and(eq(contact.id, fields.contactId), eq(contact.companyId, companyId)))
      .limit(1);
    if (!c) problems.contactId = msg('errors.tasks.contactNotInCompany');
  }
  if (fields.assigneeId && (companyChanged || has('assigneeId'))) {
    const problem = await assigneeProblem(db, actor.organizationId, fields.assigneeId, [companyId]);
    if (problem) problems.assigneeId = problem;
  }
  if (Object.keys(problems).length > 0) throw validationError(problems);
}

/**
 * Why `userId` cannot be the assignee of tasks of `companyIds`: not a member of the workspace, or
 * one who may not see one of those companies; null when they can.
 */
async function assigneeProblem(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  companyIds: readonly (string | null)[],
) {
  const [m] = await db
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)))
    .limit(1);
  if (!m) return msg('errors.tasks.assigneeNotMember');
  const viewer = { organizationId, userId, role: m.role };
  const hidden = new Set(await hiddenCompanyIds(db, viewer));
  if (companyIds.some((id) => id && hidden.has(id))) return msg('errors.tasks.assigneeNoAccess');
  return null;
}

/** What a write stores, from the checked fields. */
function values(fields: Fields, before?: { status: string; completedAt: Date | null }) {
  const done = fields.status === 'done';
  return {
    ...fields,
    completedAt: done ? (before?.status === 'done' ? before.completedAt : systemNow()) : null,
  };
}

function audited(fields: Fields) {
  const { title, description, dueDate, dueTime, assigneeId, priority, status } = fields;
  const { companyId, grantId, valuationId, contactId } = fields;
  return {
    title,
    description,
    dueDate,
    dueTime,
    assigneeId,
    priority,
    status,
    companyId,
    grantId,
    valuationId,
    contactId,
  };
}

export async function createTask({
  db,
  actor,
  input,
}: ServiceArgs<TaskCreate & { sourceKey?: string }>): Promise<Task> {
  const { sourceKey, ...fields } = input;
  return db.transaction(async (tx) => {
    await checkLinks(tx, actor, fields, 'all');
    const [row] = await tx
      .insert(task)
      .values({
        ...values(fields),
        sourceKey: sourceKey ?? null,
        organizationId: actor.organizationId,
        createdBy: actor.userId,
        createdByName: actor.userName,
      })
      .onConflictDoNothing()
      .returning({ id: task.id });
    if (!row) {
      // Only the deadline's unique key can conflict: its task was made meanwhile.
      const [existing] = await tx
        .select({ id: task.id })
        .from(task)
        .where(
          and(eq(task.organizationId, actor.organizationId), eq(task.sourceKey, sourceKey ?? '')),
        );
      throw new TaskExists(existing?.id ?? '');
    }
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: ENTITY,
      entityId: row.id,
      companyId: fields.companyId,
      changes: snapshot(audited(fields)),
    });
    return toTask(await findTask(tx, actor, row.id), today());
  });
}

/** A deadline that has its task already (409 with that task's id). */
export class TaskExists extends AppError {
  constructor(readonly taskId: string) {
    super('CONFLICT', msg('errors.tasks.deadlineHasTask'));
  }
}

export async function updateTask({
  db,
  actor,
  input,
}: ServiceArgs<{ taskId: string; patch: TaskUpdate }>): Promise<Task> {
  return db.transaction(async (tx) => {
    const before = await findTask(tx, actor, input.taskId);
    const stored: Fields = {
      title: before.title,
      description: before.description,
      dueDate: before.dueDate,
      dueTime: before.dueTime,
      assigneeId: before.assigneeId,
      priority: before.priority as Fields['priority'],
      status: before.status as Fields['status'],
      companyId: before.companyId,
      grantId: before.grantId,
      valuationId: before.valuationId,
      contactId: before.contactId,
    };
    const patch = Object.fromEntries(
      Object.entries(input.patch).filter(([, v]) => v !== undefined),
    ) as Partial<Fields>;
    // A task moved to another company (or none) leaves the old company's links behind.
    if ('companyId' in patch && patch.companyId !== stored.companyId) {
      for (const k of ['grantId', 'valuationId', 'contactId'] as const)
        if (!(k in patch)) patch[k] = null;
    }
    const fields = mergePatch(taskCreateSchema, stored, patch) as Fields;
    await checkLinks(tx, actor, fields, new Set(Object.keys(patch) as (keyof Fields)[]));
    const changes = diff(audited(stored), audited(fields));
    if (Object.keys(changes).length > 0) {
      await tx
        .update(task)
        .set({ ...values(fields, before), updatedAt: systemNow() })
        .where(eq(task.id, before.id));
      await recordAudit(tx, {
        actor,
        action: 'update',
        entityType: ENTITY,
        entityId: before.id,
        companyId: fields.companyId ?? before.companyId,
        changes,
      });
    }
    return toTask(await findTask(tx, actor, before.id), today());
  });
}

export async function deleteTask({
  db,
  actor,
  input,
}: ServiceArgs<{ taskId: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findTask(tx, actor, input.taskId);
    await tx.delete(task).where(eq(task.id, before.id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entityType: ENTITY,
      entityId: before.id,
      companyId: before.companyId,
      changes: snapshot({ title: before.title, status: before.status, dueDate: before.dueDate }),
    });
  });
}

/**
 * One action on several tasks in one transaction, all or nothing: an id the caller may not see
 * (unknown, another workspace's, a hidden company's) answers 404 naming it and nothing changes.
 */
export async function bulkTasks({
  db,
  actor,
  input,
}: ServiceArgs<TaskBulk>): Promise<{ items: Task[] }> {
  return db.transaction(async (tx) => {
    const hidden = await hiddenCompanyIds(tx, viewerOf(actor));
    const rows = await tx
      .select({
        id: task.id,
        status: task.status,
        assigneeId: task.assigneeId,
        companyId: task.companyId,
      })
      .from(task)
      .where(
        and(
          eq(task.organizationId, actor.organizationId),
          inArray(task.id, input.ids),
          visibleCompanies(task.companyId, hidden),
        ),
      )
      .for('update');
    const found = new Map(rows.map((r) => [r.id, r]));
    const missing = input.ids.find((id) => !found.has(id));
    if (missing) throw notFound(msg('errors.tasks.unknownTask', { id: missing }));
    const events: Parameters<typeof recordAudits>[2][number][] = [];
    if (input.action === 'reassign') {
      const to = input.assigneeId ?? null;
      if (to) {
        const problem = await assigneeProblem(
          tx,
          actor.organizationId,
          to,
          rows.map((r) => r.companyId),
        );
        if (problem) throw validationError({ assigneeId: problem });
      }
      const changed = rows.filter((r) => r.assigneeId !== to);
      if (changed.length > 0)
        await tx
          .update(task)
          .set({ assigneeId: to, updatedAt: systemNow() })
          .where(
            inArray(
              task.id,
              changed.map((r) => r.id),
            ),
          );
      for (const r of changed)
        events.push({
          action: 'update',
          entityType: ENTITY,
          entityId: r.id,
          companyId: r.companyId,
          changes: { assigneeId: { from: r.assigneeId, to } },
        });
    } else {
      const status = input.action === 'complete' ? 'done' : 'open';
      const changed = rows.filter((r) =>
        input.action === 'complete' ? r.status !== 'done' : r.status === 'done',
      );
      if (changed.length > 0)
        await tx
          .update(task)
          .set({
            status,
            completedAt: status === 'done' ? systemNow() : null,
            updatedAt: systemNow(),
          })
          .where(
            inArray(
              task.id,
              changed.map((r) => r.id),
            ),
          );
      for (const r of changed)
        events.push({
          action: 'update',
          entityType: ENTITY,
          entityId: r.id,
          companyId: r.companyId,
          changes: { status: { from: r.status, to: status } },
        });
    }
    await recordAudits(tx, actor, events);
    const asOf = today();
    const after = await selectTasks(tx).where(inArray(task.id, input.ids));
    const byId = new Map(after.map((r) => [r.id, r]));
    return { items: input.ids.map((id) => toTask(byId.get(id)!, asOf)) };
  });
}

/**
 * The ids of the tasks made from the given deadlines (`source_key`), in one query: the practice
 * view shows each deadline's task next to it.
 */
export async function tasksBySourceKey(
  db: DbOrTx,
  organizationId: string,
  keys: readonly string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ id: task.id, sourceKey: task.sourceKey })
    .from(task)
    .where(and(eq(task.organizationId, organizationId), inArray(task.sourceKey, [...keys])))
    .orderBy(desc(task.createdAt));
  return new Map(rows.map((r) => [r.sourceKey!, r.id]));
}
