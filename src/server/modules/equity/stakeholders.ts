import { systemNow } from '../../clock';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  stakeholderCreateSchema,
  type Stakeholder,
  type StakeholderCreate,
  type StakeholderListQuery,
} from '../../../contracts/equity';
import { concurrently } from '../../db/concurrently';
import { inTransaction, type DbOrTx } from '../../db/client';
import {
  depositaryReceipt,
  equityPlan,
  grant,
  grantExercise,
  shareEvent,
  stakeholder,
} from '../../db/schema';
import type { ServiceArgs } from '../../http/context';
import { AppError, msg, notFound, type Message } from '../../http/errors';
import { diff, recordAudit, recordAudits, snapshot } from '../audit/service';
import { trashedBy } from '../trash/service';
import { checkCompany, lockCompany, mergePatch, plansUsing, stillInUse } from './shared';

type Row = typeof stakeholder.$inferSelect;
const ENTITY = 'stakeholder';

export function toStakeholder(row: Row): Stakeholder {
  return {
    id: row.id,
    companyId: row.companyId,
    kind: row.kind as Stakeholder['kind'],
    name: row.name,
    relationship: row.relationship as Stakeholder['relationship'],
    status: row.status as Stakeholder['status'],
    email: row.email,
    phone: row.phone,
    street: row.street,
    postal: row.postal,
    city: row.city,
    country: row.country,
    taxCountry: row.taxCountry,
    employeeId: row.employeeId,
    language: row.language as Stakeholder['language'],
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function fields(row: Row): StakeholderCreate {
  const { id: _i, companyId: _c, createdAt: _a, updatedAt: _u, ...rest } = toStakeholder(row);
  return rest;
}

async function find(db: DbOrTx, companyId: string, id: string) {
  const rows = await db
    .select()
    .from(stakeholder)
    .where(
      and(
        eq(stakeholder.id, id),
        eq(stakeholder.companyId, companyId),
        isNull(stakeholder.deletedAt),
      ),
    )
    .limit(1);
  // One in the trash is not found: not read, not written (decision 016).
  if (!rows[0]) throw notFound(msg('errors.notFound.stakeholder'));
  return rows[0];
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The company's stakeholders by name; search by name, e-mail or employee id; filter by relationship and status. */
export async function listStakeholders({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; query: StakeholderListQuery }>): Promise<Stakeholder[]> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const filters = [eq(stakeholder.companyId, input.companyId), isNull(stakeholder.deletedAt)];
  const { q, relationship, status } = input.query;
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    filters.push(
      or(
        ilike(stakeholder.name, pattern),
        ilike(stakeholder.email, pattern),
        ilike(stakeholder.employeeId, pattern),
      )!,
    );
  }
  if (relationship) filters.push(eq(stakeholder.relationship, relationship));
  if (status) filters.push(eq(stakeholder.status, status));
  const rows = await db
    .select()
    .from(stakeholder)
    .where(and(...filters))
    .orderBy(asc(sql`lower(${stakeholder.name})`), asc(stakeholder.id));
  return rows.map(toStakeholder);
}

export async function getStakeholder({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<Stakeholder> {
  await checkCompany(db, actor.organizationId, input.companyId);
  return toStakeholder(await find(db, input.companyId, input.id));
}

export async function createStakeholder({
  db,
  actor,
  input,
  tx: outer,
}: ServiceArgs<{ companyId: string; body: StakeholderCreate }>): Promise<Stakeholder> {
  return inTransaction(db, outer, async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const [row] = await tx
      .insert(stakeholder)
      .values({ ...input.body, organizationId: actor.organizationId, companyId: input.companyId })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR', 'Stakeholder was not created');
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: snapshot(fields(row)),
    });
    return toStakeholder(row);
  });
}

/**
 * Several stakeholders at once, in the caller's transaction (the spreadsheet import): one lock,
 * one insert and one audit insert per thousand, each with a creation time of its own a
 * millisecond apart so that they list in the order given. The bodies are already valid
 * (a stakeholder has no rule that involves another one).
 */
