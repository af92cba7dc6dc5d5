import { z } from 'zod';
import { isIsoDate } from '../domain/dates';
import { text } from './common';
import { messageParams } from './i18n/issues';

/**
 * The interaction log of a client company (issue 15): notes, calls, meetings and e-mails sent,
 * with their participants (contacts of the company, colleagues of the workspace) and a body in
 * Markdown that the server renders safely (decision 028).
 */

export const NOTE_KINDS = ['note', 'call', 'meeting', 'email'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];
export const NOTE_BODY_MAX = 20_000;
export const NOTE_PARTICIPANTS_MAX = 50;

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,3})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z, in milliseconds. */
const FIRST_MS = -62_135_596_800_000;
const LAST_MS = 253_402_300_799_999;

/** Why a date-time cannot be stored, or null: ISO 8601 with an offset, in the years 0001–9999. */
export function dateTimeProblem(value: string): 'format' | 'years' | null {
  const m = DATE_TIME.exec(value);
  if (!m) return 'format';
  if (m[1]!.startsWith('0000')) return 'years';
  if (!isIsoDate(m[1]!)) return 'format';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return 'format';
  // The instant itself (in UTC) must fall in the years too: 0001-01-01T00:00+01:00 does not.
  if (at.getTime() < FIRST_MS || at.getTime() > LAST_MS) return 'years';
  return null;
}

/** An instant: ISO 8601 date-time with `Z` or an offset, years 0001–9999; served in UTC. */
export function isoDateTime(label: string) {
  return z
    .string({ error: `${label} must be a date and time (YYYY-MM-DDTHH:MM:SSZ)` })
    .trim()
    .superRefine((v, ctx) => {
      const problem = dateTimeProblem(v);
      if (!problem) return;
      ctx.addIssue({
        code: 'custom',
        message:
          problem === 'years'
            ? `${label} must be in the years 0001–9999`
            : `${label} must be a date and time (YYYY-MM-DDTHH:MM:SSZ)`,
        params: messageParams(
          problem === 'years' ? 'validation.dateTime.years' : 'validation.dateTime.format',
        ),
        input: v,
        continue: false,
      });
    })
    .transform((v) => new Date(v).toISOString());
}

const optionalId = (field: string, what: string) =>
  z
    .uuid({ error: `${field} must be the id of ${what} of this company` })
    .nullish()
    .transform((v) => v ?? null);

/** A participant: a contact of the company or a member of the workspace (exactly one of the two). */
export const noteParticipantInputSchema = z
  .strictObject({
    contactId: z
      .uuid({ error: 'contactId must be the id of a contact of this company' })
      .optional(),
    userId: text('userId', { max: 100 }).min(1, 'userId is required').optional(),
  })
  .refine((p) => (p.contactId === undefined) !== (p.userId === undefined), {
    message: 'A participant is either a contact (contactId) or a colleague (userId)',
    params: messageParams('validation.notes.participantOne'),
  });
export type NoteParticipantInput = z.output<typeof noteParticipantInputSchema>;

const participants = z
  .array(noteParticipantInputSchema, { error: 'participants must be a list' })
  .max(NOTE_PARTICIPANTS_MAX, `At most ${NOTE_PARTICIPANTS_MAX} participants`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((p, i) => {
      const key = p.contactId ? `c:${p.contactId}` : `u:${p.userId}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: 'A participant is named twice',
          params: messageParams('validation.notes.participantTwice'),
        });
      seen.add(key);
    });
  });

const noteFields = {
  kind: z.enum(NOTE_KINDS, { error: `kind must be one of ${NOTE_KINDS.join(', ')}` }),
  body: text('Body', { max: NOTE_BODY_MAX, multiline: true }).min(1, 'Body is required'),
  occurredAt: isoDateTime('occurredAt'),
  participants,
  grantId: optionalId('grantId', 'a grant'),
  planId: optionalId('planId', 'a plan'),
  valuationId: optionalId('valuationId', 'a valuation'),
  pinned: z.boolean({ error: 'pinned must be true or false' }),
};

/** Body of `POST /company/{companyId}/notes` and the note form's resolver. */
export const noteCreateSchema = z.strictObject({
  ...noteFields,
  kind: noteFields.kind.default('note'),
  occurredAt: noteFields.occurredAt.optional(),
  participants: participants.default([]),
  pinned: noteFields.pinned.default(false),
});
export type NoteCreateInput = z.input<typeof noteCreateSchema>;
export type NoteCreate = z.output<typeof noteCreateSchema>;

/** Body of `PATCH /company/{companyId}/notes/{noteId}`: any subset; the old version is kept. */
export const noteUpdateSchema = z.strictObject(noteFields).partial();
export type NoteUpdate = z.output<typeof noteUpdateSchema>;

export const noteParticipantSchema = z.object({
  contactId: z.uuid().nullable(),
  userId: z.string().nullable(),
  /** The name when it was recorded (kept when the contact is deleted or the colleague leaves). */
  name: z.string(),
});
export type NoteParticipant = z.infer<typeof noteParticipantSchema>;

const noteContent = {
  kind: z.enum(NOTE_KINDS),
  body: z.string(),
  /** The body rendered on the server: Markdown without raw HTML, links made safe. */
  bodyHtml: z.string(),
  occurredAt: z.iso.datetime({ offset: true }),
  participants: z.array(noteParticipantSchema),
  grantId: z.uuid().nullable(),
  planId: z.uuid().nullable(),
  valuationId: z.uuid().nullable(),
  pinned: z.boolean(),
};

export const noteSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  ...noteContent,
  authorId: z.string().nullable(),
  authorName: z.string(),
  /** Names of what the note links to, for display (null when not linked). */
  grantLabel: z.string().nullable(),
  planName: z.string().nullable(),
  valuationLabel: z.string().nullable(),
  revisionCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Note = z.infer<typeof noteSchema>;

export const noteListSchema = z.object({ items: z.array(noteSchema) });
export type NoteList = z.infer<typeof noteListSchema>;

/** An earlier version of a note: what it said before an edit, who edited it and when. */
export const noteRevisionSchema = z.object({
  id: z.uuid(),
  ...noteContent,
  editedBy: z.string().nullable(),
  editedByName: z.string(),
  editedAt: z.iso.datetime({ offset: true }),
});
export type NoteRevision = z.infer<typeof noteRevisionSchema>;
export const noteRevisionListSchema = z.object({ items: z.array(noteRevisionSchema) });
export type NoteRevisionList = z.infer<typeof noteRevisionListSchema>;

/** Body of `POST /company/{companyId}/notes/preview`: Markdown to see rendered before saving. */
export const notePreviewSchema = z.strictObject({
  body: text('Body', { max: NOTE_BODY_MAX, multiline: true }),
});
export const notePreviewResultSchema = z.object({ bodyHtml: z.string() });
