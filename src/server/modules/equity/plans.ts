import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  planCreateSchema,
  poolAdjustmentCreateSchema,
  type Plan,
  type PlanCreate,
  type PoolAdjustment,
  type PoolAdjustmentCreate,
} from '../../../contracts/equity';
import { poolReserved, type CapTablePlan } from '../../../domain/cap-table';
import { isCashSettled, type PlanType } from '../../../domain/equity';
import { concurrently } from '../../db/concurrently';
import type { DbOrTx } from '../../db/client';
import { equityPlan, grant, grantExercise, poolAdjustment } from '../../db/schema';
import { trashedBy } from '../trash/service';
import type { ServiceArgs } from '../../http/context';
import { AppError, msg, notFound } from '../../http/errors';
import { diff, recordAudit, snapshot } from '../audit/service';
import { requireTemplate } from '../vesting/templates';
import { grantedByPlan } from '../grants/load';
import {
  checkCompany,
  lockCompany,
  mergePatch,
  requireShareClass,
  requireStakeholders,
} from './shared';
import { today, systemNow } from '../../clock';

/**
 * Equity plans and their pools (issue 4). A pool is the plan's reserve from its board approval
 * date plus dated adjustments; it may never drop below what is granted under the plan.
 */

type Row = typeof equityPlan.$inferSelect;
type AdjustmentRow = typeof poolAdjustment.$inferSelect;
const ENTITY = 'plan';
const ADJUSTMENT = 'pool_adjustment';

/** The plan as the cap-table engine sees it. */
export function toCapTablePlan(row: Row, adjustments: readonly AdjustmentRow[]): CapTablePlan {
  return {
    id: row.id,
    name: row.name,
    poolSize: row.poolSize,
    effectiveDate: row.boardApprovalDate,
    adjustments: adjustments.map((a) => ({ date: a.date, shareCount: a.shareCount })),
    cashSettled: isCashSettled(row.planType as PlanType),
    backedBy:
      row.planType === 'receipt_options' && row.stakStakeholderId && row.shareClassId
        ? { stakStakeholderId: row.stakStakeholderId, shareClassId: row.shareClassId }
        : null,
  };
}

