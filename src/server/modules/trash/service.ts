import { and, count, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  TRASH_RETENTION_DAYS,
  type CompanyContents,
  type TrashItem,
  type TrashKind,
  type TrashList,
} from '../../../contracts/trash';
import { now } from '../../clock';
import type { Database, DbOrTx } from '../../db/client';
import { concurrently } from '../../db/concurrently';
import {
  company,
  depositaryReceipt,
  equityPlan,
  grant,
  grantExercise,
  shareClass,
  shareEvent,
  stakeholder,
  valuation,
} from '../../db/schema';
import type { Actor, ServiceArgs } from '../../http/context';
import { AppError, msg, notFound, type Message } from '../../http/errors';
import { recordAudit } from '../audit/service';
import { checkCompany } from '../equity/shared';
import { hiddenCompanyIds, viewerOf, visibleCompanies } from '../access/visibility';

/**
 * The workspace's trash (issue 11, decision 016). Deleting a company, stakeholder, plan or grant
 * sets its `deleted_at`; every read leaves such rows out (and a company's rows with it). Owners
 * and admins list, restore or purge them; the purge job deletes them 30 days on.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_MS = TRASH_RETENTION_DAYS * DAY_MS;

const TABLES = { company, stakeholder, plan: equityPlan, grant } as const;
/** The entity types of the audit rows (as the services write them). */
const ENTITY: Record<TrashKind, string> = {
  company: 'company',
  stakeholder: 'stakeholder',
  plan: 'plan',
  grant: 'grant',
};
const NOT_IN_TRASH: Record<TrashKind, Message> = {
  company: msg('errors.notFound.trash.company'),
  stakeholder: msg('errors.notFound.trash.stakeholder'),
  plan: msg('errors.notFound.trash.plan'),
  grant: msg('errors.notFound.trash.grant'),
};

const fmt = (n: number) => n.toLocaleString('en');

export function grantName(quantity: number, stakeholderName: string, planName: string): string {
  return `${fmt(quantity)} to ${stakeholderName} (${planName})`;
}

/** The fields that mark a row as trashed by `actor` now. */
export function trashedBy(actor: Actor) {
  return { deletedAt: now(), deletedBy: actor.userId, deletedByName: actor.userName };
}

const restored = { deletedAt: null, deletedBy: null, deletedByName: null } as const;

/** What a company takes with it to the trash, for the delete dialog. */
export async function companyContents({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string }>): Promise<CompanyContents> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const id = input.companyId;
  const n = (rows: { n: number }[]) => rows[0]?.n ?? 0;
  const [s, c, e, r, p, g, v] = await concurrently(db, [
    () =>
      db
        .select({ n: count() })
        .from(stakeholder)
        .where(and(eq(stakeholder.companyId, id), isNull(stakeholder.deletedAt))),
    () => db.select({ n: count() }).from(shareClass).where(eq(shareClass.companyId, id)),
    () => db.select({ n: count() }).from(shareEvent).where(eq(shareEvent.companyId, id)),
    () =>
      db.select({ n: count() }).from(depositaryReceipt).where(eq(depositaryReceipt.companyId, id)),
    () =>
      db
        .select({ n: count() })
        .from(equityPlan)
        .where(and(eq(equityPlan.companyId, id), isNull(equityPlan.deletedAt))),
    () =>
      db
        .select({ n: count() })
        .from(grant)
        .where(and(eq(grant.companyId, id), isNull(grant.deletedAt))),
    () => db.select({ n: count() }).from(valuation).where(eq(valuation.companyId, id)),
  ]);
  return {
    stakeholders: n(s),
    shareClasses: n(c),
    registerEntries: n(e),
    receipts: n(r),
    plans: n(p),
    grants: n(g),
    valuations: n(v),
  };
}

function item(
  kind: TrashKind,
  row: {
    id: string;
    name: string;
    companyId: string;
    companyName: string;
    deletedAt: Date | null;
    deletedBy: string | null;
    deletedByName: string | null;
  },
): TrashItem {
  const deletedAt = row.deletedAt ?? new Date(0);
  return {
    kind,
    id: row.id,
    name: row.name,
    companyId: row.companyId,
    companyName: row.companyName,
    deletedAt: deletedAt.toISOString(),
    deletedBy: { id: row.deletedBy, name: row.deletedByName },
    purgeAt: new Date(deletedAt.getTime() + RETENTION_MS).toISOString(),
  };
}

