import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type {
  Note,
  NoteCreate,
  NoteKind,
  NoteList,
  NoteParticipant,
  NoteParticipantInput,
  NoteRevisionList,
  NoteUpdate,
} from '../../../contracts/notes';
import { now, systemNow } from '../../clock';
import type { DbOrTx } from '../../db/client';
import {
  equityPlan,
  grant,
  member,
  note,
  noteParticipant,
  noteRevision,
  stakeholder,
  user,
  valuation,
} from '../../db/schema';
import type { Actor, ServiceArgs } from '../../http/context';
import { AppError, msg, notFound, validationError, type Text } from '../../http/errors';
import { diff, recordAudit, snapshot, type Changes } from '../audit/service';
import { contactNames } from '../contacts/service';
import { checkCompany, lockCompany } from '../equity/shared';
import { renderMarkdown } from './markdown';

/**
 * The interaction log of a client company (issue 15): notes, calls, meetings and e-mails, with
 * who took part (names recorded when written), Markdown rendered safely on the server
 * (decision 028), pinned ones on top. An edit keeps the version before it in `note_revision`;
 * a deletion is soft (the row stays, out of every read) and audited, so the company's activity
 * shows it.
 */

const ENTITY = 'note';
type Row = typeof note.$inferSelect;
type ParticipantRow = Pick<
  typeof noteParticipant.$inferSelect,
  'noteId' | 'contactId' | 'userId' | 'name'
>;

/** What a revision keeps of a note: its content before an edit. */
interface Snapshot {
  kind: NoteKind;
  body: string;
  occurredAt: string;
  pinned: boolean;
  grantId: string | null;
  planId: string | null;
  valuationId: string | null;
  participants: NoteParticipant[];
}

function content(row: Row, participants: NoteParticipant[]): Snapshot {
  return {
    kind: row.kind as NoteKind,
    body: row.body,
    occurredAt: row.occurredAt.toISOString(),
    pinned: row.pinned,
    grantId: row.grantId,
    planId: row.planId,
    valuationId: row.valuationId,
    participants,
  };
}

interface Labels {
  grantLabel: string | null;
  planName: string | null;
  valuationLabel: string | null;
  revisionCount: number;
}

