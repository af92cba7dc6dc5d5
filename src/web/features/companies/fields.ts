import type { CompanyCreateInput } from '../../../contracts/company';
import type { CompanyStatus } from '../../../domain/equity';
import { legalFormLabel, OTHER_LEGAL_FORM } from '../../../domain/legal-forms';
import { msg, t } from '../../lib/i18n';

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
 * Catalog key of each field's visible label: the form's labels, reused by the detail view and
 * activity list (`t(COMPANY_FIELD_LABELS[name])`). The register number's label depends on the
 * country (`registrationLabel`, e.g. "KvK number"); this one is the neutral name the activity
 * list uses.
 */
export const COMPANY_FIELD_LABELS: Record<CompanyFieldName, string> = {
  companyName: msg('companies.field.companyName'),
  vat: msg('companies.field.vat'),
  companyType: msg('companies.field.companyType'),
  registrationNumber: msg('companies.field.registrationNumber'),
  incorporationDate: msg('companies.field.incorporationDate'),
  street: msg('companies.field.street'),
  streetNumber: msg('companies.field.streetNumber'),
  postal: msg('companies.field.postal'),
  city: msg('companies.field.city'),
  country: msg('companies.field.country'),
  contactName: msg('companies.field.contactName'),
  email: msg('companies.field.email'),
  phone: msg('companies.field.phone'),
  status: msg('companies.field.status'),
  responsibleUserId: msg('companies.field.responsibleUserId'),
  notes: msg('companies.field.notes'),
};

export function isCompanyFieldName(name: string): name is CompanyFieldName {
  return (COMPANY_FIELD_NAMES as readonly string[]).includes(name);
}

/** Catalog keys of the company statuses: `t(COMPANY_STATUS_LABELS[status])`. */
export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = {
  prospect: msg('companies.status.prospect'),
  active: msg('companies.status.active'),
  archived: msg('companies.status.archived'),
};

/**
 * The register number's name in the company's country, as that country's practice calls it
 * ("KvK-nummer" for NL, "ondernemingsnummer" for BE in Dutch).
 */
export function registrationLabel(country: string | null | undefined): string {
  switch (country) {
    case 'NL':
      return t('companies.registration.nl');
    case 'BE':
      return t('companies.registration.be');
    case 'DE':
    case 'GB':
      return t('companies.registration.register');
    default:
      return t('companies.field.registrationNumber');
  }
}

/** Hint under the register number input, per country (rules: domain/identifiers.ts). */
export function registrationHint(country: string): string | undefined {
  switch (country) {
    case 'NL':
      return t('companies.registration.hint.nl');
    case 'BE':
      return t('companies.registration.hint.be');
    case 'DE':
      return t('companies.registration.hint.de');
    case 'GB':
      return t('companies.registration.hint.gb');
    default:
      return undefined;
  }
}

/**
 * A legal form as people read it: the stored value for the named forms (BV, GmbH, "Stichting /
 * STAK"), which are the same in every language, and "Other" in the app's language.
 */
export function legalFormName(form: string): string {
  return form === OTHER_LEGAL_FORM ? t('companies.legalForm.other') : legalFormLabel(form);
}
