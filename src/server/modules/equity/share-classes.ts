import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  shareClassCreateSchema,
  type ShareClass,
  type ShareClassCreate,
} from '../../../contracts/equity';
import { nextShareNumbers, replayLedger } from '../../../domain/share-ledger';
import { concurrently } from '../../db/concurrently';
import type { DbOrTx } from '../../db/client';
import { depositaryReceipt, equityPlan, shareClass, shareEvent, valuation } from '../../db/schema';
import type { ServiceArgs } from '../../http/context';
import { AppError, msg, notFound, type Message } from '../../http/errors';
import { diff, recordAudit, snapshot } from '../audit/service';
import { assertRegister, loadLedger, loadLedgerEvents } from './register';
import {
  checkCompany,
  decimalOut,
  lockCompany,
  mergePatch,
  plansUsing,
  stillInUse,
} from './shared';
import { today, systemNow } from '../../clock';

type Row = typeof shareClass.$inferSelect;
const ENTITY = 'share_class';

/** What the register says of a class: shares outstanding today, and its next free number. */
interface RegisterFigures {
  outstanding: number;
  nextShareNumber: number | null;
}

const UNUSED: RegisterFigures = { outstanding: 0, nextShareNumber: 1 };

function toShareClass(row: Row, figures: RegisterFigures): ShareClass {
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
    sharesOutstanding: figures.outstanding,
    nextShareNumber: figures.nextShareNumber,
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
    nextShareNumber: _n,
    ...rest
  } = toShareClass(row, UNUSED);
  return rest;
}

/**
 * Per class, from the register: shares outstanding today (issued minus cancelled) and the next
 * free share number (the issue form's suggestion, issue 12), from every event whatever its date.
 */
async function registerFigures(db: DbOrTx, companyId: string, today: string) {
  const events = await loadLedgerEvents(db, companyId);
  const { holdings } = replayLedger(events, { asOf: today });
  const next = nextShareNumbers(events);
  return (classId: string): RegisterFigures => {
    let outstanding = 0;
    for (const h of holdings.get(classId)?.values() ?? []) outstanding += h.count;
    return { outstanding, nextShareNumber: next.has(classId) ? next.get(classId)! : 1 };
  };
}

async function find(db: DbOrTx, companyId: string, id: string) {
  const rows = await db
    .select()
    .from(shareClass)
    .where(and(eq(shareClass.id, id), eq(shareClass.companyId, companyId)))
    .limit(1);
  if (!rows[0]) throw notFound(msg('errors.notFound.shareClass'));
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
    throw new AppError('CONFLICT', msg('errors.shareClass.nameTaken', { name }), {
      name: msg('errors.shareClass.nameTaken.field'),
    });
}

export async function listShareClasses({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string }>): Promise<ShareClass[]> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const [rows, figuresOf] = await concurrently(db, [
    () =>
      db
        .select()
        .from(shareClass)
        .where(eq(shareClass.companyId, input.companyId))
        .orderBy(asc(shareClass.seniority), asc(sql`lower(${shareClass.name})`)),
    () => registerFigures(db, input.companyId, today()),
  ]);
  return rows.map((row) => toShareClass(row, figuresOf(row.id)));
}

export async function getShareClass({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<ShareClass> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const row = await find(db, input.companyId, input.id);
  const figuresOf = await registerFigures(db, input.companyId, today());
  return toShareClass(row, figuresOf(row.id));
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
    return toShareClass(row, UNUSED);
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
    const figures = async () => (await registerFigures(tx, input.companyId, today()))(existing.id);
    if (Object.keys(changes).length === 0) return toShareClass(existing, await figures());
    if (changes.name) await assertUniqueName(tx, input.companyId, next.name, existing.id);
    const [row] = await tx
      .update(shareClass)
      .set({ ...next, updatedAt: systemNow() })
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
    return toShareClass(row!, await figures());
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
    const uses: Message[] = [];
    if (events!.n > 0) uses.push(msg('errors.uses.registerEvents', { count: events!.n }));
    if (receipts!.n > 0) uses.push(msg('errors.uses.receiptLines', { count: receipts!.n }));
    if (plans) uses.push(plans);
    if (valuations!.n > 0) uses.push(msg('errors.uses.valuations', { count: valuations!.n }));
    if (uses.length > 0) {
      throw stillInUse(msg('errors.shareClass.named', { name: existing.name }), uses);
    }
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
