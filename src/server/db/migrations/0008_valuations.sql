CREATE TABLE "grant_settlement" (
	"exercise_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"grant_id" uuid NOT NULL,
	"valuation_id" uuid,
	"fmv_per_share" numeric(28, 10) NOT NULL,
	"base_price" numeric(28, 10),
	"amount" numeric(28, 10) NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "valuation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"effective_date" date NOT NULL,
	"purpose" text NOT NULL,
	"method" text NOT NULL,
	"provider" text,
	"currency" text NOT NULL,
	"enterprise_value" numeric(28, 10) NOT NULL,
	"debt" numeric(28, 10) NOT NULL,
	"cash" numeric(28, 10) NOT NULL,
	"fully_diluted_shares" bigint NOT NULL,
	"fully_diluted_shares_derived" boolean DEFAULT false NOT NULL,
	"preferred_price_per_share" numeric(28, 10),
	"common_value_per_share" numeric(28, 10),
	"dlom_percent" numeric(28, 10) NOT NULL,
	"share_class_id" uuid,
	"material_event_date" date,
	"valid_until" date NOT NULL,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "valuation_report" (
	"valuation_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"uploaded_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grant_settlement" ADD CONSTRAINT "grant_settlement_exercise_id_grant_exercise_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."grant_exercise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_settlement" ADD CONSTRAINT "grant_settlement_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_settlement" ADD CONSTRAINT "grant_settlement_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_settlement" ADD CONSTRAINT "grant_settlement_grant_id_grant_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_settlement" ADD CONSTRAINT "grant_settlement_valuation_id_valuation_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."valuation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation" ADD CONSTRAINT "valuation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation" ADD CONSTRAINT "valuation_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation" ADD CONSTRAINT "valuation_share_class_id_share_class_id_fk" FOREIGN KEY ("share_class_id") REFERENCES "public"."share_class"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_report" ADD CONSTRAINT "valuation_report_valuation_id_valuation_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."valuation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_report" ADD CONSTRAINT "valuation_report_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_report" ADD CONSTRAINT "valuation_report_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "valuation_company_date_idx" ON "valuation" USING btree ("company_id","effective_date","created_at");--> statement-breakpoint
CREATE INDEX "valuation_org_valid_idx" ON "valuation" USING btree ("organization_id","valid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "valuation_company_date_purpose_class_uq" ON "valuation" USING btree ("company_id","effective_date","purpose",coalesce("share_class_id", '00000000-0000-0000-0000-000000000000'::uuid));