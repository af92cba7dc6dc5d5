/**
 * Legal forms a client company can have, grouped by the jurisdiction they belong to
 * (domain.md, "Company"). The value is what is stored and sent over the API.
 */
export const LEGAL_FORM_GROUPS = [
  { country: 'NL', label: 'Netherlands', forms: ['BV', 'NV', 'Stichting', 'Coöperatie', 'VOF'] },
  { country: 'BE', label: 'Belgium', forms: ['BV/SRL', 'NV/SA'] },
  { country: 'DE', label: 'Germany', forms: ['GmbH', 'UG', 'AG'] },
  { country: 'GB', label: 'United Kingdom', forms: ['Ltd'] },
  { country: 'US', label: 'United States', forms: ['Inc', 'LLC'] },
  { country: null, label: 'Other', forms: ['Other'] },
] as const;

export const LEGAL_FORMS = [
  'BV',
  'NV',
  'Stichting',
  'Coöperatie',
  'VOF',
  'BV/SRL',
  'NV/SA',
  'GmbH',
  'UG',
  'AG',
  'Ltd',
  'Inc',
  'LLC',
  'Other',
] as const;

export type LegalForm = (typeof LEGAL_FORMS)[number];

/** Home market default (DEVELOPERS.md: "default legal form BV"). */
export const DEFAULT_LEGAL_FORM: LegalForm = 'BV';

const labels: Partial<Record<LegalForm, string>> = {
  Stichting: 'Stichting / STAK',
};

/** Label shown in selects and tables. */
export function legalFormLabel(form: LegalForm): string {
  return labels[form] ?? form;
}
