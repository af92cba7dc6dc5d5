import { z } from 'zod';
import { phoneError } from '../domain/identifiers';
import { optionalEmail, optionalNotes, optionalText, requiredText } from './common';
import { messageParams } from './i18n/issues';

/**
 * Contacts of a client company (issue 15): the people the firm deals with there, one of them the
 * primary contact, optionally the same person as one of the company's stakeholders.
 */

export const CONTACT_FUNCTIONS = [
  'founder',
  'ceo',
  'cfo',
  'hr',
  'legal',
  'board_member',
  'investor',
  'other',
] as const;
export type ContactFunction = (typeof CONTACT_FUNCTIONS)[number];
export const CONTACT_LANGUAGES = ['nl', 'en'] as const;

const contactFields = {
  name: requiredText('Name', { max: 200 }),
  function: z
    .enum(CONTACT_FUNCTIONS, { error: `function must be one of ${CONTACT_FUNCTIONS.join(', ')}` })
    .nullish()
    .transform((v) => v ?? null),
  // E-mail and phone as the stakeholder contract checks them.
  email: optionalEmail('Email'),
  phone: optionalText(32, 'Phone').refine((v) => v === null || phoneError(v) === null, {
    message: 'Enter a phone number of digits, spaces and an optional leading +',
    params: messageParams('validation.phone'),
  }),
  language: z
    .enum(CONTACT_LANGUAGES, { error: 'language must be nl or en' })
    .nullish()
    .transform((v) => v ?? null),
  primary: z.boolean({ error: 'primary must be true or false' }),
  stakeholderId: z
    .uuid({ error: 'stakeholderId must be the id of a stakeholder of this company' })
    .nullish()
    .transform((v) => v ?? null),
  notes: optionalNotes(4000, 'Notes'),
};

/** Body of `POST /company/{companyId}/contacts` and the contact form's resolver. */
export const contactCreateSchema = z.strictObject({
  ...contactFields,
  primary: contactFields.primary.default(false),
});
export type ContactCreateInput = z.input<typeof contactCreateSchema>;
export type ContactCreate = z.output<typeof contactCreateSchema>;

/** Body of `PATCH /company/{companyId}/contacts/{contactId}`: any subset of the fields. */
export const contactUpdateSchema = z.strictObject(contactFields).partial();
export type ContactUpdate = z.output<typeof contactUpdateSchema>;

export const contactSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  name: z.string(),
  function: z.enum(CONTACT_FUNCTIONS).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.enum(CONTACT_LANGUAGES).nullable(),
  primary: z.boolean(),
  stakeholderId: z.uuid().nullable(),
  /** The linked stakeholder's name, for display. */
  stakeholderName: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactListSchema = z.object({ items: z.array(contactSchema) });
export type ContactList = z.infer<typeof contactListSchema>;

/** The company's primary contact, as the company list and page show it. */
export const primaryContactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  function: z.enum(CONTACT_FUNCTIONS).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type PrimaryContact = z.infer<typeof primaryContactSchema>;
