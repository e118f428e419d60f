ALTER TABLE "leads" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "booking_date" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "party_size" integer;