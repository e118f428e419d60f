CREATE TABLE "press_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"kit_id" text NOT NULL,
	"email_message_id" text NOT NULL,
	"reply_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "press_messages_email_message_id_unique" UNIQUE("email_message_id")
);
--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "press_role" text;--> statement-breakpoint
ALTER TABLE "launch_kits" ADD COLUMN "understanding" json;--> statement-breakpoint
ALTER TABLE "press_messages" ADD CONSTRAINT "press_messages_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "press_messages_kit_idx" ON "press_messages" USING btree ("kit_id","created_at");