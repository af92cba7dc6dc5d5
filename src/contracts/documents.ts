import { z } from 'zod';
import { isoDate, text } from './common';
import { messageParams } from './i18n/issues';

/**
 * Documents (issue 14, decision 027): the lawyer's deliverables generated from the data, from
 * the workspace's Word templates (or our built-in defaults), stored with the company.
 */

export const DOCUMENT_KINDS = [
  'grant_letter',
  'board_resolution',
  'exercise_notice',
  'register_extract',
  'cap_table_report',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const documentKindSchema = z.enum(DOCUMENT_KINDS, {
  error: `kind must be one of ${DOCUMENT_KINDS.join(', ')}`,
});

/** The languages documents are written in (templates exist per kind and language). */
export const DOCUMENT_LANGUAGES = ['nl', 'en'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];
export const documentLanguageSchema = z.enum(DOCUMENT_LANGUAGES, {
  error: 'language must be nl or en',
});

export const DOCUMENT_FORMATS = ['docx', 'pdf'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
/** The kinds the server also renders as PDF itself (no template: its own layout). */
export const PDF_KINDS: readonly DocumentKind[] = ['register_extract', 'cap_table_report'];

export const DOCX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const PDF_CONTENT_TYPE = 'application/pdf';
export const ZIP_CONTENT_TYPE = 'application/zip';

/** A template upload: at most 10 MB. */
export const MAX_TEMPLATE_BYTES = 10 * 1024 * 1024;
/** A signed copy (PDF): at most 20 MB, as a valuation report. */
export const MAX_SIGNED_COPY_BYTES = 20 * 1024 * 1024;
/** Grants in one request: a board resolution's or a batch of grant letters. */
export const MAX_DOCUMENT_GRANTS = 1000;

/** Which kinds take which inputs. */
export const KIND_NEEDS: Record<DocumentKind, 'grants' | 'grant' | 'exercise' | 'asOf'> = {
  grant_letter: 'grants',
  board_resolution: 'grants',
  exercise_notice: 'exercise',
  register_extract: 'asOf',
  cap_table_report: 'asOf',
};

/**
 * Body of `POST /api/v1/company/{companyId}/documents`. `language` defaults to the recipient's
 * (the stakeholder's preferred language, else the workspace's document language). Grant letters
 * for more than one grant are a batch: 202 with a job, each letter stored, a zip at the end.
 */
export const documentCreateSchema = z
  .strictObject({
    kind: documentKindSchema,
    language: documentLanguageSchema.optional(),
    format: z.enum(DOCUMENT_FORMATS, { error: 'format must be docx or pdf' }).default('docx'),
    grantIds: z
      .array(z.uuid('grantIds must hold grant ids'), { error: 'grantIds must be a list of ids' })
      .min(1, 'grantIds must name at least one grant')
      .max(MAX_DOCUMENT_GRANTS, `grantIds holds at most ${MAX_DOCUMENT_GRANTS} grants`)
      .optional(),
    exerciseId: z.uuid('exerciseId must be an id').optional(),
    asOf: isoDate('asOf').optional(),
  })
  .superRefine((body, ctx) => {
    const needs = KIND_NEEDS[body.kind];
    const kind = body.kind;
    const issue = (path: string, message: string, key: string) =>
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message,
        params: messageParams(key, { kind }),
      });
    if (needs === 'grants' && !body.grantIds)
      issue(
        'grantIds',
        `grantIds is required for a ${kind}`,
        'validation.documents.grantsRequired',
      );
    if (needs !== 'grants' && body.grantIds)
      issue('grantIds', `grantIds is not taken by a ${kind}`, 'validation.documents.notTaken');
    if (needs === 'exercise' && !body.exerciseId)
      issue(
        'exerciseId',
        'exerciseId is required for an exercise_notice',
        'validation.documents.exerciseRequired',
      );
    if (needs !== 'exercise' && body.exerciseId)
      issue('exerciseId', `exerciseId is not taken by a ${kind}`, 'validation.documents.notTaken');
    if (needs !== 'asOf' && body.asOf)
      issue('asOf', `asOf is not taken by a ${kind}`, 'validation.documents.notTaken');
    if (body.format === 'pdf' && !PDF_KINDS.includes(kind))
      issue('format', `a ${kind} is generated as docx only`, 'validation.documents.docxOnly');
    if (body.grantIds && new Set(body.grantIds).size !== body.grantIds.length)
      issue('grantIds', 'grantIds names a grant twice', 'validation.documents.grantTwice');
  });
export type DocumentCreateInput = z.input<typeof documentCreateSchema>;
export type DocumentCreate = z.output<typeof documentCreateSchema>;

