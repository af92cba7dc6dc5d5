import { z } from 'zod';
import { COUNTRY_CODES, isCountryCode } from '../domain/countries';
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
import { DEFAULT_LEGAL_FORM, LEGAL_FORMS } from '../domain/legal-forms';
import {
  optionalDate,
  optionalEmail,
  optionalNotes,
  optionalText,
  requiredText,
  text,
} from './common';

export const companyTypeSchema = z.enum(LEGAL_FORMS, {
  error: `Company type must be one of ${LEGAL_FORMS.join(', ')}`,
});

export const countrySchema = z
  .string({ error: 'Country must be an ISO 3166 alpha-2 code' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, 'Country must be an ISO 3166 alpha-2 code, e.g. NL');

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

/** Rules that look at more than one field: VAT and postal code depend on the country. */
function checkCompany(value: CompanyFieldsOut, ctx: z.RefinementCtx) {
  if (value.vat) {
    const message = vatError(normalizeVat(value.vat), value.country);
    if (message) ctx.addIssue({ code: 'custom', path: ['vat'], message });
  }
  if (value.postal) {
    const message = postalError(normalizePostal(value.postal, value.country), value.country);
    if (message) ctx.addIssue({ code: 'custom', path: ['postal'], message });
  }
  if (value.phone) {
    const message = phoneError(value.phone);
    if (message) ctx.addIssue({ code: 'custom', path: ['phone'], message });
  }
  if (value.registrationNumber) {
    const message = registrationError(
      normalizeRegistration(value.registrationNumber, value.country),
      value.country,
    );
    if (message) ctx.addIssue({ code: 'custom', path: ['registrationNumber'], message });
  }
}

export { registrationLabel };

function normalizeCompany<T extends CompanyFieldsOut>(value: T): T {
  return {
    ...value,
    vat: value.vat ? normalizeVat(value.vat) : null,
    postal: value.postal ? normalizePostal(value.postal, value.country) : null,
    phone: value.phone ? value.phone.replace(/\s+/g, ' ') : null,
    registrationNumber: value.registrationNumber
      ? normalizeRegistration(value.registrationNumber, value.country)
      : null,
  };
}

/** Body of `POST /api/v1/company` and the create form's resolver. */
export const companyCreateSchema = z
  .strictObject({
    ...companyFields,
    companyType: companyTypeSchema.default(DEFAULT_LEGAL_FORM),
    country: countrySchema.default('NL'),
    status: companyFields.status.default('active'),
  })
  .superRefine(checkCompany)
  .transform(normalizeCompany);
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;
export type CompanyCreate = z.output<typeof companyCreateSchema>;

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
  companyType: companyTypeSchema,
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
