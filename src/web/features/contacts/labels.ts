import type { ContactFunction } from '../../../contracts/contacts';
import { msg, t } from '../../lib/i18n';

/** The functions of a contact as the firm names them (issue 15). */
export const CONTACT_FUNCTION_LABELS: Record<ContactFunction, string> = {
  founder: msg('contacts.function.founder'),
  ceo: msg('contacts.function.ceo'),
  cfo: msg('contacts.function.cfo'),
  hr: msg('contacts.function.hr'),
  legal: msg('contacts.function.legal'),
  board_member: msg('contacts.function.board_member'),
  investor: msg('contacts.function.investor'),
  other: msg('contacts.function.other'),
};

export function contactFunctionLabel(value: ContactFunction | null): string {
  return value ? t(CONTACT_FUNCTION_LABELS[value]) : '';
}

/** Labels of the contact form's fields (the activity list uses them too). */
export const CONTACT_FIELD_LABELS = {
  name: msg('contacts.field.name'),
  function: msg('contacts.field.function'),
  email: msg('contacts.field.email'),
  phone: msg('contacts.field.phone'),
  language: msg('contacts.field.language'),
  primary: msg('contacts.field.primary'),
  stakeholderId: msg('contacts.field.stakeholderId'),
  notes: msg('contacts.field.notes'),
} as const;
export type ContactFieldName = keyof typeof CONTACT_FIELD_LABELS;
export const CONTACT_FIELD_NAMES = Object.keys(CONTACT_FIELD_LABELS) as ContactFieldName[];
export function isContactFieldName(name: string): name is ContactFieldName {
  return Object.hasOwn(CONTACT_FIELD_LABELS, name);
}