/** Trash listings of companies, by any condition. */
function companyRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      id: company.id,
      name: company.companyName,
      companyId: company.id,
      companyName: company.companyName,
      deletedAt: company.deletedAt,
      deletedBy: company.deletedBy,
      deletedByName: company.deletedByName,
    })
    .from(company)
    .where(where);
}

/** Trash listings of stakeholders or plans, with their company, by any condition. */
function childRows(
  db: DbOrTx,
  kind: 'stakeholder' | 'plan',
  where: (table: typeof stakeholder | typeof equityPlan) => SQL | undefined,
) {
  const table = kind === 'stakeholder' ? stakeholder : equityPlan;
  return db
    .select({
      id: table.id,
      name: table.name,
      companyId: company.id,
      companyName: company.companyName,
      deletedAt: table.deletedAt,
      deletedBy: table.deletedBy,
      deletedByName: table.deletedByName,
    })
    .from(table)
    .innerJoin(company, eq(company.id, table.companyId))
    .where(where(table));
}

/** Trash listings of grants, with their company, holder and plan, by any condition. */
async function grantRows(db: DbOrTx, where: SQL | undefined) {
  const rows = await db
    .select({
      id: grant.id,
      quantity: grant.quantity,
      stakeholderName: stakeholder.name,
      planName: equityPlan.name,
      companyId: company.id,
      companyName: company.companyName,
      deletedAt: grant.deletedAt,
      deletedBy: grant.deletedBy,
      deletedByName: grant.deletedByName,
    })
    .from(grant)
    .innerJoin(company, eq(company.id, grant.companyId))
    .innerJoin(stakeholder, eq(stakeholder.id, grant.stakeholderId))
    .innerJoin(equityPlan, eq(equityPlan.id, grant.planId))
    .where(where);
  return rows.map((r) => ({ ...r, name: grantName(r.quantity, r.stakeholderName, r.planName) }));
}

/**
 * The workspace's trash, most recently deleted first: companies, and the stakeholders, plans and
 * grants deleted on their own (a grant that went with its stakeholder or plan comes back with it
 * and is not listed apart).
 */
export async function listTrash({ db, actor }: ServiceArgs): Promise<TrashList> {
  const org = actor.organizationId;
  // Client access (decision 029): a custom role may read the trash; what belongs to a company
  // the caller may not see stays out of it.
  const hidden = await hiddenCompanyIds(db, viewerOf(actor));
  const [companies, stakeholders, plans, grants] = await concurrently(db, [
    () =>
      companyRows(
        db,
        and(
          eq(company.organizationId, org),
          isNotNull(company.deletedAt),
          visibleCompanies(company.id, hidden),
        ),
      ),
    () =>
      childRows(db, 'stakeholder', (t) =>
        and(
          eq(t.organizationId, org),
          isNotNull(t.deletedAt),
          visibleCompanies(t.companyId, hidden),
        ),
      ),
    () =>
      childRows(db, 'plan', (t) =>
        and(
          eq(t.organizationId, org),
          isNotNull(t.deletedAt),
          visibleCompanies(t.companyId, hidden),
        ),
      ),
    () =>
      grantRows(
        db,
        and(
          eq(grant.organizationId, org),
          isNotNull(grant.deletedAt),
          isNull(grant.trashedWith),
          visibleCompanies(grant.companyId, hidden),
        ),
      ),
  ]);
  const items = [
    ...companies.map((r) => item('company', r)),
    ...stakeholders.map((r) => item('stakeholder', r)),
    ...plans.map((r) => item('plan', r)),
    ...grants.map((r) => item('grant', r)),
  ].sort((a, b) => (a.deletedAt < b.deletedAt ? 1 : a.deletedAt > b.deletedAt ? -1 : 0));
  return { items };
}

/**
 * A trashed item of the workspace, locked for the rest of the transaction; 404 otherwise, and
 * also when it belongs to a company the caller may not see (client access, decision 029).
 */
async function lockTrashed(tx: DbOrTx, actor: Actor, kind: TrashKind, id: string) {
  const table = TABLES[kind];
  const hidden = await hiddenCompanyIds(tx, viewerOf(actor));
  const companyColumn = kind === 'company' ? company.id : TABLES[kind].companyId;
  const rows = await tx
    .select({ id: table.id, deletedAt: table.deletedAt })
    .from(table)
    .where(
      and(
        eq(table.id, id),
        eq(table.organizationId, actor.organizationId),
        isNotNull(table.deletedAt),
        visibleCompanies(companyColumn, hidden),
      ),
    )
    .for('update');
  if (!rows[0]) throw notFound(NOT_IN_TRASH[kind]);
}