function toPlan(
  row: Row,
  adjustments: readonly AdjustmentRow[],
  granted: number,
  today: string,
): Plan {
  const reserved = poolReserved(toCapTablePlan(row, adjustments), today);
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    planType: row.planType as Plan['planType'],
    shareClassId: row.shareClassId,
    stakStakeholderId: row.stakStakeholderId,
    poolSize: row.poolSize,
    currency: row.currency,
    boardApprovalDate: row.boardApprovalDate,
    shareholderApprovalDate: row.shareholderApprovalDate,
    defaultVestingTemplateId: row.defaultVestingTemplateId,
    exerciseWindowMonths: row.exerciseWindowMonths,
    leaverPolicy: row.leaverPolicy as Plan['leaverPolicy'],
    acceleration: row.acceleration as Plan['acceleration'],
    forfeitedTo: row.forfeitedTo as Plan['forfeitedTo'],
    notes: row.notes,
    cashSettled: isCashSettled(row.planType as PlanType),
    poolReserved: reserved,
    poolGranted: granted,
    poolAvailable: Math.max(0, reserved - granted),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function fields(row: Row): PlanCreate {
  const plan = toPlan(row, [], 0, '9999-12-31');
  const {
    id: _i,
    companyId: _c,
    createdAt: _a,
    updatedAt: _u,
    cashSettled: _cs,
    poolReserved: _r,
    poolGranted: _g,
    poolAvailable: _v,
    ...rest
  } = plan;
  return rest;
}

async function find(db: DbOrTx, companyId: string, id: string) {
  const rows = await db
    .select()
    .from(equityPlan)
    .where(
      and(eq(equityPlan.id, id), eq(equityPlan.companyId, companyId), isNull(equityPlan.deletedAt)),
    )
    .limit(1);
  // One in the trash is not found: not read, not written (decision 016).
  if (!rows[0]) throw notFound(msg('errors.notFound.plan'));
  return rows[0];
}

async function adjustmentsOf(db: DbOrTx, planIds: string[]) {
  if (planIds.length === 0) return new Map<string, AdjustmentRow[]>();
  const rows = await db
    .select()
    .from(poolAdjustment)
    .where(inArray(poolAdjustment.planId, planIds))
    .orderBy(asc(poolAdjustment.date), asc(poolAdjustment.createdAt));
  const by = new Map<string, AdjustmentRow[]>();
  for (const row of rows) by.set(row.planId, [...(by.get(row.planId) ?? []), row]);
  return by;
}

/** The plans of a company with today's pool figures (also used by the cap table and summary). */
export async function loadPlans(db: DbOrTx, companyId: string) {
  const rows = await db
    .select()
    .from(equityPlan)
    .where(and(eq(equityPlan.companyId, companyId), isNull(equityPlan.deletedAt)))
    .orderBy(asc(sql`lower(${equityPlan.name})`));
  const ids = rows.map((r) => r.id);
  const [adjustments, granted] = await concurrently(db, [
    () => adjustmentsOf(db, ids),
    () => grantedByPlan(db, ids),
  ]);
  return rows.map((row) => ({
    row,
    adjustments: adjustments.get(row.id) ?? [],
    granted: granted.get(row.id) ?? 0,
  }));
}

/**
 * The reserve must cover what is granted at every date it changes; otherwise 409 POOL_EXHAUSTED
 * with the number still available.
 */
function assertPool(
  plan: CapTablePlan,
  granted: number,
  field: string,
  before: { plan: CapTablePlan; from: string },
) {
  const dates = [plan.effectiveDate ?? '0000-01-01', ...plan.adjustments.map((a) => a.date)].sort();
  for (const date of dates) {
    const reserved = poolReserved(plan, date);
    if (reserved < granted) {
      const available = availableFrom(before.plan, granted, before.from);
      const values = { plan: plan.name, reserved, date, granted, available };
      throw new AppError(
        'POOL_EXHAUSTED',
        granted === 0
          ? msg('errors.pool.belowZero', values)
          : msg('errors.pool.belowGranted', values),
        {
          [field]:
            granted === 0
              ? msg('errors.pool.belowZero.field', values)
              : msg('errors.pool.belowGranted.field', values),
        },
      );
    }
  }
}

/** What could still be released without a change: the smallest headroom from `from` onwards. */
function availableFrom(plan: CapTablePlan, granted: number, from: string): number {
  const dates = [from, ...plan.adjustments.map((a) => a.date).filter((d) => d > from)];
  return Math.max(0, Math.min(...dates.map((d) => poolReserved(plan, d) - granted)));
}

async function checkPlanRefs(
  tx: DbOrTx,
  organizationId: string,
  companyId: string,
  input: PlanCreate,
) {
  await requireTemplate(tx, organizationId, input.defaultVestingTemplateId);
  await requireShareClass(tx, companyId, input.shareClassId);
  await requireStakeholders(
    tx,
    companyId,
    { stakStakeholderId: input.stakStakeholderId },
    { stakFields: ['stakStakeholderId'] },
  );
}

async function assertUniqueName(tx: DbOrTx, companyId: string, name: string, exceptId?: string) {
  const rows = await tx
    .select({ id: equityPlan.id })
    .from(equityPlan)
    .where(
      and(
        eq(equityPlan.companyId, companyId),
        // A plan in the trash frees its name (restoring it then asks for a rename).
        isNull(equityPlan.deletedAt),
        sql`lower(${equityPlan.name}) = lower(${name})`,
      ),
    );
  if (rows.some((r) => r.id !== exceptId))
    throw new AppError('CONFLICT', msg('errors.plan.nameTaken', { name }), {
      name: msg('errors.plan.nameTaken.field'),
    });
}

export async function listPlans({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string }>): Promise<Plan[]> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const asOf = today();
  return (await loadPlans(db, input.companyId)).map((p) =>
    toPlan(p.row, p.adjustments, p.granted, asOf),
  );
}

