import { systemNow } from '../../clock';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import {
  receiptCreateSchema,
  shareEventCreateSchema,
  type Receipt,
  type ReceiptCreate,
  type ShareEvent,
  type ShareEventCreate,
} from '../../../contracts/equity';
import type { ShareEventType } from '../../../domain/equity';
import {
  replayLedger,
  type LedgerEvent,
  type LedgerReceipt,
  type LedgerViolation,
} from '../../../domain/share-ledger';
import { concurrently } from '../../db/concurrently';
import { inTransaction, type DbOrTx } from '../../db/client';
import { depositaryReceipt, shareClass, shareEvent, stakeholder } from '../../db/schema';
import type { ServiceArgs } from '../../http/context';
import { AppError, msg, notFound, validationError } from '../../http/errors';
import { diff, recordAudit, recordAudits, snapshot } from '../audit/service';
import {
  checkCompany,
  decimalOut,
  ledgerError,
  lockCompany,
  mergePatch,
  requireShareClass,
  requireStakeholders,
} from './shared';

/**
 * The shareholders' register (issue 4): issue, transfer and cancel events plus the STAK's
 * depositary receipts. Every write replays the whole register with the change applied and is
 * refused (409, nothing written) when any holder would go below zero, share numbers would clash,
 * receipts would exceed the STAK's shares or a class its shares authorized.
 */

type EventRow = typeof shareEvent.$inferSelect;
type ReceiptRow = typeof depositaryReceipt.$inferSelect;

