CREATE TABLE "user_avatar" (
	"user_id" text PRIMARY KEY NOT NULL,
	"png" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_avatar" ADD CONSTRAINT "user_avatar_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;