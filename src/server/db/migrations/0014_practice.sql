-- Search (issue 15): the `simple` configuration plus `unaccent`, so that `Müller` finds `Muller`
-- and no language's stemming gets in the way of names; the same on PostgreSQL and PGlite.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
DO $$ BEGIN
  CREATE TEXT SEARCH CONFIGURATION simple_unaccent (COPY = simple);
EXCEPTION WHEN unique_violation THEN NULL;
END $$;--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION simple_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;--> statement-breakpoint
CREATE TABLE "calendar_feed" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"include_installments" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "company_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text,
	"team_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"function" text,
	"email" text,
	"phone" text,
	"language" text,
	"notes" text,
	"primary" boolean DEFAULT false NOT NULL,
	"stakeholder_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple_unaccent'::regconfig, coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp (3) with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"grant_id" uuid,
	"plan_id" uuid,
	"valuation_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	"deleted_by" text,
	"deleted_by_name" text,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple_unaccent'::regconfig, body)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note_participant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"contact_id" uuid,
	"user_id" text,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note_revision" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"snapshot" jsonb NOT NULL,
	"edited_by" text,
	"edited_by_name" text NOT NULL,
	"edited_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"due_date" date,
	"due_time" text,
	"assignee_id" text,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"company_id" uuid,
	"grant_id" uuid,
	"valuation_id" uuid,
	"contact_id" uuid,
	"source_key" text,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple_unaccent'::regconfig, coalesce(title, '') || ' ' || coalesce(description, ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_setting" (
	"user_id" text PRIMARY KEY NOT NULL,
	"digest_enabled" boolean DEFAULT true NOT NULL,
	"digest_time" text DEFAULT '07:30' NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "access" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple_unaccent'::regconfig, coalesce(company_name, '') || ' ' || coalesce(city, '') || ' ' || coalesce(vat, '') || ' ' || coalesce(registration_number, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "stakeholder" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple_unaccent'::regconfig, coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(employee_id, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feed" ADD CONSTRAINT "calendar_feed_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed" ADD CONSTRAINT "calendar_feed_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_access" ADD CONSTRAINT "company_access_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_access" ADD CONSTRAINT "company_access_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_access" ADD CONSTRAINT "company_access_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_access" ADD CONSTRAINT "company_access_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact" ADD CONSTRAINT "contact_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact" ADD CONSTRAINT "contact_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact" ADD CONSTRAINT "contact_stakeholder_id_stakeholder_id_fk" FOREIGN KEY ("stakeholder_id") REFERENCES "public"."stakeholder"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_grant_id_grant_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grant"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_plan_id_equity_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."equity_plan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_valuation_id_valuation_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."valuation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_participant" ADD CONSTRAINT "note_participant_note_id_note_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."note"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_participant" ADD CONSTRAINT "note_participant_contact_id_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contact"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_participant" ADD CONSTRAINT "note_participant_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_revision" ADD CONSTRAINT "note_revision_note_id_note_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."note"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_revision" ADD CONSTRAINT "note_revision_edited_by_user_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_grant_id_grant_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grant"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_valuation_id_valuation_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."valuation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_contact_id_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contact"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_setting" ADD CONSTRAINT "user_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_token_uq" ON "calendar_feed" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "calendar_feed_user_idx" ON "calendar_feed" USING btree ("user_id","organization_id");--> statement-breakpoint
CREATE INDEX "company_access_company_idx" ON "company_access" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_access_user_uq" ON "company_access" USING btree ("company_id","user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_access_team_uq" ON "company_access" USING btree ("company_id","team_id") WHERE team_id is not null;--> statement-breakpoint
CREATE INDEX "contact_company_idx" ON "contact" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "contact_primary_uq" ON "contact" USING btree ("company_id") WHERE "primary";--> statement-breakpoint
CREATE INDEX "contact_search_idx" ON "contact" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "job_kind_key_uq" ON "job" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "job_due_idx" ON "job" USING btree ("run_at") WHERE status in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "note_company_idx" ON "note" USING btree ("company_id","occurred_at");--> statement-breakpoint
CREATE INDEX "note_search_idx" ON "note" USING gin ("search");--> statement-breakpoint
CREATE INDEX "note_participant_note_idx" ON "note_participant" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "note_revision_note_idx" ON "note_revision" USING btree ("note_id","edited_at");--> statement-breakpoint
CREATE INDEX "task_org_assignee_idx" ON "task" USING btree ("organization_id","assignee_id","status","due_date");--> statement-breakpoint
CREATE INDEX "task_company_idx" ON "task" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_source_uq" ON "task" USING btree ("organization_id","source_key") WHERE source_key is not null;--> statement-breakpoint
CREATE INDEX "task_search_idx" ON "task" USING gin ("search");--> statement-breakpoint
CREATE INDEX "company_search_idx" ON "company" USING gin ("search");--> statement-breakpoint
CREATE INDEX "stakeholder_search_idx" ON "stakeholder" USING gin ("search");