export function toShareEvent(row: EventRow): ShareEvent {
  return {
    id: row.id,
    companyId: row.companyId,
    type: row.type as ShareEvent['type'],
    date: row.date,
    shareClassId: row.shareClassId,
    shareCount: row.shareCount,
    toStakeholderId: row.toStakeholderId,
    fromStakeholderId: row.fromStakeholderId,
    firstShareNumber: row.firstShareNumber,
    lastShareNumber: row.lastShareNumber,
    pricePerShare: decimalOut(row.pricePerShare),
    currency: row.currency,
    deedDate: row.deedDate,
    notary: row.notary,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function eventFields(row: EventRow): ShareEventCreate {
  const { id: _i, companyId: _c, createdAt: _a, updatedAt: _u, ...fields } = toShareEvent(row);
  return fields;
}

export function toReceipt(row: ReceiptRow): Receipt {
  return {
    id: row.id,
    companyId: row.companyId,
    stakStakeholderId: row.stakStakeholderId,
    shareClassId: row.shareClassId,
    holderStakeholderId: row.holderStakeholderId,
    receiptCount: row.receiptCount,
    date: row.date,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function receiptFields(row: ReceiptRow): ReceiptCreate {
  const { id: _i, companyId: _c, createdAt: _a, updatedAt: _u, ...fields } = toReceipt(row);
  return fields;
}

/** A company's whole register in order of entry, as the ledger engine needs it. */
export async function loadLedger(db: DbOrTx, companyId: string) {
  const [events, receipts, classes] = await concurrently(db, [
    () =>
      db
        .select()
        .from(shareEvent)
        .where(eq(shareEvent.companyId, companyId))
        .orderBy(asc(shareEvent.createdAt), asc(shareEvent.id)),
    () =>
      db
        .select()
        .from(depositaryReceipt)
        .where(eq(depositaryReceipt.companyId, companyId))
        .orderBy(asc(depositaryReceipt.date), asc(depositaryReceipt.createdAt)),
    () =>
      db
        .select({ id: shareClass.id, sharesAuthorized: shareClass.sharesAuthorized })
        .from(shareClass)
        .where(eq(shareClass.companyId, companyId)),
  ]);
  const authorized = new Map<string, number>();
  for (const c of classes)
    if (c.sharesAuthorized !== null) authorized.set(c.id, c.sharesAuthorized);
  return {
    events: events.map((row, seq) => toLedgerEvent(row.id, seq, toShareEvent(row))),
    receipts: receipts.map((row) => toLedgerReceipt(row.id, row)),
    authorized,
  };
}

/**
 * The register's events up to and including `asOf` (all when omitted) in register order (date,
 * then order of entry), with only the columns the replay reads: what a cap table or key figures
 * need. Writes validate with `loadLedger` (every event, receipts and caps).
 */
export async function loadLedgerEvents(
  db: DbOrTx,
  companyId: string,
  asOf?: string,
): Promise<LedgerEvent[]> {
  const rows = await db
    .select({
      id: shareEvent.id,
      type: shareEvent.type,
      date: shareEvent.date,
      shareClassId: shareEvent.shareClassId,
      shareCount: shareEvent.shareCount,
      fromStakeholderId: shareEvent.fromStakeholderId,
      toStakeholderId: shareEvent.toStakeholderId,
      firstShareNumber: shareEvent.firstShareNumber,
      lastShareNumber: shareEvent.lastShareNumber,
    })
    .from(shareEvent)
    .where(
      asOf
        ? and(eq(shareEvent.companyId, companyId), lte(shareEvent.date, asOf))
        : eq(shareEvent.companyId, companyId),
    )
    .orderBy(asc(shareEvent.date), asc(shareEvent.createdAt), asc(shareEvent.id));
  return rows.map((row, seq) => ({ ...row, type: row.type as ShareEventType, seq }));
}

export function toLedgerEvent(
  id: string,
  seq: number,
  e: Pick<
    ShareEventCreate,
    | 'type'
    | 'date'
    | 'shareClassId'
    | 'shareCount'
    | 'fromStakeholderId'
    | 'toStakeholderId'
    | 'firstShareNumber'
    | 'lastShareNumber'
  >,
): LedgerEvent {
  return {
    id,
    seq,
    type: e.type,
    date: e.date,
    shareClassId: e.shareClassId,
    shareCount: e.shareCount,
    fromStakeholderId: e.fromStakeholderId,
    toStakeholderId: e.toStakeholderId,
    firstShareNumber: e.firstShareNumber,
    lastShareNumber: e.lastShareNumber,
  };
}

function toLedgerReceipt(
  id: string,
  r: Pick<ReceiptCreate, 'date' | 'stakStakeholderId' | 'shareClassId' | 'receiptCount'>,
): LedgerReceipt {
  return {
    id,
    date: r.date,
    stakStakeholderId: r.stakStakeholderId,
    shareClassId: r.shareClassId,
    receiptCount: r.receiptCount,
  };
}

/** Replays the register as it would be after a write; throws the 409 of the first violation. */
export async function assertRegister(
  tx: DbOrTx,
  companyId: string,
  ledger: Awaited<ReturnType<typeof loadLedger>>,
): Promise<void> {
  const { violation } = replayLedger(ledger.events, {
    receipts: ledger.receipts,
    authorized: ledger.authorized,
  });
  if (violation) throw await registerError(tx, companyId, violation);
}

/** A violation as the API's 409, naming the stakeholder and class. */
async function registerError(
  tx: DbOrTx,
  companyId: string,
  violation: LedgerViolation,
): Promise<AppError> {
  const [people, classes] = await concurrently(tx, [
    () =>
      tx
        .select({ id: stakeholder.id, name: stakeholder.name })
        .from(stakeholder)
        .where(eq(stakeholder.companyId, companyId)),
    () =>
      tx
        .select({ id: shareClass.id, name: shareClass.name })
        .from(shareClass)
        .where(eq(shareClass.companyId, companyId)),
  ]);
  const personName = new Map(people.map((p) => [p.id, p.name]));
  const className = new Map(classes.map((c) => [c.id, c.name]));
  return ledgerError(violation, {
    stakeholder: (id) => (id && personName.get(id)) || msg('errors.ledger.theStakeholder'),
    shareClass: (id) => className.get(id) ?? msg('errors.ledger.thisClass'),
  });
}

const EVENT = 'share_event';
const RECEIPT = 'depositary_receipt';

async function findEvent(db: DbOrTx, companyId: string, eventId: string) {
  const rows = await db
    .select()
    .from(shareEvent)
    .where(and(eq(shareEvent.id, eventId), eq(shareEvent.companyId, companyId)))
    .limit(1);
  if (!rows[0]) throw notFound(msg('errors.notFound.shareEvent'));
  return rows[0];
}

/** A price given without a currency is in the share class's currency (issue 11). */
async function withClassCurrency<T extends ShareEventCreate>(
  tx: DbOrTx,
  companyId: string,
  input: T,
): Promise<T> {
  if (input.pricePerShare === null || input.currency !== null) return input;
  const [found] = await tx
    .select({ currency: shareClass.currency })
    .from(shareClass)
    .where(and(eq(shareClass.companyId, companyId), eq(shareClass.id, input.shareClassId)))
    .limit(1);
  return found ? { ...input, currency: found.currency } : input;
}

async function checkEventRefs(tx: DbOrTx, companyId: string, input: ShareEventCreate) {
  await requireShareClass(tx, companyId, input.shareClassId);
  await requireStakeholders(tx, companyId, {
    toStakeholderId: input.toStakeholderId,
    fromStakeholderId: input.fromStakeholderId,
  });
}

/** The register's events, oldest first; optionally one class's or one stakeholder's. */
export async function listShareEvents({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; shareClassId?: string; stakeholderId?: string }>): Promise<
  ShareEvent[]
> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const filters = [eq(shareEvent.companyId, input.companyId)];
  if (input.shareClassId) filters.push(eq(shareEvent.shareClassId, input.shareClassId));
  if (input.stakeholderId) {
    filters.push(
      or(
        eq(shareEvent.toStakeholderId, input.stakeholderId),
        and(
          isNotNull(shareEvent.fromStakeholderId),
          eq(shareEvent.fromStakeholderId, input.stakeholderId),
        ),
      )!,
    );
  }
  const rows = await db
    .select()
    .from(shareEvent)
    .where(and(...filters))
    .orderBy(asc(shareEvent.date), asc(shareEvent.createdAt), asc(shareEvent.id));
  return rows.map(toShareEvent);
}

export async function getShareEvent({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<ShareEvent> {
  await checkCompany(db, actor.organizationId, input.companyId);
  return toShareEvent(await findEvent(db, input.companyId, input.id));
}

export async function createShareEvent({
  db,
  actor,
  input,
  tx: outer,
}: ServiceArgs<{ companyId: string; body: ShareEventCreate }>): Promise<ShareEvent> {
  return inTransaction(db, outer, async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    await checkEventRefs(tx, input.companyId, input.body);
    const body = await withClassCurrency(tx, input.companyId, input.body);
    const ledger = await loadLedger(tx, input.companyId);
    ledger.events.push(toLedgerEvent('new', ledger.events.length, body));
    await assertRegister(tx, input.companyId, ledger);
    const [row] = await tx
      .insert(shareEvent)
      .values({ ...body, organizationId: actor.organizationId, companyId: input.companyId })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR', 'Share event was not created');
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: EVENT,
      entityId: row.id,
      companyId: input.companyId,
      changes: snapshot(eventFields(row)),
    });
    return toShareEvent(row);
  });
}

/**
 * The first of `bodies`, taken in their order (the order they would be entered in by hand), that
 * the register refuses, with the 409 it answers; null when it takes them all. The register is
 * loaded and replayed once with all of them; only when that fails, the shortest refused prefix
 * is found by halving (a few replays more), so checking n events costs O(n log n), not the
 * O(n²) of entering them one by one.
 */
export async function firstRefusedEvent(
  tx: DbOrTx,
  companyId: string,
  bodies: readonly ShareEventCreate[],
): Promise<{ index: number; error: AppError } | null> {
  const ledger = await loadLedger(tx, companyId);
  const base = ledger.events.length;
  const added = bodies.map((body, i) => toLedgerEvent(`new-${i}`, base + i, body));
  const replay = (count: number) =>
    replayLedger([...ledger.events, ...added.slice(0, count)], {
      receipts: ledger.receipts,
      authorized: ledger.authorized,
    }).violation;
  let violation = replay(added.length);
  if (!violation) return null;
  // The register without the new events is valid (every write kept it so): find the least
  // count of new events that breaks it.
  let low = 1;
  let high = added.length;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    const found = replay(mid);
    if (found) {
      high = mid;
      violation = found;
    } else low = mid + 1;
  }
  return { index: high - 1, error: await registerError(tx, companyId, violation) };
}

/**
 * Several register events at once, in the caller's transaction (the spreadsheet import): the same
 * checks as {@link createShareEvent} for each, in their order, but one lock, one replay and one
 * insert per thousand. Their entry order is their order here: each gets a creation time of its
 * own, a millisecond apart (rows made in one transaction would otherwise share its timestamp,
 * and the register would order events of one date by their random ids). A refusal names the
 * event by its index (`RefusedEvent`).
 */
export async function createShareEvents({
  actor,
  input,
  tx,
  onProgress,
}: Omit<ServiceArgs<{ companyId: string; bodies: readonly ShareEventCreate[] }>, 'db'> & {
  tx: DbOrTx;
  /** Called with the number of events written so far, after each insert. */
  onProgress?: (done: number) => void;
}): Promise<string[]> {
  const { companyId } = input;
  await lockCompany(tx, actor.organizationId, companyId);
  if (input.bodies.length === 0) return [];
  // References, all in two queries.
  const classIds = [...new Set(input.bodies.map((b) => b.shareClassId))];
  const people = [
    ...new Set(
      input.bodies.flatMap((b) => [b.toStakeholderId, b.fromStakeholderId]).filter(Boolean),
    ),
  ] as string[];
  const [classes, holders] = await concurrently(tx, [
    () =>
      tx
        .select({ id: shareClass.id, currency: shareClass.currency })
        .from(shareClass)
        .where(and(eq(shareClass.companyId, companyId), inArray(shareClass.id, classIds))),
    () =>
      people.length === 0
        ? Promise.resolve([] as { id: string }[])
        : tx
            .select({ id: stakeholder.id })
            .from(stakeholder)
            .where(
              and(
                eq(stakeholder.companyId, companyId),
                inArray(stakeholder.id, people),
                isNull(stakeholder.deletedAt),
              ),
            ),
  ]);
  const currency = new Map(classes.map((c) => [c.id, c.currency]));
  const known = new Set(holders.map((h) => h.id));
  const bodies = input.bodies.map((body, index) => {
    const errors: Record<string, ReturnType<typeof msg>> = {};
    if (!currency.has(body.shareClassId)) errors.shareClassId = msg('errors.shareClass.noSuch');
    for (const field of ['toStakeholderId', 'fromStakeholderId'] as const) {
      const id = body[field];
      if (id && !known.has(id)) errors[field] = msg('errors.stakeholder.noSuch');
    }
    if (Object.keys(errors).length > 0) throw new RefusedEvent(index, validationError(errors));
    return body.pricePerShare !== null && body.currency === null
      ? { ...body, currency: currency.get(body.shareClassId) ?? null }
      : body;
  });
  const refused = await firstRefusedEvent(tx, companyId, bodies);
  if (refused) throw new RefusedEvent(refused.index, refused.error);
  const start = systemNow().getTime();
  const ids: string[] = [];
  for (let from = 0; from < bodies.length; from += INSERT_BATCH) {
    const chunk = bodies.slice(from, from + INSERT_BATCH);
    const rows = await tx
      .insert(shareEvent)
      .values(
        chunk.map((body, i) => ({
          ...body,
          organizationId: actor.organizationId,
          companyId,
          createdAt: new Date(start + from + i),
          updatedAt: new Date(start + from + i),
        })),
      )
      .returning();
    // RETURNING keeps the VALUES order in PostgreSQL; the creation times say it anyway.
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    ids.push(...rows.map((row) => row.id));
    await recordAudits(
      tx,
      actor,
      rows.map((row) => ({
        action: 'create' as const,
        entityType: EVENT,
        entityId: row.id,
        companyId,
        changes: snapshot(eventFields(row)),
      })),
    );
    onProgress?.(ids.length);
  }
  return ids;
}

/** Register events inserted per statement (about 17 columns each: far below 65,535 parameters). */
const INSERT_BATCH = 1000;

/** One of several events refused: its index among them and the API's error. */
export class RefusedEvent extends Error {
  constructor(
    readonly index: number,
    readonly error: AppError,
  ) {
    super(`event ${index} refused`);
  }
}

export async function updateShareEvent({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  id: string;
  patch: Record<string, unknown>;
}>): Promise<ShareEvent> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const existing = await findEvent(tx, input.companyId, input.id);
    const before = eventFields(existing);
    const merged = mergePatch(shareEventCreateSchema, before, input.patch);
    await checkEventRefs(tx, input.companyId, merged);
    const next = await withClassCurrency(tx, input.companyId, merged);
    const changes = diff(before, next);
    if (Object.keys(changes).length === 0) return toShareEvent(existing);
    const ledger = await loadLedger(tx, input.companyId);
    ledger.events = ledger.events.map((e) =>
      e.id === existing.id ? toLedgerEvent(e.id, e.seq, next) : e,
    );
    await assertRegister(tx, input.companyId, ledger);
    const [row] = await tx
      .update(shareEvent)
      .set({ ...next, updatedAt: systemNow() })
      .where(eq(shareEvent.id, existing.id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: EVENT,
      entityId: existing.id,
      companyId: input.companyId,
      changes,
    });
    return toShareEvent(row!);
  });
}

