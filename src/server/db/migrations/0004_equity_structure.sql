CREATE TABLE "depositary_receipt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"stak_stakeholder_id" uuid NOT NULL,
	"share_class_id" uuid NOT NULL,
	"holder_stakeholder_id" uuid NOT NULL,
	"receipt_count" bigint NOT NULL,
	"date" date NOT NULL,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equity_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"plan_type" text NOT NULL,
	"share_class_id" uuid,
	"stak_stakeholder_id" uuid,
	"pool_size" bigint NOT NULL,
	"currency" text NOT NULL,
	"board_approval_date" date,
	"shareholder_approval_date" date,
	"default_vesting_template_id" uuid,
	"exercise_window_months" integer,
	"leaver_policy" jsonb NOT NULL,
	"acceleration" jsonb NOT NULL,
	"forfeited_to" text NOT NULL,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_adjustment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"date" date NOT NULL,
	"share_count" bigint NOT NULL,
	"reason" text,
	"approval_date" date,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_class" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"class_type" text NOT NULL,
	"nominal_value" numeric(28, 10) NOT NULL,
	"currency" text NOT NULL,
	"votes_per_share" numeric(28, 10) NOT NULL,
	"liquidation_preference_multiple" numeric(28, 10) NOT NULL,
	"participating" boolean DEFAULT false NOT NULL,
	"participation_cap_multiple" numeric(28, 10),
	"seniority" integer DEFAULT 1 NOT NULL,
	"shares_authorized" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"date" date NOT NULL,
	"share_class_id" uuid NOT NULL,
	"share_count" bigint NOT NULL,
	"from_stakeholder_id" uuid,
	"to_stakeholder_id" uuid,
	"first_share_number" bigint,
	"last_share_number" bigint,
	"price_per_share" numeric(28, 10),
	"currency" text,
	"deed_date" date,
	"notary" text,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stakeholder" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"email" text,
	"phone" text,
	"street" text,
	"postal" text,
	"city" text,
	"country" text,
	"tax_country" text,
	"employee_id" text,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_event" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "incorporation_date" date;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "responsible_user_id" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "depositary_receipt" ADD CONSTRAINT "depositary_receipt_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depositary_receipt" ADD CONSTRAINT "depositary_receipt_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depositary_receipt" ADD CONSTRAINT "depositary_receipt_stak_stakeholder_id_stakeholder_id_fk" FOREIGN KEY ("stak_stakeholder_id") REFERENCES "public"."stakeholder"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depositary_receipt" ADD CONSTRAINT "depositary_receipt_share_class_id_share_class_id_fk" FOREIGN KEY ("share_class_id") REFERENCES "public"."share_class"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depositary_receipt" ADD CONSTRAINT "depositary_receipt_holder_stakeholder_id_stakeholder_id_fk" FOREIGN KEY ("holder_stakeholder_id") REFERENCES "public"."stakeholder"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equity_plan" ADD CONSTRAINT "equity_plan_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equity_plan" ADD CONSTRAINT "equity_plan_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equity_plan" ADD CONSTRAINT "equity_plan_share_class_id_share_class_id_fk" FOREIGN KEY ("share_class_id") REFERENCES "public"."share_class"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equity_plan" ADD CONSTRAINT "equity_plan_stak_stakeholder_id_stakeholder_id_fk" FOREIGN KEY ("stak_stakeholder_id") REFERENCES "public"."stakeholder"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_adjustment" ADD CONSTRAINT "pool_adjustment_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_adjustment" ADD CONSTRAINT "pool_adjustment_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_adjustment" ADD CONSTRAINT "pool_adjustment_plan_id_equity_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."equity_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_class" ADD CONSTRAINT "share_class_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_class" ADD CONSTRAINT "share_class_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_event" ADD CONSTRAINT "share_event_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_event" ADD CONSTRAINT "share_event_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_event" ADD CONSTRAINT "share_event_share_class_id_share_class_id_fk" FOREIGN KEY ("share_class_id") REFERENCES "public"."share_class"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_event" ADD CONSTRAINT "share_event_from_stakeholder_id_stakeholder_id_fk" FOREIGN KEY ("from_stakeholder_id") REFERENCES "public"."stakeholder"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_event" ADD CONSTRAINT "share_event_to_stakeholder_id_stakeholder_id_fk" FOREIGN KEY ("to_stakeholder_id") REFERENCES "public"."stakeholder"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakeholder" ADD CONSTRAINT "stakeholder_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakeholder" ADD CONSTRAINT "stakeholder_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "depositary_receipt_company_idx" ON "depositary_receipt" USING btree ("company_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "equity_plan_company_name_uq" ON "equity_plan" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "pool_adjustment_plan_idx" ON "pool_adjustment" USING btree ("plan_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "share_class_company_name_uq" ON "share_class" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "share_event_company_date_idx" ON "share_event" USING btree ("company_id","date","created_at");--> statement-breakpoint
CREATE INDEX "stakeholder_company_name_idx" ON "stakeholder" USING btree ("company_id",lower("name"),"id");--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_responsible_user_id_user_id_fk" FOREIGN KEY ("responsible_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_event_company_idx" ON "audit_event" USING btree ("organization_id","company_id","created_at");--> statement-breakpoint
-- Company events written before audit rows carried their company.
UPDATE "audit_event" SET "company_id" = "entity_id"::uuid WHERE "entity_type" = 'company' AND "company_id" IS NULL;
