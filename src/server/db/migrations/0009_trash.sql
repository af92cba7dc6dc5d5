DROP INDEX "equity_plan_company_name_uq";--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "deleted_by_name" text;--> statement-breakpoint
ALTER TABLE "equity_plan" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "equity_plan" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "equity_plan" ADD COLUMN "deleted_by_name" text;--> statement-breakpoint
ALTER TABLE "grant" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "grant" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "grant" ADD COLUMN "deleted_by_name" text;--> statement-breakpoint
ALTER TABLE "grant" ADD COLUMN "trashed_with" uuid;--> statement-breakpoint
ALTER TABLE "stakeholder" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "stakeholder" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "stakeholder" ADD COLUMN "deleted_by_name" text;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equity_plan" ADD CONSTRAINT "equity_plan_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant" ADD CONSTRAINT "grant_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakeholder" ADD CONSTRAINT "stakeholder_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_trash_idx" ON "company" USING btree ("organization_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "equity_plan_trash_idx" ON "equity_plan" USING btree ("organization_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "grant_trash_idx" ON "grant" USING btree ("organization_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "stakeholder_trash_idx" ON "stakeholder" USING btree ("organization_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "equity_plan_company_name_uq" ON "equity_plan" USING btree ("company_id",lower("name")) WHERE deleted_at is null;