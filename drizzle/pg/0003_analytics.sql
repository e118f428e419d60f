CREATE TABLE "analytics_hourly" (
	"page_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"origin" text NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_hourly_page_id_hour_origin_variant_source_medium_campaign_device_pk" PRIMARY KEY("page_id","hour","origin","variant","source","medium","campaign","device")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visitors" (
	"day" text NOT NULL,
	"page_id" text NOT NULL,
	"visitor" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	CONSTRAINT "analytics_visitors_day_page_id_visitor_pk" PRIMARY KEY("day","page_id","visitor")
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" text PRIMARY KEY NOT NULL,
	"kit_id" text NOT NULL,
	"page_id" text NOT NULL,
	"field" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"control" text NOT NULL,
	"variants" json NOT NULL,
	"applied_key" text,
	"started_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "experiments_kit_idx" ON "experiments" USING btree ("kit_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_running_page_idx" ON "experiments" USING btree ("page_id") WHERE status = 'running';