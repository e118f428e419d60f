CREATE TABLE "email_broadcasts" (
	"id" text PRIMARY KEY NOT NULL,
	"kit_id" text NOT NULL,
	"subject" text NOT NULL,
	"preview" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_enrolments" (
	"lead_id" text PRIMARY KEY NOT NULL,
	"kit_id" text NOT NULL,
	"status" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"last_order_key" double precision DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "email_enrolments_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "email_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"lead_id" text NOT NULL,
	"kit_id" text NOT NULL,
	"key" text NOT NULL,
	"step_id" text,
	"broadcast_id" text,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"first_attempt_at" timestamp with time zone,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "email_sends_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "email_sequences" (
	"kit_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"double_opt_in" boolean DEFAULT false NOT NULL,
	"postal_address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_steps" (
	"id" text PRIMARY KEY NOT NULL,
	"kit_id" text NOT NULL,
	"order_key" double precision NOT NULL,
	"subject" text NOT NULL,
	"preview" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"delay_value" integer DEFAULT 0 NOT NULL,
	"delay_unit" text DEFAULT 'days' NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"kit_id" text NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "email_suppressions_kit_id_email_pk" PRIMARY KEY("kit_id","email")
);
--> statement-breakpoint
ALTER TABLE "email_broadcasts" ADD CONSTRAINT "email_broadcasts_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_enrolments" ADD CONSTRAINT "email_enrolments_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_enrolments" ADD CONSTRAINT "email_enrolments_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sequences" ADD CONSTRAINT "email_sequences_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_steps" ADD CONSTRAINT "email_steps_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_broadcasts_due_idx" ON "email_broadcasts" USING btree ("status","send_at");--> statement-breakpoint
CREATE INDEX "email_broadcasts_kit_idx" ON "email_broadcasts" USING btree ("kit_id","created_at");--> statement-breakpoint
CREATE INDEX "email_enrolments_due_idx" ON "email_enrolments" USING btree ("status","next_at");--> statement-breakpoint
CREATE INDEX "email_enrolments_kit_idx" ON "email_enrolments" USING btree ("kit_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_sends_lead_key_idx" ON "email_sends" USING btree ("lead_id","key");--> statement-breakpoint
CREATE INDEX "email_sends_due_idx" ON "email_sends" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_steps_kit_order_idx" ON "email_steps" USING btree ("kit_id","order_key");