/** The company of a child item with its name and whether it is in the trash. */
async function companyOf(tx: DbOrTx, companyId: string) {
  const [row] = await tx
    .select({ id: company.id, name: company.companyName, deletedAt: company.deletedAt })
    .from(company)
    .where(eq(company.id, companyId))
    .for('update');
  return row!;
}

function parentInTrash(what: Message, parent: Message): AppError {
  return new AppError('CONFLICT', msg('errors.trash.parentInTrash', { what, parent }));
}

/** Restores a trashed item with whatever went to the trash with it (409 if a parent is still there). */
export async function restoreItem({
  db,
  actor,
  input,
}: ServiceArgs<{ kind: TrashKind; id: string }>): Promise<TrashItem> {
  return db.transaction(async (tx) => {
    const { kind, id } = input;
    await lockTrashed(tx, actor, kind, id);
    // The listing (read before the change) names the item and its company for the audit row.
    const listed = await describe(tx, kind, id);
    if (kind === 'company') {
      await tx.update(company).set(restored).where(eq(company.id, id));
    } else if (kind === 'stakeholder') {
      const [row] = await tx.select().from(stakeholder).where(eq(stakeholder.id, id));
      const c = await companyOf(tx, row!.companyId);
      if (c.deletedAt)
        throw parentInTrash(
          msg('errors.trash.stakeholder', { name: row!.name }),
          msg('errors.trash.parent.company', { name: c.name }),
        );
      await tx.update(stakeholder).set(restored).where(eq(stakeholder.id, id));
      await restoreGrantsWith(tx, id);
    } else if (kind === 'plan') {
      const [row] = await tx.select().from(equityPlan).where(eq(equityPlan.id, id));
      const c = await companyOf(tx, row!.companyId);
      if (c.deletedAt)
        throw parentInTrash(
          msg('errors.trash.plan', { name: row!.name }),
          msg('errors.trash.parent.company', { name: c.name }),
        );
      const clash = await tx
        .select({ id: equityPlan.id })
        .from(equityPlan)
        .where(
          and(
            eq(equityPlan.companyId, row!.companyId),
            isNull(equityPlan.deletedAt),
            sql`lower(${equityPlan.name}) = lower(${row!.name})`,
          ),
        );
      if (clash[0])
        throw new AppError(
          'CONFLICT',
          msg('errors.trash.planNameTaken', { name: row!.name, company: c.name }),
        );
      await tx.update(equityPlan).set(restored).where(eq(equityPlan.id, id));
      await restoreGrantsWith(tx, id);
    } else {
      const [row] = await tx
        .select({
          g: grant,
          stakeholderName: stakeholder.name,
          stakeholderDeleted: stakeholder.deletedAt,
          planName: equityPlan.name,
          planDeleted: equityPlan.deletedAt,
        })
        .from(grant)
        .innerJoin(stakeholder, eq(stakeholder.id, grant.stakeholderId))
        .innerJoin(equityPlan, eq(equityPlan.id, grant.planId))
        .where(eq(grant.id, id));
      const c = await companyOf(tx, row!.g.companyId);
      const what = msg('errors.trash.grant', { name: row!.stakeholderName });
      if (c.deletedAt) {
        throw parentInTrash(what, msg('errors.trash.parent.company', { name: c.name }));
      }
      if (row!.stakeholderDeleted) {
        const parent = msg('errors.trash.parent.stakeholder', { name: row!.stakeholderName });
        throw parentInTrash(what, parent);
      }
      if (row!.planDeleted) {
        throw parentInTrash(what, msg('errors.trash.parent.plan', { name: row!.planName }));
      }
      await tx
        .update(grant)
        .set({ ...restored, trashedWith: null })
        .where(eq(grant.id, id));
    }
    await recordAudit(tx, {
      actor,
      action: 'restore',
      entityType: ENTITY[kind],
      entityId: id,
      companyId: listed.companyId,
      changes: { name: { from: null, to: listed.name } },
    });
    return listed;
  });
}

/**
 * Grants that went to the trash with a stakeholder or plan come back with it; one whose other
 * parent (its plan, its stakeholder) is in the trash now waits for that one instead.
 */
