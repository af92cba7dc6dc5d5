import { sql } from 'drizzle-orm';
import { customType, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth-schema';

export * from './auth-schema';

// Millisecond precision so that a timestamp survives the round trip through a JS Date
// (keyset cursors carry it).
const createdAt = () =>
  timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
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
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_event_entity_idx').on(t.organizationId, t.entityType, t.entityId, t.createdAt),
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
