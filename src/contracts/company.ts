import { z } from 'zod';
import { COUNTRY_CODES, countryName, isCountryCode } from '../domain/countries';
import {
  normalizePostal,
  normalizeRegistration,
  normalizeVat,
  phoneError,
  postalError,
  registrationError,
  registrationLabel,
  vatError,
} from '../domain/identifiers';
import { COMPANY_STATUSES } from '../domain/equity';
import {
  defaultLegalForm,
  isLegalFormOf,
  LEGAL_FORM_MAX_LENGTH,
  legalFormsOf,
} from '../domain/legal-forms';
import {
  optionalDate,
  optionalEmail,
  optionalNotes,
  optionalText,
  requiredText,
  text,
} from './common';
import { primaryContactSchema } from './contacts';
import { COMPANY_ACCESS } from './client-access';
import { messageParams } from './i18n/issues';

/**
 * The legal form as sent: one of the country's forms where the country has a list (NL, BE, DE,
 * GB, US), free text elsewhere (decision 022). Empty or absent: the country's default.
 */
export const companyTypeSchema = optionalText(LEGAL_FORM_MAX_LENGTH, 'Company type');

/** Why `form` is not a legal form of `country`, or null. */
export function legalFormError(country: string, form: string): string | null {
  if (isLegalFormOf(country, form)) return null;
  const list = legalFormsOf(country);
  return list
    ? `Company type for ${countryName(country)} must be one of ${list.join(', ')}`
    : 'Company type is required';
}

