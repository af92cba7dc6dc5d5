CREATE TABLE "document_file" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"zip" "bytea",
	"error" jsonb,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_setting" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_signed_copy" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"uploaded_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"docx" "bytea" NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"uploaded_by" text,
	"uploaded_by_name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generated_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"template_id" uuid,
	"template_version" integer,
	"grant_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stakeholder_id" uuid,
	"stakeholder_name" text,
	"exercise_id" uuid,
	"as_of" date,
	"job_id" uuid,
	"sent_at" date,
	"signed_at" date,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stakeholder" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "document_file" ADD CONSTRAINT "document_file_document_id_generated_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."generated_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_job" ADD CONSTRAINT "document_job_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_job" ADD CONSTRAINT "document_job_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_job" ADD CONSTRAINT "document_job_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_setting" ADD CONSTRAINT "document_setting_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signed_copy" ADD CONSTRAINT "document_signed_copy_document_id_generated_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."generated_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signed_copy" ADD CONSTRAINT "document_signed_copy_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_template" ADD CONSTRAINT "document_template_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_template" ADD CONSTRAINT "document_template_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_document" ADD CONSTRAINT "generated_document_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_document" ADD CONSTRAINT "generated_document_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_document" ADD CONSTRAINT "generated_document_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_document" ADD CONSTRAINT "generated_document_template_id_document_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_document" ADD CONSTRAINT "generated_document_stakeholder_id_stakeholder_id_fk" FOREIGN KEY ("stakeholder_id") REFERENCES "public"."stakeholder"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_document" ADD CONSTRAINT "generated_document_exercise_id_grant_exercise_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."grant_exercise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_document" ADD CONSTRAINT "generated_document_job_id_document_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."document_job"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_job_company_idx" ON "document_job" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_template_version_uq" ON "document_template" USING btree ("organization_id","kind","language","version");--> statement-breakpoint
CREATE UNIQUE INDEX "document_template_active_uq" ON "document_template" USING btree ("organization_id","kind","language") WHERE active;--> statement-breakpoint
CREATE INDEX "generated_document_company_idx" ON "generated_document" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "generated_document_grants_idx" ON "generated_document" USING gin ("grant_ids");