async function restoreGrantsWith(tx: DbOrTx, parentId: string) {
  const rows = await tx
    .select({
      id: grant.id,
      stakeholderId: grant.stakeholderId,
      planId: grant.planId,
      stakeholderDeleted: stakeholder.deletedAt,
      planDeleted: equityPlan.deletedAt,
    })
    .from(grant)
    .innerJoin(stakeholder, eq(stakeholder.id, grant.stakeholderId))
    .innerJoin(equityPlan, eq(equityPlan.id, grant.planId))
    .where(eq(grant.trashedWith, parentId));
  for (const r of rows) {
    const otherParent =
      r.stakeholderId !== parentId && r.stakeholderDeleted
        ? r.stakeholderId
        : r.planId !== parentId && r.planDeleted
          ? r.planId
          : null;
    await tx
      .update(grant)
      .set(otherParent ? { trashedWith: otherParent } : { ...restored, trashedWith: null })
      .where(eq(grant.id, r.id));
  }
}

/** The trash listing of one item (read before it changes). */
async function describe(tx: DbOrTx, kind: TrashKind, id: string): Promise<TrashItem> {
  const [row] =
    kind === 'company'
      ? await companyRows(tx, eq(company.id, id))
      : kind === 'grant'
        ? await grantRows(tx, eq(grant.id, id))
        : await childRows(tx, kind, (t) => eq(t.id, id));
  return item(kind, row!);
}

/**
 * Deletes a trashed item for good, with everything that belongs to it (the company's rows cascade;
 * a stakeholder's or plan's grants, all in the trash with it, go too). The audit row stays.
 */
async function purgeLocked(tx: DbOrTx, actor: Actor, kind: TrashKind, id: string): Promise<void> {
  const listed = await describe(tx, kind, id);
  if (kind === 'company') {
    await tx.delete(company).where(eq(company.id, id));
  } else if (kind === 'grant') {
    await tx.delete(grant).where(eq(grant.id, id));
  } else {
    const column = kind === 'stakeholder' ? grant.stakeholderId : grant.planId;
    const grants = tx.select({ id: grant.id }).from(grant).where(eq(column, id));
    // Grants with exercises never go to the trash (they are on the register), but a purge must
    // not leave an exercise behind whatever happened meanwhile.
    await tx.delete(grantExercise).where(inArray(grantExercise.grantId, grants));
    await tx.delete(grant).where(eq(column, id));
    if (kind === 'stakeholder') await tx.delete(stakeholder).where(eq(stakeholder.id, id));
    else await tx.delete(equityPlan).where(eq(equityPlan.id, id));
  }
  await recordAudit(tx, {
    actor,
    action: 'purge',
    entityType: ENTITY[kind],
    entityId: id,
    companyId: listed.companyId,
    changes: { name: { from: listed.name, to: null } },
  });
}

/** "Delete permanently" from the trash page (owners and admins). */
export async function purgeItem({
  db,
  actor,
  input,
}: ServiceArgs<{ kind: TrashKind; id: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTrashed(tx, actor, input.kind, input.id);
    await purgeLocked(tx, actor, input.kind, input.id);
  });
}

/** The purge job's order: children before parents, so that a company purge finds less to do. */
const PURGE_ORDER: TrashKind[] = ['grant', 'stakeholder', 'plan', 'company'];

/**
 * Purges everything trashed more than 30 days before the app clock's `now()`, one item per
 * transaction. Each item is claimed with `FOR UPDATE SKIP LOCKED`, so several server instances on
 * one PostgreSQL purge side by side without waiting for or repeating each other's work. Returns
 * the number of items purged.
 */
export async function purgeExpired(db: Database, options: { signal?: AbortSignal } = {}) {
  const cutoff = new Date(now().getTime() - RETENTION_MS);
  let purged = 0;
  for (const kind of PURGE_ORDER) {
    const table = TABLES[kind];
    for (;;) {
      if (options.signal?.aborted) return purged;
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: table.id, organizationId: table.organizationId })
          .from(table)
          .where(
            and(
              isNotNull(table.deletedAt),
              lt(table.deletedAt, cutoff),
              // A grant that went with its stakeholder or plan goes with it here too.
              kind === 'grant' ? isNull(grant.trashedWith) : undefined,
            ),
          )
          .orderBy(table.deletedAt)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return true;
        const system: Actor = {
          userId: null,
          userName: 'Trash purge (30 days)',
          organizationId: row.organizationId,
          role: '',
        };
        await purgeLocked(tx, system, kind, row.id);
        return false;
      });
      if (done) break;
      purged += 1;
    }
  }
  return purged;
}
