CREATE TABLE "kit_facts" (
	"kit_id" text PRIMARY KEY NOT NULL,
	"facts" json NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kit_facts" ADD CONSTRAINT "kit_facts_kit_id_launch_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."launch_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "kit_facts" ("kit_id", "facts") SELECT "id", "understanding" FROM "launch_kits" WHERE "understanding" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "launch_kits" DROP COLUMN "understanding";