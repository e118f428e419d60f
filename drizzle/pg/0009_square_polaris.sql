CREATE TABLE "waitlist_entries" (
	"lead_id" text PRIMARY KEY NOT NULL,
	"kit_id" text NOT NULL,
	"code" text NOT NULL,
	"referred_by" text,
	"mailbox" text NOT NULL,
	"visitor_hash" text,
	"address_key" text,
	"disposable" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"counted" boolean DEFAULT false NOT NULL,
	"reason" text,
	"disqualified_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "waitlist_entries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "waitlists" (
	"kit_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"places_per_referral" integer DEFAULT 5 NOT NULL,
	"referrals_per_address" integer DEFAULT 3 NOT NULL,
	"rewards" json NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_referred_by_leads_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlists" ADD CONSTRAINT "waitlists_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_kit_confirmed_idx" ON "waitlist_entries" USING btree ("kit_id","confirmed_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_referrer_idx" ON "waitlist_entries" USING btree ("referred_by");--> statement-breakpoint
CREATE INDEX "waitlist_entries_kit_mailbox_idx" ON "waitlist_entries" USING btree ("kit_id","mailbox");