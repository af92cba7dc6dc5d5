import { FileText, Mail, Phone, Users, type LucideIcon } from 'lucide-react';
import type { NoteKind } from '../../../contracts/notes';
import { msg } from '../../lib/i18n';

/** The kinds of interaction, with their icons (issue 15). */
export const NOTE_KIND_LABELS: Record<NoteKind, string> = {
  note: msg('notes.kind.note'),
  call: msg('notes.kind.call'),
  meeting: msg('notes.kind.meeting'),
  email: msg('notes.kind.email'),
};

export const NOTE_KIND_ICONS: Record<NoteKind, LucideIcon> = {
  note: FileText,
  call: Phone,
  meeting: Users,
  email: Mail,
};

/** Labels of a note's recorded fields, for the company's activity list. */
export const NOTE_FIELD_LABELS: Record<string, string> = {
  kind: msg('notes.field.kind'),
  body: msg('notes.field.body'),
  occurredAt: msg('notes.field.occurredAt'),
  pinned: msg('notes.field.pinned'),
  participants: msg('notes.field.participants'),
  grantId: msg('notes.field.grant'),
  planId: msg('notes.field.plan'),
  valuationId: msg('notes.field.valuation'),
};
