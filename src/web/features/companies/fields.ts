import type { CompanyCreateInput } from '../../../contracts/company';

/** The editable fields of a company, in form order. */
export const COMPANY_FIELD_NAMES = [
  'companyName',
  'vat',
  'companyType',
  'street',
  'streetNumber',
  'postal',
  'city',
  'country',
  'contactName',
  'email',
  'phone',
] as const satisfies readonly (keyof CompanyCreateInput)[];

export type CompanyFieldName = (typeof COMPANY_FIELD_NAMES)[number];

/** Visible label of each field: the form's labels, reused by the detail view and activity list. */
export const COMPANY_FIELD_LABELS: Record<CompanyFieldName, string> = {
  companyName: 'Company name',
  vat: 'VAT number',
  companyType: 'Company type',
  street: 'Street',
  streetNumber: 'Number',
  postal: 'Postal code',
  city: 'City',
  country: 'Country',
  contactName: 'Contact name',
  email: 'Email',
  phone: 'Phone',
};

export function isCompanyFieldName(name: string): name is CompanyFieldName {
  return (COMPANY_FIELD_NAMES as readonly string[]).includes(name);
}

export const COMPANY_STATUS_LABELS = {
  prospect: 'Prospect',
  active: 'Active',
  archived: 'Archived',
} as const;
