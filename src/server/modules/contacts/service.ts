import { systemNow } from '../../clock';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  contactCreateSchema,
  type Contact,
  type ContactCreate,
  type ContactList,
  type ContactUpdate,
} from '../../../contracts/contacts';
import type { DbOrTx } from '../../db/client';
import { contact, noteParticipant, stakeholder } from '../../db/schema';
import type { ServiceArgs } from '../../http/context';
import { AppError, msg, notFound } from '../../http/errors';
import { diff, recordAudit, snapshot } from '../audit/service';
import { checkCompany, lockCompany, mergePatch, requireStakeholders } from '../equity/shared';

/**
 * Contacts of a client company (issue 15): one primary per company (setting one clears the
 * other in the same transaction, under the company's lock and the unique index
 * `contact_primary_uq`), optionally linked to a stakeholder of the same company.
 */

const ENTITY = 'contact';
type Row = typeof contact.$inferSelect;

function toContact(row: Row, stakeholderName: string | null): Contact {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    function: row.function as Contact['function'],
    email: row.email,
    phone: row.phone,
    language: row.language as Contact['language'],
    primary: row.primary,
    stakeholderId: row.stakeholderId,
    stakeholderName,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function fields(row: Row): ContactCreate {
  return {
    name: row.name,
    function: row.function as ContactCreate['function'],
    email: row.email,
    phone: row.phone,
    language: row.language as ContactCreate['language'],
    primary: row.primary,
    stakeholderId: row.stakeholderId,
    notes: row.notes,
  };
}

const stakeholderName = sql<
  string | null
>`case when ${stakeholder.deletedAt} is null then ${stakeholder.name} end`;

async function find(db: DbOrTx, companyId: string, contactId: string) {
  const [row] = await db
    .select({ contact, stakeholderName })
    .from(contact)
    .leftJoin(stakeholder, eq(stakeholder.id, contact.stakeholderId))
    .where(and(eq(contact.id, contactId), eq(contact.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound(msg('errors.notFound.contact'));
  return row;
}

async function nameOf(db: DbOrTx, stakeholderId: string | null) {
  if (!stakeholderId) return null;
  const [row] = await db
    .select({ name: stakeholder.name })
    .from(stakeholder)
    .where(eq(stakeholder.id, stakeholderId))
    .limit(1);
  return row?.name ?? null;
}

/** Clears the company's other primary contact, audited, before `keepId` becomes primary. */
async function clearPrimary(
  tx: DbOrTx,
  actor: ServiceArgs['actor'],
  companyId: string,
  keepId: string | null,
) {
  const cleared = await tx
    .update(contact)
    .set({ primary: false, updatedAt: systemNow() })
    .where(
      and(
        eq(contact.companyId, companyId),
        eq(contact.primary, true),
        keepId ? ne(contact.id, keepId) : undefined,
      ),
    )
    .returning({ id: contact.id });
  for (const { id } of cleared)
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: id,
      companyId,
      changes: { primary: { from: true, to: false } },
    });
}

/** The company's contacts: the primary first, then by name. */
export async function listContacts({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string }>): Promise<ContactList> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const rows = await db
    .select({ contact, stakeholderName })
    .from(contact)
    .leftJoin(stakeholder, eq(stakeholder.id, contact.stakeholderId))
    .where(eq(contact.companyId, input.companyId))
    .orderBy(desc(contact.primary), asc(sql`lower(${contact.name})`), asc(contact.id));
  return { items: rows.map((r) => toContact(r.contact, r.stakeholderName)) };
}

export async function getContact({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; contactId: string }>): Promise<Contact> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const row = await find(db, input.companyId, input.contactId);
  return toContact(row.contact, row.stakeholderName);
}

export async function createContact({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; body: ContactCreate }>): Promise<Contact> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const body = input.body;
    await requireStakeholders(tx, input.companyId, { stakeholderId: body.stakeholderId });
    if (body.primary) await clearPrimary(tx, actor, input.companyId, null);
    const [row] = await tx
      .insert(contact)
      .values({ ...body, organizationId: actor.organizationId, companyId: input.companyId })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR', 'Contact was not created');
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: snapshot(fields(row)),
    });
    return toContact(row, await nameOf(tx, row.stakeholderId));
  });
}

/** A partial update, validated merged with the stored contact as a whole. */
export async function updateContact({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; contactId: string; patch: ContactUpdate }>): Promise<Contact> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const existing = await find(tx, input.companyId, input.contactId);
    const before = fields(existing.contact);
    const merged = mergePatch(contactCreateSchema, before, input.patch) as ContactCreate;
    const changes = diff(before, merged);
    if (Object.keys(changes).length === 0)
      return toContact(existing.contact, existing.stakeholderName);
    if (changes.stakeholderId)
      await requireStakeholders(tx, input.companyId, { stakeholderId: merged.stakeholderId });
    if (changes.primary && merged.primary)
      await clearPrimary(tx, actor, input.companyId, existing.contact.id);
    const [row] = await tx
      .update(contact)
      .set({ ...merged, updatedAt: systemNow() })
      .where(eq(contact.id, existing.contact.id))
      .returning();
    if (!row) throw notFound(msg('errors.notFound.contact'));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes,
    });
    return toContact(row, await nameOf(tx, row.stakeholderId));
  });
}

/**
 * Deletes a contact for good (audited). The notes it took part in keep it as a participant by
 * the name recorded then: the link is let go first, so the cascade removes no participant.
 */
export async function deleteContact({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; contactId: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const { contact: row } = await find(tx, input.companyId, input.contactId);
    await tx
      .update(noteParticipant)
      .set({ contactId: null })
      .where(eq(noteParticipant.contactId, row.id));
    await tx.delete(contact).where(eq(contact.id, row.id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: { name: { from: row.name, to: null } },
    });
  });
}

/** The contacts of a company named by ids, for the notes' participants (id → name). */
export async function contactNames(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: contact.id, name: contact.name })
    .from(contact)
    .where(and(eq(contact.companyId, companyId), inArray(contact.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
