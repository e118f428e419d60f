CREATE TABLE "analytics_addresses" (
	"day" text NOT NULL,
	"page_id" text NOT NULL,
	"address" text NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_addresses_day_page_id_address_pk" PRIMARY KEY("day","page_id","address")
);
--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD COLUMN "content" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hourly" DROP CONSTRAINT "analytics_hourly_page_id_hour_origin_variant_source_medium_campaign_device_pk";--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD CONSTRAINT "analytics_hourly_page_id_hour_origin_variant_source_medium_campaign_content_device_pk" PRIMARY KEY("page_id","hour","origin","variant","source","medium","campaign","content","device");--> statement-breakpoint
ALTER TABLE "analytics_visitors" ADD COLUMN "content" text DEFAULT '' NOT NULL;