import type { CompanyCreateInput } from '../../../contracts/company';
import type { CompanyStatus } from '../../../domain/equity';

/** The editable fields of a company, in form order. */
export const COMPANY_FIELD_NAMES = [
  'companyName',
  'vat',
  'companyType',
  'registrationNumber',
  'incorporationDate',
  'street',
  'streetNumber',
  'postal',
  'city',
  'country',
  'contactName',
  'email',
  'phone',
  'status',
  'responsibleUserId',
  'notes',
] as const satisfies readonly (keyof CompanyCreateInput)[];

export type CompanyFieldName = (typeof COMPANY_FIELD_NAMES)[number];

/**
 * Visible label of each field: the form's labels, reused by the detail view and activity list.
 * The register number's label depends on the country (`registrationLabel`, e.g. "KvK number");
 * this one is the neutral name the activity list uses.
 */
export const COMPANY_FIELD_LABELS: Record<CompanyFieldName, string> = {
  companyName: 'Company name',
  vat: 'VAT number',
  companyType: 'Company type',
  registrationNumber: 'Registration number',
  incorporationDate: 'Incorporation date',
  street: 'Street',
  streetNumber: 'Number',
  postal: 'Postal code',
  city: 'City',
  country: 'Country',
  contactName: 'Contact name',
  email: 'Email',
  phone: 'Phone',
  status: 'Status',
  responsibleUserId: 'Responsible lawyer',
  notes: 'Notes',
};

export function isCompanyFieldName(name: string): name is CompanyFieldName {
  return (COMPANY_FIELD_NAMES as readonly string[]).includes(name);
}

export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = {
  prospect: 'Prospect',
  active: 'Active',
  archived: 'Archived',
};

/** Hint under the register number input, per country (rules: domain/identifiers.ts). */
export function registrationHint(country: string): string | undefined {
  switch (country) {
    case 'NL':
      return '8 digits, e.g. 12345678';
    case 'BE':
      return '10 digits, e.g. 0403.170.701';
    case 'DE':
      return 'Handelsregister entry, e.g. HRB 123456';
    case 'GB':
      return 'Companies House number, e.g. 01234567 or SC123456';
    default:
      return undefined;
  }
}
