CREATE TABLE "vesting_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"terms" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vesting_template" ADD CONSTRAINT "vesting_template_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vesting_template_org_name_uq" ON "vesting_template" USING btree ("organization_id",lower("name"));--> statement-breakpoint
ALTER TABLE "equity_plan" ADD CONSTRAINT "equity_plan_default_vesting_template_id_vesting_template_id_fk" FOREIGN KEY ("default_vesting_template_id") REFERENCES "public"."vesting_template"("id") ON DELETE restrict ON UPDATE no action;