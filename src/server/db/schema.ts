import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organization, team, user } from './auth-schema';

export * from './auth-schema';

// Millisecond precision so that a timestamp survives the round trip through a JS Date
// (keyset cursors carry it).
const createdAt = () =>
  timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

// The trash (issue 11, decision 016): a deleted company, stakeholder, plan or grant keeps its row
// with `deleted_at` set; every read filters it out and a scheduled job purges it after 30 days.
const deletedAt = () => timestamp('deleted_at', { withTimezone: true, precision: 3 });
const deletedBy = () => text('deleted_by').references(() => user.id, { onDelete: 'set null' });
// Snapshot of the name of whoever trashed it (an API key has no user; a user may be removed).
const deletedByName = () => text('deleted_by_name');
/**
 * The item whose move to the trash took this row along (a plan's or stakeholder's grants);
 * null when it was trashed on its own. Restoring that item restores this row with it.
 */
const trashedWith = () => uuid('trashed_with');

/**
 * A full-text search vector (PostgreSQL `tsvector`), generated from the row's own text with the
 * `simple_unaccent` configuration (migration 0014: `simple` plus `unaccent`, so `Müller` finds
 * `Muller` and no language's stemming gets in the way of names).
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const searchVector = (expression: SQL) =>
  tsvector('search')
    .notNull()
    .generatedAlwaysAs(sql`to_tsvector('simple_unaccent'::regconfig, ${expression})`);

/** A client company of a workspace (OCF ISSUER). */
export const company = pgTable(
  'company',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    vat: text('vat'),
    companyType: text('company_type').notNull(),
    street: text('street'),
    streetNumber: text('street_number'),
    city: text('city'),
    postal: text('postal'),
    country: text('country').notNull(),
    contactName: text('contact_name'),
    email: text('email'),
    phone: text('phone'),
    /** KvK number (NL), enterprise number (BE), register number (DE, GB); OCF ISSUER tax_ids. */
    registrationNumber: text('registration_number'),
    /** OCF ISSUER formation_date. */
    incorporationDate: date('incorporation_date', { mode: 'string' }),
    status: text('status').notNull().default('active'),
    responsibleUserId: text('responsible_user_id').references(() => user.id, {
      onDelete: 'set null',
    }),
    notes: text('notes'),
    /**
     * Client access (issue 15, ethical walls): `everyone` in the workspace, or `restricted` to
     * its owners and admins and the members and teams listed in `company_access`.
     */
    access: text('access').notNull().default('everyone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    deletedBy: deletedBy(),
    deletedByName: deletedByName(),
    search: searchVector(
      sql`coalesce(company_name, '') || ' ' || coalesce(city, '') || ' ' || coalesce(vat, '') || ' ' || coalesce(registration_number, '')`,
    ),
  },
  (t) => [
    index('company_search_idx').using('gin', t.search),
    index('company_trash_idx')
      .on(t.organizationId, t.deletedAt)
      .where(sql`deleted_at is not null`),
    // Keyset pagination: one index per sort order, led by the workspace.
    index('company_org_name_idx').on(t.organizationId, sql`lower(${t.companyName})`, t.id),
    index('company_org_created_idx').on(t.organizationId, t.createdAt, t.id),
  ],
);

/** Every write to business data, written in the same transaction as the write itself. */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    // Snapshot of the actor's name: the activity list stays readable after the user is gone.
    actorName: text('actor_name'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The client company the entity belongs to (its activity tab lists these). */
    companyId: uuid('company_id'),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_event_entity_idx').on(t.organizationId, t.entityType, t.entityId, t.createdAt),
    index('audit_event_company_idx').on(t.organizationId, t.companyId, t.createdAt),
  ],
);