export async function getPlan({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<Plan> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const row = await find(db, input.companyId, input.id);
  const [adjustments, granted] = await concurrently(db, [
    () => adjustmentsOf(db, [row.id]),
    () => grantedByPlan(db, [row.id]),
  ]);
  return toPlan(row, adjustments.get(row.id) ?? [], granted.get(row.id) ?? 0, today());
}

export async function createPlan({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; body: PlanCreate }>): Promise<Plan> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    await checkPlanRefs(tx, actor.organizationId, input.companyId, input.body);
    await assertUniqueName(tx, input.companyId, input.body.name);
    const [row] = await tx
      .insert(equityPlan)
      .values({ ...input.body, organizationId: actor.organizationId, companyId: input.companyId })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR', 'Plan was not created');
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: snapshot(fields(row)),
    });
    return toPlan(row, [], 0, today());
  });
}

export async function updatePlan({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string; patch: Record<string, unknown> }>): Promise<Plan> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const existing = await find(tx, input.companyId, input.id);
    const before = fields(existing);
    const next = mergePatch(planCreateSchema, before, input.patch);
    const changes = diff(before, next);
    const [adjustments, granted] = await concurrently(tx, [
      () => adjustmentsOf(tx, [existing.id]),
      () => grantedByPlan(tx, [existing.id]),
    ]);
    const own = adjustments.get(existing.id) ?? [];
    const grantedHere = granted.get(existing.id) ?? 0;
    if (Object.keys(changes).length === 0) return toPlan(existing, own, grantedHere, today());
    await checkPlanRefs(tx, actor.organizationId, input.companyId, next);
    if (changes.name) await assertUniqueName(tx, input.companyId, next.name, existing.id);
    const [row] = await tx
      .update(equityPlan)
      .set({ ...next, updatedAt: systemNow() })
      .where(eq(equityPlan.id, existing.id))
      .returning();
    assertPool(toCapTablePlan(row!, own), grantedHere, 'poolSize', {
      plan: toCapTablePlan(existing, own),
      from: '0000-01-01',
    });
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: existing.id,
      companyId: input.companyId,
      changes,
    });
    return toPlan(row!, own, grantedHere, today());
  });
}

/**
 * Moves a plan to the trash with its grants and pool adjustments (decision 016). A plan whose
 * grants were exercised cannot go: the exercises are on the register.
 */
export async function deletePlan({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const existing = await find(tx, input.companyId, input.id);
    const [exercised] = await tx
      .select({ n: count() })
      .from(grantExercise)
      .where(
        inArray(
          grantExercise.grantId,
          tx.select({ id: grant.id }).from(grant).where(eq(grant.planId, existing.id)),
        ),
      );
    if (exercised!.n > 0)
      throw new AppError(
        'CONFLICT',
        msg('errors.plan.deleteExercised', { name: existing.name, count: exercised!.n }),
      );
    const marks = trashedBy(actor);
    await tx.update(equityPlan).set(marks).where(eq(equityPlan.id, existing.id));
    // Its grants go with it, and come back with it.
    await tx
      .update(grant)
      .set({ ...marks, trashedWith: existing.id })
      .where(and(eq(grant.planId, existing.id), isNull(grant.deletedAt)));
    await recordAudit(tx, {
      actor,
      action: 'trash',
      entityType: ENTITY,
      entityId: existing.id,
      companyId: input.companyId,
      changes: { name: { from: existing.name, to: null } },
    });
  });
}

// ----------------------------------------------------------------------------- pool adjustments

