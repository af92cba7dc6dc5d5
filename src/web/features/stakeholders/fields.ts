import type { StakeholderCreateInput } from '../../../contracts/equity';
import type {
  StakeholderKind,
  StakeholderRelationship,
  StakeholderStatus,
} from '../../../domain/equity';
import { msg } from '../../lib/i18n';

/** The editable fields of a stakeholder, in form order (the form's server-error targets). */
export const STAKEHOLDER_FIELD_NAMES = [
  'kind',
  'name',
  'relationship',
  'status',
  'email',
  'phone',
  'employeeId',
  'street',
  'postal',
  'city',
  'country',
  'taxCountry',
  'language',
  'notes',
] as const satisfies readonly (keyof StakeholderCreateInput)[];

export type StakeholderFieldName = (typeof STAKEHOLDER_FIELD_NAMES)[number];

/**
 * Catalog key of each field's visible label: the form's labels, reused by the table and the
 * activity list (`t(STAKEHOLDER_FIELD_LABELS[name])`).
 */
export const STAKEHOLDER_FIELD_LABELS: Record<StakeholderFieldName, string> = {
  kind: msg('stakeholders.field.kind'),
  name: msg('stakeholders.field.name'),
  relationship: msg('stakeholders.field.relationship'),
  status: msg('stakeholders.field.status'),
  email: msg('stakeholders.field.email'),
  phone: msg('stakeholders.field.phone'),
  employeeId: msg('stakeholders.field.employeeId'),
  street: msg('stakeholders.field.street'),
  postal: msg('stakeholders.field.postal'),
  city: msg('stakeholders.field.city'),
  country: msg('stakeholders.field.country'),
  taxCountry: msg('stakeholders.field.taxCountry'),
  // Issue 14: the language of the documents addressed to them.
  language: msg('documents.stakeholder.language'),
  notes: msg('stakeholders.field.notes'),
};

/** Catalog keys of the two kinds: `t(KIND_LABELS[kind])`. */
export const KIND_LABELS: Record<StakeholderKind, string> = {
  individual: msg('stakeholders.kind.individual'),
  institution: msg('stakeholders.kind.institution'),
};

/**
 * Catalog keys of the relationships to the company (`t(RELATIONSHIP_LABELS[r])`), for every
 * screen that names one (the stakeholders tab, the register's and the grants' holder selects).
 */
export const RELATIONSHIP_LABELS: Record<StakeholderRelationship, string> = {
  founder: msg('stakeholders.relationship.founder'),
  employee: msg('stakeholders.relationship.employee'),
  advisor: msg('stakeholders.relationship.advisor'),
  board_member: msg('stakeholders.relationship.boardMember'),
  consultant: msg('stakeholders.relationship.consultant'),
  investor: msg('stakeholders.relationship.investor'),
  stak: msg('stakeholders.relationship.stak'),
  other: msg('stakeholders.relationship.other'),
};

/** Catalog keys of a stakeholder's statuses: `t(STAKEHOLDER_STATUS_LABELS[status])`. */
export const STAKEHOLDER_STATUS_LABELS: Record<StakeholderStatus, string> = {
  active: msg('stakeholders.status.active'),
  leave_of_absence: msg('stakeholders.status.leaveOfAbsence'),
  terminated: msg('stakeholders.status.terminated'),
};

export function isStakeholderFieldName(name: string): name is StakeholderFieldName {
  return (STAKEHOLDER_FIELD_NAMES as readonly string[]).includes(name);
}