/** Local-mode outbox: mails that were not sent because no SMTP server is configured. */
export const outboxMessage = pgTable('outbox_message', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Avatars (issue 3: "stored in the database"). Kept out of `user.image`, which holds only the
 * URL: better-auth copies the user into its session cookie cache, and a data URL there would
 * overflow request headers.
 */
export const userAvatar = pgTable('user_avatar', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  png: bytea('png').notNull(),
  sha256: text('sha256').notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// Equity structure of a client company (issue 4). Every row carries its workspace and company;
// services filter by both. Share counts are bigint, decimals numeric: never floats.

const shareCount = (name: string) => bigint(name, { mode: 'number' });
const decimal = (name: string) => numeric(name, { precision: 28, scale: 10 });
const companyRef = () =>
  uuid('company_id')
    .notNull()
    .references(() => company.id, { onDelete: 'cascade' });
const organizationRef = () =>
  text('organization_id')
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' });

/** A person or entity of one client company (OCF STAKEHOLDER). E-mail is not unique. */
export const stakeholder = pgTable(
  'stakeholder',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    status: text('status').notNull().default('active'),
    email: text('email'),
    phone: text('phone'),
    street: text('street'),
    postal: text('postal'),
    city: text('city'),
    country: text('country'),
    taxCountry: text('tax_country'),
    employeeId: text('employee_id'),
    /** Preferred language of documents addressed to them (issue 14); null: the workspace's. */
    language: text('language'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    deletedBy: deletedBy(),
    deletedByName: deletedByName(),
    search: searchVector(
      sql`coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(employee_id, '')`,
    ),
  },
  (t) => [
    index('stakeholder_search_idx').using('gin', t.search),
    index('stakeholder_company_name_idx').on(t.companyId, sql`lower(${t.name})`, t.id),
    index('stakeholder_trash_idx')
      .on(t.organizationId, t.deletedAt)
      .where(sql`deleted_at is not null`),
  ],
);

/** OCF STOCK_CLASS. */
export const shareClass = pgTable(
  'share_class',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    name: text('name').notNull(),
    classType: text('class_type').notNull(),
    nominalValue: decimal('nominal_value').notNull(),
    currency: text('currency').notNull(),
    votesPerShare: decimal('votes_per_share').notNull(),
    liquidationPreferenceMultiple: decimal('liquidation_preference_multiple').notNull(),
    participating: boolean('participating').notNull().default(false),
    participationCapMultiple: decimal('participation_cap_multiple'),
    seniority: integer('seniority').notNull().default(1),
    sharesAuthorized: shareCount('shares_authorized'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('share_class_company_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * The shareholders' register as a ledger of issue, transfer and cancel events (OCF
 * TX_STOCK_ISSUANCE / TX_STOCK_TRANSFER / TX_STOCK_CANCELLATION). Holdings are derived.
 */
export const shareEvent = pgTable(
  'share_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    type: text('type').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    shareClassId: uuid('share_class_id')
      .notNull()
      .references(() => shareClass.id, { onDelete: 'restrict' }),
    shareCount: shareCount('share_count').notNull(),
    fromStakeholderId: uuid('from_stakeholder_id').references(() => stakeholder.id, {
      onDelete: 'restrict',
    }),
    toStakeholderId: uuid('to_stakeholder_id').references(() => stakeholder.id, {
      onDelete: 'restrict',
    }),
    firstShareNumber: shareCount('first_share_number'),
    lastShareNumber: shareCount('last_share_number'),
    pricePerShare: decimal('price_per_share'),
    currency: text('currency'),
    deedDate: date('deed_date', { mode: 'string' }),
    notary: text('notary'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('share_event_company_date_idx').on(t.companyId, t.date, t.createdAt)],
);

/** The depositary-receipt register of a STAK: who holds how many receipts on which class. */
export const depositaryReceipt = pgTable(
  'depositary_receipt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    stakStakeholderId: uuid('stak_stakeholder_id')
      .notNull()
      .references(() => stakeholder.id, { onDelete: 'restrict' }),
    shareClassId: uuid('share_class_id')
      .notNull()
      .references(() => shareClass.id, { onDelete: 'restrict' }),
    holderStakeholderId: uuid('holder_stakeholder_id')
      .notNull()
      .references(() => stakeholder.id, { onDelete: 'restrict' }),
    receiptCount: shareCount('receipt_count').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('depositary_receipt_company_idx').on(t.companyId, t.date)],
);

/** A workspace's reusable vesting terms (issue 5; OCF VESTING_TERMS). */
export const vestingTemplate = pgTable(
  'vesting_template',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    description: text('description'),
    terms: jsonb('terms').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('vesting_template_org_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

/** OCF STOCK_PLAN, with the plan terms a lawyer records. */
export const equityPlan = pgTable(
  'equity_plan',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    name: text('name').notNull(),
    planType: text('plan_type').notNull(),
    shareClassId: uuid('share_class_id').references(() => shareClass.id, {
      onDelete: 'restrict',
    }),
    stakStakeholderId: uuid('stak_stakeholder_id').references(() => stakeholder.id, {
      onDelete: 'restrict',
    }),
    poolSize: shareCount('pool_size').notNull(),
    currency: text('currency').notNull(),
    boardApprovalDate: date('board_approval_date', { mode: 'string' }),
    shareholderApprovalDate: date('shareholder_approval_date', { mode: 'string' }),
    defaultVestingTemplateId: uuid('default_vesting_template_id').references(
      () => vestingTemplate.id,
      { onDelete: 'restrict' },
    ),
    exerciseWindowMonths: integer('exercise_window_months'),
    leaverPolicy: jsonb('leaver_policy').notNull(),
    acceleration: jsonb('acceleration').notNull(),
    forfeitedTo: text('forfeited_to').notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    deletedBy: deletedBy(),
    deletedByName: deletedByName(),
  },
  (t) => [
    // A plan in the trash frees its name; restoring it while another plan has the name is refused.
    uniqueIndex('equity_plan_company_name_uq')
      .on(t.companyId, sql`lower(${t.name})`)
      .where(sql`deleted_at is null`),
    index('equity_plan_trash_idx')
      .on(t.organizationId, t.deletedAt)
      .where(sql`deleted_at is not null`),
  ],
);

/** Dated changes of a plan's pool (positive: more reserved, negative: released). */
export const poolAdjustment = pgTable(
  'pool_adjustment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => equityPlan.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    shareCount: shareCount('share_count').notNull(),
    reason: text('reason'),
    approvalDate: date('approval_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pool_adjustment_plan_idx').on(t.planId, t.date)],
);

/** An award under a plan (issue 5; OCF TX_EQUITY_COMPENSATION_ISSUANCE). Terms are a copy. */
export const grant = pgTable(
  'grant',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    stakeholderId: uuid('stakeholder_id')
      .notNull()
      .references(() => stakeholder.id, { onDelete: 'restrict' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => equityPlan.id, { onDelete: 'restrict' }),
    quantity: shareCount('quantity').notNull(),
    exercisePrice: decimal('exercise_price'),
    currency: text('currency').notNull(),
    grantDate: date('grant_date', { mode: 'string' }).notNull(),
    vestingStartDate: date('vesting_start_date', { mode: 'string' }).notNull(),
    templateId: uuid('template_id').references(() => vestingTemplate.id, { onDelete: 'set null' }),
    terms: jsonb('terms').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    offerDate: date('offer_date', { mode: 'string' }),
    acceptanceDate: date('acceptance_date', { mode: 'string' }),
    taxAtExercise: boolean('tax_at_exercise').notNull().default(false),
    taxElectionDate: date('tax_election_date', { mode: 'string' }),
    status: text('status').notNull().default('active'),
    terminationDate: date('termination_date', { mode: 'string' }),
    leaverType: text('leaver_type'),
    terminationReason: text('termination_reason'),
    cancelledDate: date('cancelled_date', { mode: 'string' }),
    cancellationReason: text('cancellation_reason'),
    /** Leaves of absence `[{ start, end }]`: vesting pauses and later installments shift. */
    pauses: jsonb('pauses')
      .$type<{ start: string; end: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    deletedBy: deletedBy(),
    deletedByName: deletedByName(),
    trashedWith: trashedWith(),
  },
  (t) => [
    index('grant_company_idx').on(t.companyId, t.grantDate),
    index('grant_plan_idx').on(t.planId),
    index('grant_trash_idx')
      .on(t.organizationId, t.deletedAt)
      .where(sql`deleted_at is not null`),
  ],
);

/** An exercise (or settlement) of a grant; share-settled ones point at the register rows made. */
export const grantExercise = pgTable(
  'grant_exercise',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => grant.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    quantity: shareCount('quantity').notNull(),
    shareEventId: uuid('share_event_id').references(() => shareEvent.id, { onDelete: 'set null' }),
    receiptId: uuid('receipt_id').references(() => depositaryReceipt.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('grant_exercise_grant_idx').on(t.grantId, t.date)],
);

/** Company-wide events that affect vesting (change of control, for acceleration). */
export const companyEvent = pgTable(
  'company_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    type: text('type').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('company_event_company_idx').on(t.companyId, t.type, t.date)],
);

// ---------------------------------------------------------------------------------------------
// Valuations (issue 6). Inputs are stored; equity value, prices and status are computed on read
// by the domain engine (src/domain/valuation.ts), except validUntil, kept for practice-wide
// "stale or expiring" queries.

/** A valuation of a client company (OCF VALUATION), with the report's figures. */
export const valuation = pgTable(
  'valuation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    purpose: text('purpose').notNull(),
    method: text('method').notNull(),
    provider: text('provider'),
    currency: text('currency').notNull(),
    enterpriseValue: decimal('enterprise_value').notNull(),
    debt: decimal('debt').notNull(),
    cash: decimal('cash').notNull(),
    fullyDilutedShares: shareCount('fully_diluted_shares').notNull(),
    /** True when the count was taken from the cap table as of the effective date. */
    fullyDilutedSharesDerived: boolean('fully_diluted_shares_derived').notNull().default(false),
    preferredPricePerShare: decimal('preferred_price_per_share'),
    commonValuePerShare: decimal('common_value_per_share'),
    dlomPercent: decimal('dlom_percent').notNull(),
    shareClassId: uuid('share_class_id').references(() => shareClass.id, {
      onDelete: 'restrict',
    }),
    materialEventDate: date('material_event_date', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('valuation_company_date_idx').on(t.companyId, t.effectiveDate, t.createdAt),
    index('valuation_org_valid_idx').on(t.organizationId, t.validUntil),
    // One valuation per date, purpose and share class (no class counts as one class).
    uniqueIndex('valuation_company_date_purpose_class_uq').on(
      t.companyId,
      t.effectiveDate,
      t.purpose,
      sql`coalesce(${t.shareClassId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);

/** A valuation's report (PDF, ≤ 20 MB), apart so that lists never read the bytes. */
export const valuationReport = pgTable('valuation_report', {
  valuationId: uuid('valuation_id')
    .primaryKey()
    .references(() => valuation.id, { onDelete: 'cascade' }),
  organizationId: organizationRef(),
  companyId: companyRef(),
  filename: text('filename').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  pdf: bytea('pdf').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * The cash amount of an exercise of a cash-settled grant (phantom, SAR, virtual), at the FMV of
 * the valuation valid on the exercise date (issue 5/6). FMV and price are copied: the amount
 * stays what it was if the valuation is later changed or deleted.
 */
export const grantSettlement = pgTable('grant_settlement', {
  exerciseId: uuid('exercise_id')
    .primaryKey()
    .references(() => grantExercise.id, { onDelete: 'cascade' }),
  organizationId: organizationRef(),
  companyId: companyRef(),
  grantId: uuid('grant_id')
    .notNull()
    .references(() => grant.id, { onDelete: 'cascade' }),
  valuationId: uuid('valuation_id').references(() => valuation.id, { onDelete: 'set null' }),
  fmvPerShare: decimal('fmv_per_share').notNull(),
  basePrice: decimal('base_price'),
  amount: decimal('amount').notNull(),
  currency: text('currency').notNull(),
  createdAt: createdAt(),
});

/**
 * A spreadsheet import (issue 13, decision 025): the file's sheet as read (`cells`, so the
 * commit needs no second upload), the mapping, the dry run's errors and the commit's outcome.
 * `running` while a commit is under way; a server that starts finds none (marked `failed`).
 */
export const importJob = pgTable(
  'import_job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    fileName: text('file_name').notNull(),
    sheets: jsonb('sheets').$type<string[]>().notNull(),
    sheet: text('sheet').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    /** The data rows' cells (header row excluded), as `domain/import/values.ts` Cell values. */
    cells: jsonb('cells').$type<unknown[][]>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
    /** Per row and column: the message as a catalog key and values, rendered per reader. */
    errors: jsonb('errors')
      .$type<{ row: number; column: string | null; text: unknown }[]>()
      .notNull(),
    created: integer('created').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('import_job_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * What imports created, by idempotency key (decision 025): the external id, or a hash of the
 * row's values. A row whose key is here is skipped by a later import of the same company.
 */
export const importedRow = pgTable(
  'imported_row',
  {
    companyId: companyRef(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    entityId: uuid('entity_id').notNull(),
    importId: uuid('import_id').references(() => importJob.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('imported_row_key_uq').on(t.companyId, t.kind, t.key)],
);

// ---------------------------------------------------------------------------------------------
// Documents (issue 14, decision 027): the workspace's Word templates, the documents generated
// from them (bytes apart, so that lists never read them), signed copies and batches.

/** The workspace's document language: for a stakeholder without a preferred language. */
export const documentSetting = pgTable('document_setting', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  language: text('language').notNull(),
  updatedAt: updatedAt(),
});

/** One uploaded version of a template; at most one active per kind and language. */
export const documentTemplate = pgTable(
  'document_template',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    docx: bytea('docx').notNull(),
    active: boolean('active').notNull().default(false),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('document_template_version_uq').on(t.organizationId, t.kind, t.language, t.version),
    uniqueIndex('document_template_active_uq')
      .on(t.organizationId, t.kind, t.language)
      .where(sql`active`),
  ],
);

/** A batch of grant letters: its progress, and the zip once done. */
export const documentJob = pgTable(
  'document_job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    fileName: text('file_name'),
    zip: bytea('zip'),
    /** Why it failed: a catalog message, rendered per reader. */
    error: jsonb('error'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('document_job_company_idx').on(t.companyId, t.createdAt)],
);

/** A generated document: who made it, when, from which template version, its SHA-256. */
export const generatedDocument = pgTable(
  'generated_document',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    templateId: uuid('template_id').references(() => documentTemplate.id, {
      onDelete: 'set null',
    }),
    /** 0: our built-in default; null: a PDF the server lays out itself. */
    templateVersion: integer('template_version'),
    grantIds: jsonb('grant_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    stakeholderId: uuid('stakeholder_id').references(() => stakeholder.id, {
      onDelete: 'set null',
    }),
    stakeholderName: text('stakeholder_name'),
    exerciseId: uuid('exercise_id').references(() => grantExercise.id, { onDelete: 'set null' }),
    asOf: date('as_of', { mode: 'string' }),
    jobId: uuid('job_id').references(() => documentJob.id, { onDelete: 'set null' }),
    sentAt: date('sent_at', { mode: 'string' }),
    signedAt: date('signed_at', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('generated_document_company_idx').on(t.companyId, t.createdAt),
    index('generated_document_grants_idx').using('gin', t.grantIds),
  ],
);

/** A generated document's bytes. */
export const documentFile = pgTable('document_file', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => generatedDocument.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});

/** The signed copy of a document (PDF, ≤ 20 MB). */
export const documentSignedCopy = pgTable('document_signed_copy', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => generatedDocument.id, { onDelete: 'cascade' }),
  organizationId: organizationRef(),
  fileName: text('file_name').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  pdf: bytea('pdf').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// The practice's daily work (issue 15): contacts, notes, tasks, digests and calendar feeds,
// search, and client access (ethical walls).

/**
 * Who may see a restricted company besides the workspace's owners and admins: a member (`userId`)
 * or every member of a team (`teamId`). A company whose `access` is `everyone` has no rows here.
 */
export const companyAccess = pgTable(
  'company_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    teamId: text('team_id').references(() => team.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_access_company_idx').on(t.companyId),
    uniqueIndex('company_access_user_uq')
      .on(t.companyId, t.userId)
      .where(sql`user_id is not null`),
    uniqueIndex('company_access_team_uq')
      .on(t.companyId, t.teamId)
      .where(sql`team_id is not null`),
  ],
);

/** A person the firm deals with at a client company (not necessarily a stakeholder). */
export const contact = pgTable(
  'contact',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    name: text('name').notNull(),
    /** founder, ceo, cfo, hr, legal, board_member, investor, other (contracts). */
    function: text('function'),
    email: text('email'),
    phone: text('phone'),
    language: text('language'),
    notes: text('notes'),
    primary: boolean('primary').notNull().default(false),
    stakeholderId: uuid('stakeholder_id').references(() => stakeholder.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: searchVector(
      sql`coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')`,
    ),
  },
  (t) => [
    index('contact_company_idx').on(t.companyId, sql`lower(${t.name})`),
    uniqueIndex('contact_primary_uq')
      .on(t.companyId)
      .where(sql`"primary"`),
    index('contact_search_idx').using('gin', t.search),
  ],
);

/** An interaction with a client: a note, call, meeting or e-mail sent (body in Markdown). */
export const note = pgTable(
  'note',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    companyId: companyRef(),
    /** note, call, meeting, email. */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 }).notNull(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    grantId: uuid('grant_id').references(() => grant.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => equityPlan.id, { onDelete: 'set null' }),
    valuationId: uuid('valuation_id').references(() => valuation.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    deletedBy: deletedBy(),
    deletedByName: deletedByName(),
    search: searchVector(sql`body`),
  },
  (t) => [
    index('note_company_idx').on(t.companyId, t.occurredAt),
    index('note_search_idx').using('gin', t.search),
  ],
);

/** Who took part in an interaction: a contact of the company or a member of the workspace. */
export const noteParticipant = pgTable(
  'note_participant',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    noteId: uuid('note_id')
      .notNull()
      .references(() => note.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => contact.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** The name when it was recorded (a contact or member may leave). */
    name: text('name').notNull(),
  },
  (t) => [index('note_participant_note_idx').on(t.noteId)],
);

/** An earlier version of a note, kept when it is edited (newest `editedAt` last). */
export const noteRevision = pgTable(
  'note_revision',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    noteId: uuid('note_id')
      .notNull()
      .references(() => note.id, { onDelete: 'cascade' }),
    /** The note's fields before the edit: kind, body, occurredAt, pinned, links, participants. */
    snapshot: jsonb('snapshot').notNull(),
    editedBy: text('edited_by').references(() => user.id, { onDelete: 'set null' }),
    editedByName: text('edited_by_name').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('note_revision_note_idx').on(t.noteId, t.editedAt)],
);

/** A task of the practice, optionally about a company, grant, valuation or contact. */
export const task = pgTable(
  'task',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    title: text('title').notNull(),
    description: text('description'),
    dueDate: date('due_date', { mode: 'string' }),
    /** `HH:MM` in the app's time zone, only with a due date. */
    dueTime: text('due_time'),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    /** low, normal, high. */
    priority: text('priority').notNull().default('normal'),
    /** open, waiting, done. */
    status: text('status').notNull().default('open'),
    companyId: uuid('company_id').references(() => company.id, { onDelete: 'cascade' }),
    grantId: uuid('grant_id').references(() => grant.id, { onDelete: 'set null' }),
    valuationId: uuid('valuation_id').references(() => valuation.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references(() => contact.id, { onDelete: 'set null' }),
    /**
     * The computed deadline the task was made from (`cliff:<grantId>:<date>`, …): the practice view
     * shows it next to the deadline, and one deadline makes at most one task.
     */
    sourceKey: text('source_key'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: searchVector(sql`coalesce(title, '') || ' ' || coalesce(description, '')`),
  },
  (t) => [
    index('task_org_assignee_idx').on(t.organizationId, t.assigneeId, t.status, t.dueDate),
    index('task_company_idx').on(t.companyId),
    uniqueIndex('task_source_uq')
      .on(t.organizationId, t.sourceKey)
      .where(sql`source_key is not null`),
    index('task_search_idx').using('gin', t.search),
  ],
);

/** A user's reminder settings: the daily digest e-mail (on by default, at 07:30). */
export const userSetting = pgTable('user_setting', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  digestEnabled: boolean('digest_enabled').notNull().default(true),
  /** `HH:MM` in `APP_TIME_ZONE`. */
  digestTime: text('digest_time').notNull().default('07:30'),
  updatedAt: updatedAt(),
});

/**
 * The job queue (decision 030), on the same database as everything else: one row per run, its
 * `key` unique per kind (`<userId>:<date>` for a digest), so that however many app instances
 * enqueue a run it exists once, and one instance claims it (`FOR UPDATE SKIP LOCKED`).
 */
export const job = pgTable(
  'job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    /** pending, running, done, failed. */
    status: text('status').notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true, precision: 3 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** A running job whose lease ran out (its instance stopped) is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, precision: 3 }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('job_kind_key_uq').on(t.kind, t.key),
    index('job_due_idx')
      .on(t.runAt)
      .where(sql`status in ('pending', 'running')`),
  ],
);

/** A private calendar feed (ICS) of a user in a workspace; the URL's token is stored hashed. */
export const calendarFeed = pgTable(
  'calendar_feed',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the URL's token. */
    tokenHash: text('token_hash').notNull(),
    /** Routine vesting installments too (cliffs and deadlines always). */
    includeInstallments: boolean('include_installments').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('calendar_feed_token_uq').on(t.tokenHash),
    index('calendar_feed_user_idx').on(t.userId, t.organizationId),
  ],
);
