CREATE TABLE "competitor_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"kit_id" text NOT NULL,
	"competitor_id" text NOT NULL,
	"page_id" text NOT NULL,
	"period" text NOT NULL,
	"summary" text NOT NULL,
	"quotes" json NOT NULL,
	"importance" text DEFAULT 'normal' NOT NULL,
	"digested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitor_pages" (
	"id" text PRIMARY KEY NOT NULL,
	"competitor_id" text NOT NULL,
	"kit_id" text NOT NULL,
	"url" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"last_text" text,
	"seen_lines" json DEFAULT '[]'::json NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_changed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitors" (
	"id" text PRIMARY KEY NOT NULL,
	"kit_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"admin_id" text,
	"body" text NOT NULL,
	"email_message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pieces" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kit_id" text,
	"period" text NOT NULL,
	"slot" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"facts" json,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"kit_id" text NOT NULL,
	"period" text NOT NULL,
	"figures" json NOT NULL,
	"body" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "pro" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "competitor_changes" ADD CONSTRAINT "competitor_changes_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_changes" ADD CONSTRAINT "competitor_changes_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_changes" ADD CONSTRAINT "competitor_changes_page_id_competitor_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."competitor_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_pages" ADD CONSTRAINT "competitor_pages_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_pages" ADD CONSTRAINT "competitor_pages_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitors" ADD CONSTRAINT "competitors_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_pieces" ADD CONSTRAINT "content_pieces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_pieces" ADD CONSTRAINT "content_pieces_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_reviews" ADD CONSTRAINT "strategy_reviews_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitor_changes_kit_idx" ON "competitor_changes" USING btree ("kit_id","created_at");--> statement-breakpoint
CREATE INDEX "competitor_changes_page_idx" ON "competitor_changes" USING btree ("page_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "competitor_pages_competitor_url_idx" ON "competitor_pages" USING btree ("competitor_id","url");--> statement-breakpoint
CREATE INDEX "competitor_pages_kit_idx" ON "competitor_pages" USING btree ("kit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competitors_kit_name_idx" ON "competitors" USING btree ("kit_id","name");--> statement-breakpoint
CREATE INDEX "contact_replies_message_idx" ON "contact_replies" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_pieces_user_period_slot_idx" ON "content_pieces" USING btree ("user_id","period","slot");--> statement-breakpoint
CREATE INDEX "content_pieces_kit_idx" ON "content_pieces" USING btree ("kit_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_reviews_kit_period_idx" ON "strategy_reviews" USING btree ("kit_id","period");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_inbox_idx" ON "contact_messages" USING btree ("handled","pro","created_at");