CREATE TABLE "company_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"stakeholder_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"quantity" bigint NOT NULL,
	"exercise_price" numeric(28, 10),
	"currency" text NOT NULL,
	"grant_date" date NOT NULL,
	"vesting_start_date" date NOT NULL,
	"template_id" uuid,
	"terms" jsonb NOT NULL,
	"expiry_date" date,
	"offer_date" date,
	"acceptance_date" date,
	"tax_at_exercise" boolean DEFAULT false NOT NULL,
	"tax_election_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"termination_date" date,
	"leaver_type" text,
	"termination_reason" text,
	"cancelled_date" date,
	"cancellation_reason" text,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grant_exercise" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"grant_id" uuid NOT NULL,
	"date" date NOT NULL,
	"quantity" bigint NOT NULL,
	"share_event_id" uuid,
	"receipt_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_event" ADD CONSTRAINT "company_event_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_event" ADD CONSTRAINT "company_event_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant" ADD CONSTRAINT "grant_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant" ADD CONSTRAINT "grant_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant" ADD CONSTRAINT "grant_stakeholder_id_stakeholder_id_fk" FOREIGN KEY ("stakeholder_id") REFERENCES "public"."stakeholder"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant" ADD CONSTRAINT "grant_plan_id_equity_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."equity_plan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant" ADD CONSTRAINT "grant_template_id_vesting_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."vesting_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_exercise" ADD CONSTRAINT "grant_exercise_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_exercise" ADD CONSTRAINT "grant_exercise_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_exercise" ADD CONSTRAINT "grant_exercise_grant_id_grant_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grant"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_exercise" ADD CONSTRAINT "grant_exercise_share_event_id_share_event_id_fk" FOREIGN KEY ("share_event_id") REFERENCES "public"."share_event"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_exercise" ADD CONSTRAINT "grant_exercise_receipt_id_depositary_receipt_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."depositary_receipt"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_event_company_idx" ON "company_event" USING btree ("company_id","type","date");--> statement-breakpoint
CREATE INDEX "grant_company_idx" ON "grant" USING btree ("company_id","grant_date");--> statement-breakpoint
CREATE INDEX "grant_plan_idx" ON "grant" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "grant_exercise_grant_idx" ON "grant_exercise" USING btree ("grant_id","date");