import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  companyCreateSchema,
  companyKeepLegalFormSchema,
  type Company,
  type CompanyCreate,
  type CompanyList,
  type CompanyUpdateInput,
  companyListQuerySchema,
} from '../../../contracts/company';
import type { AuditEvent } from '../../../contracts/audit';
import { concurrently } from '../../db/concurrently';
import { company, contact, member, user } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import type { ServiceArgs } from '../../http/context';
import { AppError, msg, notFound, validationError, zodError } from '../../http/errors';
import { diff, listCompanyAuditEvents, recordAudit, snapshot } from '../audit/service';
import { now, systemNow } from '../../clock';
import { hiddenCompanyIds, viewerOf, visibleCompanies } from '../access/visibility';
import type { z } from 'zod';

type CompanyRow = typeof company.$inferSelect;
type ListQuery = z.output<typeof companyListQuerySchema>;

const ENTITY = 'company';

/** The primary contact's columns, read by one left join (issue 15). */
const primaryColumns = {
  primaryId: contact.id,
  primaryName: contact.name,
  primaryFunction: contact.function,
  primaryEmail: contact.email,
  primaryPhone: contact.phone,
};
type PrimaryColumns = { [K in keyof typeof primaryColumns]?: string | null };
const primaryJoin = and(eq(contact.companyId, company.id), eq(contact.primary, true));

type CompanyRowWithLawyer = CompanyRow & { responsibleUserName?: string | null } & PrimaryColumns;

function primaryContactOf(row: PrimaryColumns): Company['primaryContact'] {
  if (!row.primaryId) return null;
  return {
    id: row.primaryId,
    name: row.primaryName ?? '',
    function: (row.primaryFunction ?? null) as NonNullable<Company['primaryContact']>['function'],
    email: row.primaryEmail ?? null,
    phone: row.primaryPhone ?? null,
  };
}