export const countrySchema = z
  .string({ error: 'Country must be an ISO 3166 alpha-2 code' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, {
    message: 'Country must be an ISO 3166 alpha-2 code, e.g. NL',
    params: messageParams('validation.country'),
  });

/** The editable fields of a client company, as the form and the API send them. */
const companyFields = {
  companyName: requiredText('Company name', { max: 200 }),
  vat: optionalText(32, 'VAT number'),
  companyType: companyTypeSchema,
  street: optionalText(200, 'Street'),
  streetNumber: optionalText(20, 'Number'),
  postal: optionalText(16, 'Postal code'),
  city: optionalText(100, 'City'),
  country: countrySchema,
  contactName: optionalText(200, 'Contact name'),
  email: optionalEmail('Email'),
  phone: optionalText(32, 'Phone'),
  registrationNumber: optionalText(64, 'Registration number'),
  incorporationDate: optionalDate('Incorporation date'),
  status: z.enum(COMPANY_STATUSES, { error: 'Status must be prospect, active or archived' }),
  responsibleUserId: optionalText(100, 'Responsible lawyer'),
  notes: optionalNotes(10000, 'Notes'),
};

type CompanyFieldsOut = {
  [K in keyof typeof companyFields]: z.output<(typeof companyFields)[K]>;
};

/**
 * Rules that look at more than one field: VAT, postal code, registration number and legal form
 * depend on the country. `keepLegalForm`: an update that sets neither the legal form nor the
 * country keeps the stored form even when it is not one of the country's (data entered before
 * decision 022 must not block unrelated edits).
 */
function checkCompany(value: CompanyFieldsOut, ctx: z.RefinementCtx, keepLegalForm = false) {
  const issue = (path: string, message: string, params: ReturnType<typeof messageParams>) =>
    ctx.addIssue({ code: 'custom', path: [path], message, params });
  const country = value.country;
  if (value.companyType && !keepLegalForm) {
    const message = legalFormError(country, value.companyType);
    const forms = legalFormsOf(country);
    if (message)
      issue(
        'companyType',
        message,
        forms
          ? messageParams('validation.company.legalForm', { country, forms: forms.join(', ') })
          : messageParams('validation.required'),
      );
  }
  if (value.vat) {
    const message = vatError(normalizeVat(value.vat), country);
    if (message)
      issue(
        'vat',
        message,
        // "Not a valid NL VAT number (…)": the country whose format it is (NL, BE or DE).
        message.startsWith('Not a valid ')
          ? messageParams('validation.company.vat.invalid', { country: message.slice(12, 14) })
          : messageParams('validation.company.vat.characters'),
      );
  }
  if (value.postal) {
    const message = postalError(normalizePostal(value.postal, country), country);
    if (message)
      issue(
        'postal',
        message,
        message.startsWith('Not a valid ')
          ? messageParams('validation.company.postal', { country })
          : messageParams('validation.tooLong', { maximum: 16 }),
      );
  }
  if (value.phone) {
    const message = phoneError(value.phone);
    if (message)
      issue(
        'phone',
        message,
        messageParams(message.endsWith('digits') ? 'validation.phone.digits' : 'validation.phone'),
      );
  }
  if (value.registrationNumber) {
    const message = registrationError(
      normalizeRegistration(value.registrationNumber, country),
      country,
    );
    if (message)
      issue(
        'registrationNumber',
        message,
        ['NL', 'BE', 'DE', 'GB'].includes(country)
          ? messageParams('validation.company.registration', { country })
          : messageParams('validation.tooLong', { maximum: 64 }),
      );
  }
}

export { registrationLabel };

function normalizeCompany<T extends CompanyFieldsOut>(value: T): T & { companyType: string } {
  return {
    ...value,
    companyType: value.companyType ?? defaultLegalForm(value.country),
    vat: value.vat ? normalizeVat(value.vat) : null,
    postal: value.postal ? normalizePostal(value.postal, value.country) : null,
    phone: value.phone ? value.phone.replace(/\s+/g, ' ') : null,
    registrationNumber: value.registrationNumber
      ? normalizeRegistration(value.registrationNumber, value.country)
      : null,
  };
}

const companyCreateFields = z.strictObject({
  ...companyFields,
  country: countrySchema.default('NL'),
  status: companyFields.status.default('active'),
});

/** Body of `POST /api/v1/company` and the create form's resolver. */
export const companyCreateSchema = companyCreateFields
  .superRefine((value, ctx) => checkCompany(value, ctx))
  .transform(normalizeCompany);
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;
export type CompanyCreate = z.output<typeof companyCreateSchema>;

/**
 * The stored company merged with an update that sets neither `companyType` nor `country`: the
 * create schema's rules, except that the stored legal form is kept as it is.
 */
export const companyKeepLegalFormSchema = companyCreateFields
  .superRefine((value, ctx) => checkCompany(value, ctx, true))
  .transform(normalizeCompany);

/**
 * Body of `PATCH /api/v1/company/{companyId}`: any subset of the fields. The server merges it with
 * the stored company and validates the result with `companyCreateSchema`, so cross-field rules
 * (VAT and postal code per country) hold after every update.
 */
export const companyUpdateSchema = z.strictObject(companyFields).partial();
export type CompanyUpdateInput = z.input<typeof companyUpdateSchema>;

/** A client company as the API returns it. */
export const companySchema = z.object({
  id: z.uuid(),
  organizationId: z.string(),
  companyName: z.string(),
  vat: z.string().nullable(),
  /** The legal form (decision 022): one of the country's forms, or free text elsewhere. */
  companyType: z.string(),
  street: z.string().nullable(),
  streetNumber: z.string().nullable(),
  city: z.string().nullable(),
  postal: z.string().nullable(),
  country: z.enum(COUNTRY_CODES),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  incorporationDate: z.string().nullable(),
  status: z.enum(COMPANY_STATUSES),
  responsibleUserId: z.string().nullable(),
  /** The responsible lawyer's name, for display. */
  responsibleUserName: z.string().nullable(),
  notes: z.string().nullable(),
  /** The company's primary contact (issue 15); null when it has none. */
  primaryContact: primaryContactSchema.nullable(),
  /**
   * Client access (issue 15, decision 029): `everyone` in the workspace, or `restricted` to its
   * owners and admins and the members and teams listed (`GET …/access`).
   */
  access: z.enum(COMPANY_ACCESS),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Company = z.infer<typeof companySchema>;

export const COMPANY_SORTS = ['name', 'createdAt'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export const COMPANY_PAGE_LIMIT_MAX = 200;

/** Query of `GET /api/v1/company`. */
export const companyListQuerySchema = z.object({
  // Query values are strings: only plain digits count (no '1e2', '0x10').
  limit: z
    .preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      z.string({ error: 'limit must be a whole number from 1 to 200' }).trim(),
    )
    .pipe(z.string().regex(/^\d{1,4}$/, 'limit must be a whole number from 1 to 200'))
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'limit must be a whole number from 1 to 200')
        .max(COMPANY_PAGE_LIMIT_MAX, 'limit must be a whole number from 1 to 200'),
    )
    .default(50),
  cursor: text('cursor', { max: 1000, tooLong: 'cursor is not valid' }).optional(),
  q: text('q', { max: 200 }).optional(),
  sort: z.enum(COMPANY_SORTS, { error: 'sort must be name or createdAt' }).default('name'),
  order: z.enum(SORT_ORDERS, { error: 'order must be asc or desc' }).default('asc'),
});
export type CompanyListQuery = z.input<typeof companyListQuerySchema>;

export const companyListResponseSchema = z.object({
  items: z.array(companySchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type CompanyList = z.infer<typeof companyListResponseSchema>;