export async function createStakeholders({
  actor,
  input,
  tx,
  onProgress,
}: {
  actor: ServiceArgs['actor'];
  tx: DbOrTx;
  input: { companyId: string; bodies: readonly StakeholderCreate[] };
  /** Called with the number written so far, after each insert. */
  onProgress?: (done: number) => void;
}): Promise<string[]> {
  await lockCompany(tx, actor.organizationId, input.companyId);
  const start = systemNow().getTime();
  const ids: string[] = [];
  for (let from = 0; from < input.bodies.length; from += INSERT_BATCH) {
    const rows = await tx
      .insert(stakeholder)
      .values(
        input.bodies.slice(from, from + INSERT_BATCH).map((body, i) => ({
          ...body,
          organizationId: actor.organizationId,
          companyId: input.companyId,
          createdAt: new Date(start + from + i),
          updatedAt: new Date(start + from + i),
        })),
      )
      .returning();
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    ids.push(...rows.map((row) => row.id));
    await recordAudits(
      tx,
      actor,
      rows.map((row) => ({
        action: 'create' as const,
        entityType: ENTITY,
        entityId: row.id,
        companyId: input.companyId,
        changes: snapshot(fields(row)),
      })),
    );
    onProgress?.(ids.length);
  }
  return ids;
}

/** Stakeholders inserted per statement (about 20 columns each: far below 65,535 parameters). */
const INSERT_BATCH = 1000;

export async function updateStakeholder({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  id: string;
  patch: Record<string, unknown>;
}>): Promise<Stakeholder> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const existing = await find(tx, input.companyId, input.id);
    const before = fields(existing);
    const next = mergePatch(stakeholderCreateSchema, before, input.patch);
    const changes = diff(before, next);
    if (Object.keys(changes).length === 0) return toStakeholder(existing);
    // A STAK that holds receipts or backs a plan must stay a STAK.
    if (before.relationship === 'stak' && next.relationship !== 'stak') {
      const uses = await stakUses(tx, existing.id);
      if (uses.length > 0)
        throw new AppError('CONFLICT', msg('errors.stakeholder.stakInUse', { uses }), {
          relationship: msg('errors.stakeholder.stakInUse.field'),
        });
    }
    const [row] = await tx
      .update(stakeholder)
      .set({ ...next, updatedAt: systemNow() })
      .where(eq(stakeholder.id, existing.id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: existing.id,
      companyId: input.companyId,
      changes,
    });
    return toStakeholder(row!);
  });
}

async function stakUses(tx: DbOrTx, id: string): Promise<Message[]> {
  const [[receipts], plans] = await concurrently(tx, [
    () =>
      tx
        .select({ n: count() })
        .from(depositaryReceipt)
        .where(eq(depositaryReceipt.stakStakeholderId, id)),
    () => plansUsing(tx, eq(equityPlan.stakStakeholderId, id)),
  ]);
  const uses: Message[] = [];
  if (receipts!.n > 0) uses.push(msg('errors.uses.receiptLines', { count: receipts!.n }));
  if (plans) uses.push(plans);
  return uses;
}

/**
 * Moves a stakeholder to the trash with their grants (decision 016). One who is on the register
 * (register events, receipts held, a STAK in use) or whose grants were exercised cannot go: the
 * register is the legal record; transfer or cancel first.
 */
export async function deleteStakeholder({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const existing = await find(tx, input.companyId, input.id);
    const [[events], [holderReceipts], stak, [exercises]] = await concurrently(tx, [
      () =>
        tx
          .select({ n: count() })
          .from(shareEvent)
          .where(
            or(
              eq(shareEvent.toStakeholderId, existing.id),
              eq(shareEvent.fromStakeholderId, existing.id),
            ),
          ),
      () =>
        tx
          .select({ n: count() })
          .from(depositaryReceipt)
          .where(eq(depositaryReceipt.holderStakeholderId, existing.id)),
      () => stakUses(tx, existing.id),
      () =>
        tx
          .select({ n: count() })
          .from(grantExercise)
          .where(
            inArray(
              grantExercise.grantId,
              tx.select({ id: grant.id }).from(grant).where(eq(grant.stakeholderId, existing.id)),
            ),
          ),
    ]);
    const uses = [...stak];
    if (events!.n > 0) uses.unshift(msg('errors.uses.registerEvents', { count: events!.n }));
    if (holderReceipts!.n > 0)
      uses.push(msg('errors.uses.receiptHoldings', { count: holderReceipts!.n }));
    if (exercises!.n > 0) uses.push(msg('errors.uses.grantExercises', { count: exercises!.n }));
    if (uses.length > 0) throw stillInUse(existing.name, uses);
    const marks = trashedBy(actor);
    await tx.update(stakeholder).set(marks).where(eq(stakeholder.id, existing.id));
    // Their grants go with them, and come back with them.
    await tx
      .update(grant)
      .set({ ...marks, trashedWith: existing.id })
      .where(and(eq(grant.stakeholderId, existing.id), isNull(grant.deletedAt)));
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