function toNote(row: Row, participants: NoteParticipant[], labels: Labels): Note {
  return {
    id: row.id,
    companyId: row.companyId,
    ...content(row, participants),
    bodyHtml: renderMarkdown(row.body),
    authorId: row.authorId,
    authorName: row.authorName,
    ...labels,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toParticipant = (p: ParticipantRow): NoteParticipant => ({
  contactId: p.contactId,
  userId: p.userId,
  name: p.name,
});

/** The participants of the notes, by name (one query for all). */
async function participantsOf(db: DbOrTx, noteIds: string[]) {
  const byNote = new Map<string, NoteParticipant[]>();
  if (noteIds.length === 0) return byNote;
  const rows = await db
    .select({
      noteId: noteParticipant.noteId,
      contactId: noteParticipant.contactId,
      userId: noteParticipant.userId,
      name: noteParticipant.name,
    })
    .from(noteParticipant)
    .where(inArray(noteParticipant.noteId, noteIds))
    .orderBy(asc(noteParticipant.noteId), asc(noteParticipant.name), asc(noteParticipant.id));
  for (const r of rows) byNote.set(r.noteId, [...(byNote.get(r.noteId) ?? []), toParticipant(r)]);
  return byNote;
}

/** The notes with their links' names and revision counts (one query), participants (one more). */
async function readNotes(db: DbOrTx, companyId: string, noteId?: string): Promise<Note[]> {
  const revisions = db
    .select({ noteId: noteRevision.noteId, n: count().as('n') })
    .from(noteRevision)
    .groupBy(noteRevision.noteId)
    .as('revisions');
  const rows = await db
    .select({
      note,
      grantDate: grant.grantDate,
      grantHolder: stakeholder.name,
      planName: equityPlan.name,
      valuationDate: valuation.effectiveDate,
      revisionCount: revisions.n,
    })
    .from(note)
    .leftJoin(grant, and(eq(grant.id, note.grantId), isNull(grant.deletedAt)))
    .leftJoin(stakeholder, eq(stakeholder.id, grant.stakeholderId))
    .leftJoin(equityPlan, and(eq(equityPlan.id, note.planId), isNull(equityPlan.deletedAt)))
    .leftJoin(valuation, eq(valuation.id, note.valuationId))
    .leftJoin(revisions, eq(revisions.noteId, note.id))
    .where(
      and(
        eq(note.companyId, companyId),
        isNull(note.deletedAt),
        noteId ? eq(note.id, noteId) : undefined,
      ),
    )
    .orderBy(desc(note.pinned), desc(note.occurredAt), desc(note.createdAt), desc(note.id));
  const participants = await participantsOf(
    db,
    rows.map((r) => r.note.id),
  );
  return rows.map((r) =>
    toNote(r.note, participants.get(r.note.id) ?? [], {
      grantLabel: r.grantDate ? `${r.grantHolder ?? ''} · ${r.grantDate}` : null,
      planName: r.planName,
      valuationLabel: r.valuationDate,
      revisionCount: Number(r.revisionCount ?? 0),
    }),
  );
}

async function findRow(db: DbOrTx, companyId: string, noteId: string) {
  const [row] = await db
    .select()
    .from(note)
    .where(and(eq(note.id, noteId), eq(note.companyId, companyId), isNull(note.deletedAt)))
    .limit(1);
  if (!row) throw notFound(msg('errors.notFound.note'));
  return row;
}

async function readNote(db: DbOrTx, companyId: string, noteId: string): Promise<Note> {
  const [found] = await readNotes(db, companyId, noteId);
  if (!found) throw notFound(msg('errors.notFound.note'));
  return found;
}

/**
 * The grant, plan and valuation a note links to must be the company's (one in the trash is as
 * unknown as a made-up id); otherwise 400 naming the field.
 */
async function checkLinks(
  tx: DbOrTx,
  companyId: string,
  links: { grantId: string | null; planId: string | null; valuationId: string | null },
) {
  const errors: Record<string, Text> = {};
  const exists = async (found: Promise<unknown[]>) => (await found).length > 0;
  if (
    links.grantId &&
    !(await exists(
      tx
        .select({ id: grant.id })
        .from(grant)
        .where(
          and(eq(grant.id, links.grantId), eq(grant.companyId, companyId), isNull(grant.deletedAt)),
        )
        .limit(1),
    ))
  )
    errors.grantId = msg('errors.notes.noSuchGrant');
  if (
    links.planId &&
    !(await exists(
      tx
        .select({ id: equityPlan.id })
        .from(equityPlan)
        .where(
          and(
            eq(equityPlan.id, links.planId),
            eq(equityPlan.companyId, companyId),
            isNull(equityPlan.deletedAt),
          ),
        )
        .limit(1),
    ))
  )
    errors.planId = msg('errors.notes.noSuchPlan');
  if (
    links.valuationId &&
    !(await exists(
      tx
        .select({ id: valuation.id })
        .from(valuation)
        .where(and(eq(valuation.id, links.valuationId), eq(valuation.companyId, companyId)))
        .limit(1),
    ))
  )
    errors.valuationId = msg('errors.notes.noSuchValuation');
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/**
 * The participants as they will be recorded, with their names now: each a contact of this
 * company or a member of the workspace; otherwise 400 naming `participants.N`.
 */
async function resolveParticipants(
  tx: DbOrTx,
  actor: Actor,
  companyId: string,
  list: NoteParticipantInput[],
): Promise<NoteParticipant[]> {
  const contactIds = list.flatMap((p) => (p.contactId ? [p.contactId] : []));
  const userIds = list.flatMap((p) => (p.userId ? [p.userId] : []));
  const contacts = await contactNames(tx, companyId, contactIds);
  const members =
    userIds.length === 0
      ? new Map<string, string>()
      : new Map(
          (
            await tx
              .select({ id: user.id, name: user.name })
              .from(member)
              .innerJoin(user, eq(user.id, member.userId))
              .where(
                and(
                  eq(member.organizationId, actor.organizationId),
                  inArray(member.userId, userIds),
                ),
              )
          ).map((r) => [r.id, r.name]),
        );
  const errors: Record<string, Text> = {};
  const resolved = list.map((p, i): NoteParticipant => {
    const name = p.contactId ? contacts.get(p.contactId) : members.get(p.userId!);
    if (name === undefined)
      errors[`participants.${i}`] = msg(
        p.contactId ? 'errors.notes.noSuchContact' : 'errors.notes.notMember',
      );
    return { contactId: p.contactId ?? null, userId: p.userId ?? null, name: name ?? '' };
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return resolved.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

async function writeParticipants(tx: DbOrTx, noteId: string, list: NoteParticipant[]) {
  await tx.delete(noteParticipant).where(eq(noteParticipant.noteId, noteId));
  if (list.length > 0) await tx.insert(noteParticipant).values(list.map((p) => ({ noteId, ...p })));
}

/** What the audit row keeps of a note: its fields, the body cut short, participants by name. */
function auditable(s: Snapshot): Record<string, unknown> {
  return {
    kind: s.kind,
    occurredAt: s.occurredAt,
    pinned: s.pinned,
    grantId: s.grantId,
    planId: s.planId,
    valuationId: s.valuationId,
    body: s.body.length > 200 ? `${s.body.slice(0, 200)}…` : s.body,
    participants: s.participants.map((p) => p.name).join(', ') || null,
  };
}

/** The company's notes: pinned first, then the latest first. Deleted notes are left out. */
export async function listNotes({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string }>): Promise<NoteList> {
  await checkCompany(db, actor.organizationId, input.companyId);
  return { items: await readNotes(db, input.companyId) };
}

export async function getNote({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; noteId: string }>): Promise<Note> {
  await checkCompany(db, actor.organizationId, input.companyId);
  return readNote(db, input.companyId, input.noteId);
}

/** Records an interaction; the caller is its author. */
export async function createNote({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; body: NoteCreate }>): Promise<Note> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const body = input.body;
    await checkLinks(tx, input.companyId, body);
    const participants = await resolveParticipants(tx, actor, input.companyId, body.participants);
    const [row] = await tx
      .insert(note)
      .values({
        organizationId: actor.organizationId,
        companyId: input.companyId,
        kind: body.kind,
        body: body.body,
        occurredAt: body.occurredAt ? new Date(body.occurredAt) : now(),
        authorId: actor.userId,
        authorName: actor.userName,
        pinned: body.pinned,
        grantId: body.grantId,
        planId: body.planId,
        valuationId: body.valuationId,
      })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR', 'Note was not created');
    await writeParticipants(tx, row.id, participants);
    await recordAudit(tx, {
      actor,
      action: 'create',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: snapshot(auditable(content(row, participants))),
    });
    return readNote(tx, input.companyId, row.id);
  });
}

/**
 * Changes a note. The version before the edit is kept in `note_revision` with who edited it
 * and when; an edit that changes nothing keeps nothing. Participants, when given, replace the
 * recorded ones (with their names as they are now).
 */
export async function updateNote({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; noteId: string; patch: NoteUpdate }>): Promise<Note> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const row = await findRow(tx, input.companyId, input.noteId);
    const beforeParticipants = (await participantsOf(tx, [row.id])).get(row.id) ?? [];
    const before = content(row, beforeParticipants);
    const { participants: given, ...patch } = input.patch;
    const after: Snapshot = {
      ...before,
      ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
      participants: given
        ? await resolveParticipants(tx, actor, input.companyId, given)
        : beforeParticipants,
    };
    const changes: Changes = diff(auditable(before), auditable(after));
    // Participants named the same but another person (a new contact of the same name) count too.
    const key = (list: NoteParticipant[]) =>
      list
        .map((p) => `${p.contactId}|${p.userId}|${p.name}`)
        .sort()
        .join('\n');
    const participantsChanged = key(before.participants) !== key(after.participants);
    if (Object.keys(changes).length === 0 && !participantsChanged)
      return readNote(tx, input.companyId, row.id);
    await checkLinks(tx, input.companyId, {
      grantId: after.grantId !== before.grantId ? after.grantId : null,
      planId: after.planId !== before.planId ? after.planId : null,
      valuationId: after.valuationId !== before.valuationId ? after.valuationId : null,
    });
    await tx.insert(noteRevision).values({
      noteId: row.id,
      snapshot: before,
      editedBy: actor.userId,
      editedByName: actor.userName,
    });
    await tx
      .update(note)
      .set({
        kind: after.kind,
        body: after.body,
        occurredAt: new Date(after.occurredAt),
        pinned: after.pinned,
        grantId: after.grantId,
        planId: after.planId,
        valuationId: after.valuationId,
        updatedAt: systemNow(),
      })
      .where(eq(note.id, row.id));
    if (participantsChanged) await writeParticipants(tx, row.id, after.participants);
    await recordAudit(tx, {
      actor,
      action: 'update',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes,
    });
    return readNote(tx, input.companyId, row.id);
  });
}