export async function deleteShareEvent({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const existing = await findEvent(tx, input.companyId, input.id);
    const ledger = await loadLedger(tx, input.companyId);
    ledger.events = ledger.events.filter((e) => e.id !== existing.id);
    // Deleting an issue that later transfers or receipts rely on is refused like any other write.
    await assertRegister(tx, input.companyId, ledger);
    await tx.delete(shareEvent).where(eq(shareEvent.id, existing.id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entityType: EVENT,
      entityId: existing.id,
      companyId: input.companyId,
      changes: snapshot(eventFields(existing)),
    });
  });
}

// ------------------------------------------------------------------------------------ receipts

async function findReceipt(db: DbOrTx, companyId: string, id: string) {
  const rows = await db
    .select()
    .from(depositaryReceipt)
    .where(and(eq(depositaryReceipt.id, id), eq(depositaryReceipt.companyId, companyId)))
    .limit(1);
  if (!rows[0]) throw notFound(msg('errors.notFound.receipt'));
  return rows[0];
}

async function checkReceiptRefs(tx: DbOrTx, companyId: string, input: ReceiptCreate) {
  await requireShareClass(tx, companyId, input.shareClassId);
  await requireStakeholders(
    tx,
    companyId,
    { stakStakeholderId: input.stakStakeholderId, holderStakeholderId: input.holderStakeholderId },
    { stakFields: ['stakStakeholderId'] },
  );
}

