/**
 * Legal forms a client company can have, per country of incorporation (domain.md, "Company";
 * decision 022). The value is what is stored and sent over the API. For the countries listed here
 * the legal form is one of the country's forms; elsewhere it is free text (a French SAS, a
 * Luxembourg SARL), "Other" when not given.
 */
export const LEGAL_FORMS_BY_COUNTRY = {
  NL: ['BV', 'NV', 'Stichting', 'Coöperatie', 'VOF', 'CV', 'Other'],
  // Belgian forms carry their Dutch and French names (Code of Companies and Associations, 2019).
  BE: ['BV/SRL', 'NV/SA', 'CV/SC', 'CommV/SComm', 'VOF/SNC', 'Stichting/Fondation', 'Other'],
  DE: ['GmbH', 'UG', 'AG', 'SE', 'KG', 'GmbH & Co. KG', 'Other'],
  GB: ['Ltd', 'PLC', 'LLP', 'Other'],
  US: ['Inc', 'LLC', 'LP', 'Other'],
} as const satisfies Record<string, readonly string[]>;

export type LegalFormCountry = keyof typeof LEGAL_FORMS_BY_COUNTRY;

/** The countries whose legal forms are a fixed list, in the order the form lists them. */
export const LEGAL_FORM_COUNTRIES = Object.keys(LEGAL_FORMS_BY_COUNTRY) as LegalFormCountry[];

/** The generic value: a form not in the country's list, or any form outside the listed countries. */
export const OTHER_LEGAL_FORM = 'Other';

/** Longest legal form, in characters (free text outside the listed countries). */
export const LEGAL_FORM_MAX_LENGTH = 40;

/** Every listed form of every listed country, without duplicates ("Other" once). */
export const LEGAL_FORMS: readonly string[] = [
  ...new Set(Object.values(LEGAL_FORMS_BY_COUNTRY).flat()),
];

export function hasLegalFormList(country: string): country is LegalFormCountry {
  return Object.hasOwn(LEGAL_FORMS_BY_COUNTRY, country);
}

/** The country's forms, or null when the legal form is free text there. */
export function legalFormsOf(country: string): readonly string[] | null {
  return hasLegalFormList(country) ? LEGAL_FORMS_BY_COUNTRY[country] : null;
}

/**
 * A new company's legal form when none is given: the country's most common form for start-ups
 * (NL BV, BE BV/SRL, DE GmbH, GB Ltd, US Inc), "Other" elsewhere.
 */
export function defaultLegalForm(country: string): string {
  return legalFormsOf(country)?.[0] ?? OTHER_LEGAL_FORM;
}

/** Home market default (domain.md: "default legal form BV"), for a company in the Netherlands. */
export const DEFAULT_LEGAL_FORM = defaultLegalForm('NL');

/** True when `form` may be stored for a company in `country`. */
export function isLegalFormOf(country: string, form: string): boolean {
  const list = legalFormsOf(country);
  return list ? list.includes(form) : form.length > 0;
}

/**
 * The same legal form under its Belgian name: a Belgian company stored with the Dutch short name
 * of a form Belgium has too ("BV" before decision 022, when every company defaulted to the Dutch
 * list). Null when there is no such form.
 */
export function belgianNameOf(form: string): string | null {
  return BELGIAN_NAMES[form] ?? null;
}

const BELGIAN_NAMES: Record<string, string> = {
  BV: 'BV/SRL',
  NV: 'NV/SA',
  Coöperatie: 'CV/SC',
  VOF: 'VOF/SNC',
  Stichting: 'Stichting/Fondation',
};

/**
 * The legal form to keep when a company's country changes from one to another (the form's
 * country select): the same form if the new country has it, its Belgian name when moving a Dutch
 * form to Belgium, else the new country's default; for a country without a list, free text stays
 * and another country's listed form is cleared ('' means "Other" on save).
 */
export function legalFormForCountry(form: string, country: string): string {
  const list = legalFormsOf(country);
  if (list) {
    if (list.includes(form)) return form;
    const belgian = country === 'BE' ? belgianNameOf(form) : null;
    return belgian ?? defaultLegalForm(country);
  }
  return form !== OTHER_LEGAL_FORM && LEGAL_FORMS.includes(form) ? '' : form;
}

const labels: Record<string, string> = {
  Stichting: 'Stichting / STAK',
};

/** Label shown in selects and tables. */
export function legalFormLabel(form: string): string {
  return labels[form] ?? form;
}