/** Deletes a note softly: it leaves the log, its row stays, the company's activity shows it. */
export async function deleteNote({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; noteId: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.organizationId, input.companyId);
    const row = await findRow(tx, input.companyId, input.noteId);
    await tx
      .update(note)
      .set({ deletedAt: now(), deletedBy: actor.userId, deletedByName: actor.userName })
      .where(eq(note.id, row.id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entityType: ENTITY,
      entityId: row.id,
      companyId: input.companyId,
      changes: {
        kind: { from: row.kind, to: null },
        occurredAt: { from: row.occurredAt.toISOString(), to: null },
      },
    });
  });
}

/** The earlier versions of a note, the latest edit first. */
export async function listNoteRevisions({
  db,
  actor,
  input,
}: ServiceArgs<{ companyId: string; noteId: string }>): Promise<NoteRevisionList> {
  await checkCompany(db, actor.organizationId, input.companyId);
  const row = await findRow(db, input.companyId, input.noteId);
  const rows = await db
    .select()
    .from(noteRevision)
    .where(eq(noteRevision.noteId, row.id))
    .orderBy(desc(noteRevision.editedAt), desc(noteRevision.id));
  return {
    items: rows.map((r) => {
      const s = r.snapshot as Snapshot;
      return {
        id: r.id,
        ...s,
        bodyHtml: renderMarkdown(s.body),
        editedBy: r.editedBy,
        editedByName: r.editedByName,
        editedAt: r.editedAt.toISOString(),
      };
    }),
  };
}