export function toCompany(row: CompanyRowWithLawyer): Company {
  return {
    id: row.id,
    organizationId: row.organizationId,
    companyName: row.companyName,
    vat: row.vat,
    companyType: row.companyType,
    street: row.street,
    streetNumber: row.streetNumber,
    city: row.city,
    postal: row.postal,
    country: row.country as Company['country'],
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    registrationNumber: row.registrationNumber,
    incorporationDate: row.incorporationDate,
    status: row.status as Company['status'],
    responsibleUserId: row.responsibleUserId,
    responsibleUserName: row.responsibleUserName ?? null,
    notes: row.notes,
    primaryContact: primaryContactOf(row),
    access: row.access === 'restricted' ? 'restricted' : 'everyone',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The editable fields of a row, in the shape of the create/update contract. */
function editable(row: CompanyRow): CompanyCreate {
  const {
    id: _id,
    organizationId: _org,
    createdAt: _c,
    updatedAt: _u,
    responsibleUserName: _n,
    primaryContact: _p,
    access: _a,
    ...fields
  } = toCompany(row);
  return fields;
}

function primaryOnly(row: PrimaryColumns): PrimaryColumns {
  const { primaryId, primaryName, primaryFunction, primaryEmail, primaryPhone } = row;
  return { primaryId, primaryName, primaryFunction, primaryEmail, primaryPhone };
}

// Keyset cursors: opaque base64url JSON of the sort key and id of the last row of a page.
interface Cursor {
  s: ListQuery['sort'];
  o: ListQuery['order'];
  k: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(raw: string, query: ListQuery): Cursor {
  const invalid = validationError({
    cursor: msg('errors.cursor.invalid'),
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  const c = parsed as Partial<Cursor> | null;
  if (
    !c ||
    typeof c !== 'object' ||
    typeof c.k !== 'string' ||
    typeof c.id !== 'string' ||
    !/^[0-9a-f-]{36}$/.test(c.id)
  ) {
    throw invalid;
  }
  if (c.s !== query.sort || c.o !== query.order) {
    throw validationError({
      cursor: msg('errors.cursor.otherOrder'),
    });
  }
  if (c.s === 'createdAt' && Number.isNaN(Date.parse(c.k))) throw invalid;
  return c as Cursor;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** One page of the workspace's companies, keyset-paginated, with the filtered total. */
export async function listCompanies({
  db,
  actor,
  input,
}: ServiceArgs<ListQuery>): Promise<CompanyList> {
  // A company in the trash is out of every read (decision 016); one the caller may not see
  // (client access, decision 029) is out of the page and of its total.
  const hidden = visibleCompanies(company.id, await hiddenCompanyIds(db, viewerOf(actor)));
  const filters: SQL[] = [
    eq(company.organizationId, actor.organizationId),
    isNull(company.deletedAt),
    ...(hidden ? [hidden] : []),
  ];
  if (input.q) {
    const pattern = `%${escapeLike(input.q)}%`;
    filters.push(
      or(
        ilike(company.companyName, pattern),
        ilike(company.city, pattern),
        ilike(company.contactName, pattern),
        ilike(company.vat, pattern),
      )!,
    );
  }
  const nameKey = sql<string>`lower(${company.companyName})`;
  const keyColumn = input.sort === 'name' ? nameKey : company.createdAt;
  const direction = input.order === 'asc' ? asc : desc;

  const pageFilters = [...filters];
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor, input);
    const key = input.sort === 'name' ? cursor.k : new Date(cursor.k);
    // Row comparison (key, id) > (k, id) uses the composite index.
    const op = input.order === 'asc' ? sql`>` : sql`<`;
    pageFilters.push(
      input.sort === 'name'
        ? sql`(${nameKey}, ${company.id}) ${op} (${key}, ${cursor.id})`
        : sql`(${company.createdAt}, ${company.id}) ${op} (${key}, ${cursor.id})`,
    );
  }

  const [rows, totals] = await concurrently(db, [
    () =>
      db
        .select({
          ...getTableColumns(company),
          nameKey,
          responsibleUserName: user.name,
          ...primaryColumns,
        })
        .from(company)
        .leftJoin(user, eq(user.id, company.responsibleUserId))
        .leftJoin(contact, primaryJoin)
        .where(and(...pageFilters))
        .orderBy(direction(keyColumn), direction(company.id))
        .limit(input.limit + 1),
    () =>
      db
        .select({ total: count() })
        .from(company)
        .where(and(...filters)),
  ]);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > input.limit && last
      ? encodeCursor({
          s: input.sort,
          o: input.order,
          k: input.sort === 'name' ? last.nameKey : last.createdAt.toISOString(),
          id: last.id,
        })
      : null;
  return {
    items: page.map(({ nameKey: _k, ...row }) => toCompany(row)),
    nextCursor,
    total: totals[0]?.total ?? 0,
  };
}

async function findCompanyRow(db: DbOrTx, organizationId: string, companyId: string) {
  const rows = await db
    .select({ ...getTableColumns(company), responsibleUserName: user.name, ...primaryColumns })
    .from(company)
    .leftJoin(user, eq(user.id, company.responsibleUserId))
    .leftJoin(contact, primaryJoin)
    .where(
      and(
        eq(company.id, companyId),
        eq(company.organizationId, organizationId),
        isNull(company.deletedAt),
      ),
    )
    .limit(1);
  return rows[0];
}

/** The company of the caller's workspace, or 404 (also for another workspace's company). */
export async function requireCompany(db: DbOrTx, organizationId: string, companyId: string) {
  const row = await findCompanyRow(db, organizationId, companyId);
  if (!row) throw notFound(msg('errors.notFound.company'));
  return row;
}

/** The responsible lawyer must be a member of the workspace. */
async function checkResponsible(db: DbOrTx, organizationId: string, userId: string | null) {
  if (!userId) return;
  const rows = await db
    .select({ name: user.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)))
    .limit(1);
  if (!rows[0])
    throw validationError({
      responsibleUserId: msg('errors.company.responsibleNotMember'),
    });
  return rows[0].name;
}

/** One company of the caller's workspace; another workspace's company is "not found". */
export async function getCompany({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string }>): Promise<Company> {
  const row = await findCompanyRow(db, actor.organizationId, input.companyId);
  if (!row) throw notFound(msg('errors.notFound.company'));
  return toCompany(row);
}

export async function createCompany({
  db,
  actor,
  input,
}: ServiceArgs<CompanyCreate>): Promise<Company> {
  return db.transaction(async (tx) => {
    const responsibleUserName = await checkResponsible(
      tx,
      actor.organizationId,
      input.responsibleUserId,
    );
    const [row] = await tx
      .insert(company)
      .values({ ...input, organizationId: actor.organizationId })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR', 'Company was not created');
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: ENTITY,
      entityId: row.id,
      companyId: row.id,
      changes: snapshot(editable(row)),
    });
    return toCompany({ ...row, responsibleUserName });
  });
}

/**
 * Applies a partial update. The merged result is validated as a whole, so a country change that
 * invalidates the stored VAT or postal code is refused with those fields named.
 */
export async function updateCompany({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; patch: CompanyUpdateInput }>): Promise<Company> {
  return db.transaction(async (tx) => {
    const existing = await findCompanyRow(tx, actor.organizationId, input.companyId);
    if (!existing) throw notFound(msg('errors.notFound.company'));
    const before = editable(existing);
    // The legal form follows the country (decision 022) when either is set; otherwise a stored
    // form from before that rule stays valid, so it cannot block an unrelated edit.
    const keepsLegalForm =
      input.patch.companyType === undefined && input.patch.country === undefined;
    const merged = (keepsLegalForm ? companyKeepLegalFormSchema : companyCreateSchema).safeParse({
      ...before,
      ...input.patch,
    });
    if (!merged.success) throw zodError(merged.error.issues);
    const changes = diff(before, merged.data);
    if (Object.keys(changes).length === 0) return toCompany(existing);
    // Checked only when it changes: a lawyer who left must not block unrelated edits.
    const responsibleUserName = changes.responsibleUserId
      ? await checkResponsible(tx, actor.organizationId, merged.data.responsibleUserId)
      : (existing.responsibleUserName ?? null);
    const [row] = await tx
      .update(company)
      .set({ ...merged.data, updatedAt: systemNow() })
      .where(
        and(
          eq(company.id, existing.id),
          eq(company.organizationId, actor.organizationId),
          isNull(company.deletedAt),
        ),
      )
      .returning();
    if (!row) throw notFound(msg('errors.notFound.company'));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: row.id,
      companyId: row.id,
      changes,
    });
    return toCompany({ ...row, ...primaryOnly(existing), responsibleUserName });
  });
}

/**
 * Moves a company to the trash (decision 016): the row stays, with its stakeholders, register,
 * plans, grants and valuations, hidden from every read until it is restored or purged.
 */
export async function deleteCompany({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(company)
      .set({ deletedAt: now(), deletedBy: actor.userId, deletedByName: actor.userName })
      .where(
        and(
          eq(company.id, input.companyId),
          eq(company.organizationId, actor.organizationId),
          isNull(company.deletedAt),
        ),
      )
      .returning();
    if (!row) throw notFound(msg('errors.notFound.company'));
    await recordAudit(tx, {
      actor,
      action: 'trash',
      entityType: ENTITY,
      entityId: row.id,
      companyId: row.id,
      changes: { companyName: { from: row.companyName, to: null } },
    });
  });
}

/** The company's activity list (its audit events), newest first. */
export async function listCompanyActivity({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string }>): Promise<AuditEvent[]> {
  const row = await findCompanyRow(db, actor.organizationId, input.companyId);
  if (!row) throw notFound(msg('errors.notFound.company'));
  return listCompanyAuditEvents(db, {
    organizationId: actor.organizationId,
    companyId: row.id,
  });
}