function toAdjustment(row: AdjustmentRow): PoolAdjustment {
  return {
    id: row.id,
    planId: row.planId,
    date: row.date,
    shareCount: row.shareCount,
    reason: row.reason,
    approvalDate: row.approvalDate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function adjustmentFields(row: AdjustmentRow): PoolAdjustmentCreate {
  const { id: _i, planId: _p, createdAt: _a, updatedAt: _u, ...rest } = toAdjustment(row);
  return rest;
}

async function findAdjustment(db: DbOrTx, planId: string, id: string) {
  const rows = await db
    .select()
    .from(poolAdjustment)
    .where(and(eq(poolAdjustment.id, id), eq(poolAdjustment.planId, planId)))
    .limit(1);
  if (!rows[0]) throw notFound(msg('errors.notFound.poolAdjustment'));
  return rows[0];
}

type PlanScope = { companyId: string; planId: string };

/** Checks the pool with the plan's adjustments as they would be after a write. */
async function assertAdjusted(
  tx: DbOrTx,
  plan: Row,
  current: AdjustmentRow[],
  next: AdjustmentRow[],
  from: string,
) {
  const granted = (await grantedByPlan(tx, [plan.id])).get(plan.id) ?? 0;
  assertPool(toCapTablePlan(plan, next), granted, 'shareCount', {
    plan: toCapTablePlan(plan, current),
    from,
  });
}

export async function listPoolAdjustments({
  db,
  actor,
  input,
}: ServiceArgs<PlanScope>): Promise<PoolAdjustment[]> {
  await checkCompany(db, actor.organizationId, input.companyId);
  await find(db, input.companyId, input.planId);
  return ((await adjustmentsOf(db, [input.planId])).get(input.planId) ?? []).map(toAdjustment);
}

export async function getPoolAdjustment({
  db,
  actor,
  input,
}: ServiceArgs<PlanScope & { id: string }>): Promise<PoolAdjustment> {
  await checkCompany(db, actor.organizationId, input.companyId);
  await find(db, input.companyId, input.planId);
  return toAdjustment(await findAdjustment(db, input.planId, input.id));
}

export async function createPoolAdjustment({
  db,
  actor,
  input,
}: ServiceArgs<PlanScope & { body: PoolAdjustmentCreate }>): Promise<PoolAdjustment> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const plan = await find(tx, input.companyId, input.planId);
    const existing = (await adjustmentsOf(tx, [plan.id])).get(plan.id) ?? [];
    const draft = { ...input.body, id: 'new', planId: plan.id } as unknown as AdjustmentRow;
    await assertAdjusted(tx, plan, existing, [...existing, draft], input.body.date);
    const [row] = await tx
      .insert(poolAdjustment)
      .values({
        ...input.body,
        planId: plan.id,
        organizationId: actor.organizationId,
        companyId: input.companyId,
      })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR', 'Pool adjustment was not created');
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: ADJUSTMENT,
      entityId: row.id,
      companyId: input.companyId,
      changes: snapshot({ plan: plan.name, ...adjustmentFields(row) }),
    });
    return toAdjustment(row);
  });
}

export async function updatePoolAdjustment({
  db,
  actor,
  input,
}: ServiceArgs<
  PlanScope & { id: string; patch: Record<string, unknown> }
>): Promise<PoolAdjustment> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const plan = await find(tx, input.companyId, input.planId);
    const existing = await findAdjustment(tx, plan.id, input.id);
    const before = adjustmentFields(existing);
    const next = mergePatch(poolAdjustmentCreateSchema, before, input.patch);
    const changes = diff(before, next);
    if (Object.keys(changes).length === 0) return toAdjustment(existing);
    const all = (await adjustmentsOf(tx, [plan.id])).get(plan.id) ?? [];
    await assertAdjusted(
      tx,
      plan,
      all,
      all.map((a) => (a.id === existing.id ? { ...a, ...next } : a)),
      next.date < existing.date ? next.date : existing.date,
    );
    const [row] = await tx
      .update(poolAdjustment)
      .set({ ...next, updatedAt: systemNow() })
      .where(eq(poolAdjustment.id, existing.id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ADJUSTMENT,
      entityId: existing.id,
      companyId: input.companyId,
      changes,
    });
    return toAdjustment(row!);
  });
}

export async function deletePoolAdjustment({
  db,
  actor,
  input,
}: ServiceArgs<PlanScope & { id: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const plan = await find(tx, input.companyId, input.planId);
    const existing = await findAdjustment(tx, plan.id, input.id);
    const all = (await adjustmentsOf(tx, [plan.id])).get(plan.id) ?? [];
    // Removing an increase can leave the pool below what is granted.
    await assertAdjusted(
      tx,
      plan,
      all,
      all.filter((a) => a.id !== existing.id),
      existing.date,
    );
    await tx.delete(poolAdjustment).where(eq(poolAdjustment.id, existing.id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entityType: ADJUSTMENT,
      entityId: existing.id,
      companyId: input.companyId,
      changes: snapshot({ plan: plan.name, ...adjustmentFields(existing) }),
    });
  });
}