export const DOCUMENT_STATUSES = ['generated', 'sent', 'signed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** A generated document as listed and answered by POST (201). */
export const documentSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  kind: documentKindSchema,
  language: documentLanguageSchema,
  format: z.enum(DOCUMENT_FORMATS),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** SHA-256 of the file's bytes, hex. */
  sha256: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The user who generated it (null once that user is removed, or for an API key). */
  createdBy: z.string().nullable(),
  createdByName: z.string(),
  /** The template version used: 0 for our built-in default, null for a server-rendered PDF. */
  templateVersion: z.number().int().nullable(),
  templateId: z.uuid().nullable(),
  /** What it was generated from. */
  grantIds: z.array(z.uuid()),
  /** The stakeholder it is addressed to (grant letter, exercise notice), with the name then. */
  stakeholderId: z.uuid().nullable(),
  stakeholderName: z.string().nullable(),
  exerciseId: z.uuid().nullable(),
  asOf: z.string().nullable(),
  /** The batch it was made in, if any. */
  jobId: z.uuid().nullable(),
  status: z.enum(DOCUMENT_STATUSES),
  sentAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  signedCopy: z
    .object({
      fileName: z.string(),
      sizeBytes: z.number().int(),
      sha256: z.string(),
      uploadedAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
});
export type GeneratedDocument = z.infer<typeof documentSchema>;

export const documentListQuerySchema = z.object({
  kind: documentKindSchema.optional(),
  grantId: z.uuid('grantId must be an id').optional(),
  exerciseId: z.uuid('exerciseId must be an id').optional(),
});
export const documentListSchema = z.object({ items: z.array(documentSchema) });
export type DocumentList = z.infer<typeof documentListSchema>;

/** A batch of grant letters (202 of POST, GET …/document-jobs/{jobId}). */
export const DOCUMENT_JOB_STATUSES = ['running', 'done', 'failed'] as const;
export const documentJobSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  kind: documentKindSchema,
  status: z.enum(DOCUMENT_JOB_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  /** done ÷ total, 0–1. */
  progress: z.number(),
  /** The zip's file name once done. */
  fileName: z.string().nullable(),
  /** Why it failed, in the reader's language. */
  error: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DocumentJob = z.infer<typeof documentJobSchema>;

/** `PATCH …/documents/{documentId}`: mark sent (a date) or not sent (null). */
export const documentUpdateSchema = z.strictObject({
  sentAt: isoDate('sentAt').nullable(),
});
export type DocumentUpdate = z.infer<typeof documentUpdateSchema>;

/** Query of `PUT …/documents/{documentId}/signed-copy` (the PDF is the body). */
export const signedCopyQuerySchema = z.object({
  /** Default: today. */
  signedAt: isoDate('signedAt').optional(),
  filename: text('filename', { max: 200 }).optional(),
});

// -------------------------------------------------------------------------------- templates

/** One uploaded version of a workspace's template. */
export const templateVersionSchema = z.object({
  id: z.uuid(),
  kind: documentKindSchema,
  language: documentLanguageSchema,
  version: z.number().int(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  active: z.boolean(),
  uploadedAt: z.iso.datetime({ offset: true }),
  uploadedByName: z.string(),
});
export type TemplateVersion = z.infer<typeof templateVersionSchema>;

/** `GET /api/v1/document-templates`: per kind and language, its versions (newest first). */
export const templateListSchema = z.object({
  /** The workspace's document language (the default when a stakeholder has none). */
  language: documentLanguageSchema,
  items: z.array(
    z.object({
      kind: documentKindSchema,
      language: documentLanguageSchema,
      /** The active version, or null when our built-in default is used. */
      activeVersion: z.number().int().nullable(),
      versions: z.array(templateVersionSchema),
    }),
  ),
});
export type TemplateList = z.infer<typeof templateListSchema>;

/**
 * Query of `POST /api/v1/document-templates/{kind}/{language}` (the .docx is the body, or
 * multipart `file`).
 */
export const templateUploadQuerySchema = z.object({
  filename: text('filename', { max: 200 }).optional(),
});

/** `PATCH /api/v1/document-templates/{documentTemplateId}`: make it the active one, or stop using it. */
export const templateUpdateSchema = z.strictObject({ active: z.boolean() });

/** `PATCH /api/v1/document-settings`: the workspace's document language. */
export const documentSettingsSchema = z.strictObject({ language: documentLanguageSchema });

// ----------------------------------------------------------------------------- merge fields

/**
 * The merge fields each kind offers, as a tree: `true` a value, an object a group (`{a.b}`),
 * a one-element array a loop (`{#schedule}…{/schedule}`) over items with those fields. The
 * template screen lists them (descriptions: `documents.field.<path>` in the catalogs), uploads
 * are checked against them, and a unit test keeps the merge data equal to them.
 */
export type FieldTree = { [name: string]: true | FieldTree | [FieldTree] };

const address = { street: true, postal: true, city: true, country: true, address: true } as const;

export const COMMON_FIELDS = {
  today: true,
  firm: { name: true },
  preparedBy: { name: true, email: true },
  company: {
    name: true,
    legalForm: true,
    registrationNumber: true,
    vat: true,
    ...address,
  },
  signatories: [{ name: true, role: true }],
} satisfies FieldTree;

const stakeholderFields = { name: true, email: true, employeeId: true, ...address } as const;
const planFields = {
  name: true,
  type: true,
  boardApprovalDate: true,
  poolSize: true,
  exerciseWindow: true,
} as const;
const grantFields = {
  number: true,
  quantity: true,
  exercisePrice: true,
  currency: true,
  totalExercisePrice: true,
  grantDate: true,
  vestingStartDate: true,
  expiryDate: true,
  offerDate: true,
  acceptanceDeadline: true,
  vesting: true,
} as const;
const valuationFields = {
  effectiveDate: true,
  method: true,
  provider: true,
  valuePerShare: true,
  currency: true,
  validUntil: true,
} as const;

export const DOCUMENT_FIELDS = {
  grant_letter: {
    ...COMMON_FIELDS,
    stakeholder: stakeholderFields,
    grant: grantFields,
    plan: planFields,
    schedule: [{ date: true, quantity: true, cumulative: true, percent: true, kind: true }],
    hasValuation: true,
    valuation: valuationFields,
    isBelgian: true,
  },
  board_resolution: {
    ...COMMON_FIELDS,
    grants: [
      {
        stakeholder: true,
        plan: true,
        quantity: true,
        exercisePrice: true,
        currency: true,
        grantDate: true,
        vestingStartDate: true,
        vesting: true,
      },
    ],
    grantCount: true,
    totalQuantity: true,
  },
  exercise_notice: {
    ...COMMON_FIELDS,
    stakeholder: stakeholderFields,
    grant: grantFields,
    plan: planFields,
    exercise: {
      date: true,
      quantity: true,
      pricePerShare: true,
      totalPrice: true,
      currency: true,
      settlementAmount: true,
      remaining: true,
    },
    isCashSettled: true,
  },
  register_extract: {
    ...COMMON_FIELDS,
    asOf: true,
    lines: [
      {
        date: true,
        type: true,
        shareClass: true,
        quantity: true,
        from: true,
        to: true,
        shareNumbers: true,
        pricePerShare: true,
        deedDate: true,
        notary: true,
      },
    ],
    holdings: [{ holder: true, address: true, shareClass: true, shares: true, shareNumbers: true }],
    totalShares: true,
  },
  cap_table_report: {
    ...COMMON_FIELDS,
    asOf: true,
    rows: [
      {
        holder: true,
        group: true,
        shares: true,
        awards: true,
        fullyDiluted: true,
        percent: true,
      },
    ],
    pools: [{ name: true, reserved: true, granted: true, available: true, percent: true }],
    totals: { shares: true, fullyDiluted: true },
    hasValuation: true,
    valuation: valuationFields,
  },
} satisfies Record<DocumentKind, FieldTree>;

/** The documented fields of a kind as dotted paths, loops as `schedule[].date`. */
export function fieldPaths(tree: FieldTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, node]) => {
    const path = prefix + name;
    if (node === true) return [path];
    if (Array.isArray(node)) return [`${path}[]`, ...fieldPaths(node[0], `${path}[].`)];
    return fieldPaths(node, `${path}.`);
  });
}

/**
 * The merge data of a field tree: every value a text already formatted in the document's
 * language, except the `has…`/`is…` flags (booleans, for `{#hasValuation}…{/hasValuation}`).
 * Amounts come without their currency, which stands in its own field (`{grant.currency}
 * {grant.exercisePrice}` → "EUR 0,10"), except a register line's price, which has none beside it.
 */
export type MergeValue<T, K = ''> = T extends true
  ? K extends `has${string}` | `is${string}`
    ? boolean
    : string
  : T extends readonly [infer I]
    ? MergeValue<I>[]
    : { [P in keyof T]: MergeValue<T[P], P> };
export type MergeData<K extends DocumentKind> = MergeValue<(typeof DOCUMENT_FIELDS)[K]>;
