import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  shareClassCreateSchema,
  type ShareClass,
  type ShareClassCreate,
} from '../../../contracts/equity';
import { replayLedger } from '../../../domain/share-ledger';
import { concurrently } from '../../db/concurrently';
import type { DbOrTx } from '../../db/client';
import { depositaryReceipt, equityPlan, shareClass, shareEvent, valuation } from '../../db/schema';
import type { ServiceArgs } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { diff, recordAudit, snapshot } from '../audit/service';
import { assertRegister, loadLedger } from './register';
import {
  checkCompany,
  decimalOut,
  lockCompany,
  mergePatch,
  plansUsing,
  stillInUse,
} from './shared';
import { today } from '../../clock';

type Row = typeof shareClass.$inferSelect;
const ENTITY = 'share_class';

function toShareClass(row: Row, sharesOutstanding: number): ShareClass {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    classType: row.classType as ShareClass['classType'],
    nominalValue: decimalOut(row.nominalValue)!,
    currency: row.currency,
    votesPerShare: decimalOut(row.votesPerShare)!,
    liquidationPreferenceMultiple: decimalOut(row.liquidationPreferenceMultiple)!,
    participating: row.participating,
    participationCapMultiple: decimalOut(row.participationCapMultiple),
    seniority: row.seniority,
    sharesAuthorized: row.sharesAuthorized,
    sharesOutstanding,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function fields(row: Row): ShareClassCreate {
  const {
    id: _i,
    companyId: _c,
    createdAt: _a,
    updatedAt: _u,
    sharesOutstanding: _s,
    ...rest
  } = toShareClass(row, 0);
  return rest;
}

/** Shares outstanding per class today (issued minus cancelled, from the register). */
async function outstandingByClass(db: DbOrTx, companyId: string, today: string) {
  const ledger = await loadLedger(db, companyId);
  const { holdings } = replayLedger(ledger.events, { asOf: today });
  const totals = new Map<string, number>();
  for (const [classId, byHolder] of holdings) {
    let sum = 0;
    for (const h of byHolder.values()) sum += h.count;
    totals.set(classId, sum);
  }
  return totals;
}

async function find(db: DbOrTx, companyId: string, id: string) {
  const rows = await db
    .select()
    .from(shareClass)
    .where(and(eq(shareClass.id, id), eq(shareClass.companyId, companyId)))
    .limit(1);
  if (!rows[0]) throw notFound('Share class');
  return rows[0];
}

/** A second class of the same name in one company is refused (409 naming the field). */
async function assertUniqueName(tx: DbOrTx, companyId: string, name: string, exceptId?: string) {
  const rows = await tx
    .select({ id: shareClass.id })
    .from(shareClass)
    .where(
      and(eq(shareClass.companyId, companyId), sql`lower(${shareClass.name}) = lower(${name})`),
    );
  if (rows.some((r) => r.id !== exceptId))
    throw new AppError('CONFLICT', `A share class named "${name}" exists already`, {
      name: 'A share class with this name exists already',
    });
}

export async function listShareClasses({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string }>): Promise<ShareClass[]> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const [rows, outstanding] = await concurrently(db, [
    () =>
      db
        .select()
        .from(shareClass)
        .where(eq(shareClass.companyId, input.companyId))
        .orderBy(asc(shareClass.seniority), asc(sql`lower(${shareClass.name})`)),
    () => outstandingByClass(db, input.companyId, today()),
  ]);
  return rows.map((row) => toShareClass(row, outstanding.get(row.id) ?? 0));
}

export async function getShareClass({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<ShareClass> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const row = await find(db, input.companyId, input.id);
  const outstanding = await outstandingByClass(db, input.companyId, today());
  return toShareClass(row, outstanding.get(row.id) ?? 0);
}

export async function createShareClass({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; body: ShareClassCreate }>): Promise<ShareClass> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    await assertUniqueName(tx, input.companyId, input.body.name);
    const [row] = await tx
      .insert(shareClass)
      .values({ ...input.body, organizationId: actor.organizationId, companyId: input.companyId })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR', 'Share class was not created');
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: snapshot(fields(row)),
    });
    return toShareClass(row, 0);
  });
}

export async function updateShareClass({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  id: string;
  patch: Record<string, unknown>;
}>): Promise<ShareClass> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const existing = await find(tx, input.companyId, input.id);
    const before = fields(existing);
    const next = mergePatch(shareClassCreateSchema, before, input.patch);
    const changes = diff(before, next);
    const outstanding = async () =>
      (await outstandingByClass(tx, input.companyId, today())).get(existing.id) ?? 0;
    if (Object.keys(changes).length === 0) return toShareClass(existing, await outstanding());
    if (changes.name) await assertUniqueName(tx, input.companyId, next.name, existing.id);
    const [row] = await tx
      .update(shareClass)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(shareClass.id, existing.id))
      .returning();
    // Lowering the shares authorized below what the register has out is refused.
    if (changes.sharesAuthorized)
      await assertRegister(tx, input.companyId, await loadLedger(tx, input.companyId));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: existing.id,
      companyId: input.companyId,
      changes,
    });
    return toShareClass(row!, await outstanding());
  });
}

export async function deleteShareClass({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const existing = await find(tx, input.companyId, input.id);
    const [[events], [receipts], plans, [valuations]] = await concurrently(tx, [
      () =>
        tx.select({ n: count() }).from(shareEvent).where(eq(shareEvent.shareClassId, existing.id)),
      () =>
        tx
          .select({ n: count() })
          .from(depositaryReceipt)
          .where(eq(depositaryReceipt.shareClassId, existing.id)),
      () => plansUsing(tx, eq(equityPlan.shareClassId, existing.id)),
      () =>
        tx.select({ n: count() }).from(valuation).where(eq(valuation.shareClassId, existing.id)),
    ]);
    const uses: string[] = [];
    if (events!.n > 0) uses.push(`${events!.n} register event(s)`);
    if (receipts!.n > 0) uses.push(`${receipts!.n} depositary receipt line(s)`);
    if (plans) uses.push(plans);
    if (valuations!.n > 0) uses.push(`${valuations!.n} valuation(s)`);
    if (uses.length > 0) throw stillInUse(`Share class ${existing.name}`, uses);
    await tx.delete(shareClass).where(eq(shareClass.id, existing.id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entityType: ENTITY,
      entityId: existing.id,
      companyId: input.companyId,
      changes: { name: { from: existing.name, to: null } },
    });
  });
}