export async function listReceipts({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string }>): Promise<Receipt[]> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const rows = await db
    .select()
    .from(depositaryReceipt)
    .where(eq(depositaryReceipt.companyId, input.companyId))
    .orderBy(asc(depositaryReceipt.date), asc(depositaryReceipt.createdAt));
  return rows.map(toReceipt);
}

export async function getReceipt({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<Receipt> {
  await checkCompany(db, actor.organizationId, input.companyId);
  return toReceipt(await findReceipt(db, input.companyId, input.id));
}

export async function createReceipt({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; body: ReceiptCreate }>): Promise<Receipt> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    await checkReceiptRefs(tx, input.companyId, input.body);
    const ledger = await loadLedger(tx, input.companyId);
    ledger.receipts.push(toLedgerReceipt('new', input.body));
    await assertRegister(tx, input.companyId, ledger);
    const [row] = await tx
      .insert(depositaryReceipt)
      .values({ ...input.body, organizationId: actor.organizationId, companyId: input.companyId })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR', 'Receipt was not created');
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: RECEIPT,
      entityId: row.id,
      companyId: input.companyId,
      changes: snapshot(receiptFields(row)),
    });
    return toReceipt(row);
  });
}

export async function updateReceipt({
  db,
  actor,
  input,
}: ServiceArgs<{
  companyId: string;
  id: string;
  patch: Record<string, unknown>;
}>): Promise<Receipt> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const existing = await findReceipt(tx, input.companyId, input.id);
    const before = receiptFields(existing);
    const next = mergePatch(receiptCreateSchema, before, input.patch);
    const changes = diff(before, next);
    if (Object.keys(changes).length === 0) return toReceipt(existing);
    await checkReceiptRefs(tx, input.companyId, next);
    const ledger = await loadLedger(tx, input.companyId);
    ledger.receipts = ledger.receipts.map((r) =>
      r.id === existing.id ? toLedgerReceipt(r.id, next) : r,
    );
    await assertRegister(tx, input.companyId, ledger);
    const [row] = await tx
      .update(depositaryReceipt)
      .set({ ...next, updatedAt: systemNow() })
      .where(eq(depositaryReceipt.id, existing.id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: RECEIPT,
      entityId: existing.id,
      companyId: input.companyId,
      changes,
    });
    return toReceipt(row!);
  });
}

export async function deleteReceipt({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; id: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const existing = await findReceipt(tx, input.companyId, input.id);
    await tx.delete(depositaryReceipt).where(eq(depositaryReceipt.id, existing.id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entityType: RECEIPT,
      entityId: existing.id,
      companyId: input.companyId,
      changes: snapshot(receiptFields(existing)),
    });
  });
}
