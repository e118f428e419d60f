CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reserved_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"released_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_runs" (
	"name" text NOT NULL,
	"period" text NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "scheduled_runs_name_period_pk" PRIMARY KEY("name","period")
);
--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "page_id" text;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "pending_domain" text;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "domain_token" text;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "domain_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "domain_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "domain_failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reserved_slugs" ADD CONSTRAINT "reserved_slugs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "landing_pages_page_id_idx" ON "landing_pages" USING btree ("page_id");--> statement-breakpoint
UPDATE "landing_pages" SET "page_id" = replace(gen_random_uuid()::text, '-', '') WHERE "page_id" IS NULL;--> statement-breakpoint
UPDATE "landing_pages" SET "domain_token" = replace(gen_random_uuid()::text, '-', ''), "domain_failing_since" = clock_timestamp() WHERE "custom_domain" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "email_confirmed_at" = "created_at" WHERE "email_confirmed_at" IS NULL;
