import type { StakeholderCreateInput } from '../../../contracts/equity';
import type { StakeholderKind } from '../../../domain/equity';

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
  'notes',
] as const satisfies readonly (keyof StakeholderCreateInput)[];

export type StakeholderFieldName = (typeof STAKEHOLDER_FIELD_NAMES)[number];

/** Visible label of each field: the form's labels, reused by the table and the activity list. */
export const STAKEHOLDER_FIELD_LABELS: Record<StakeholderFieldName, string> = {
  kind: 'Kind',
  name: 'Name',
  relationship: 'Relationship',
  status: 'Status',
  email: 'Email',
  phone: 'Phone',
  employeeId: 'Employee id',
  street: 'Street and number',
  postal: 'Postal code',
  city: 'City',
  country: 'Country',
  taxCountry: 'Tax residence',
  notes: 'Notes',
};

export const KIND_LABELS: Record<StakeholderKind, string> = {
  individual: 'Individual',
  institution: 'Institution',
};

export function isStakeholderFieldName(name: string): name is StakeholderFieldName {
  return (STAKEHOLDER_FIELD_NAMES as readonly string[]).includes(name);
}
