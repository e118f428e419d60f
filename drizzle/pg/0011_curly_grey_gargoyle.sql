ALTER TABLE "analytics_addresses" ADD COLUMN "leads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_visitors" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;