CREATE TABLE `competitor_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`kit_id` text NOT NULL,
	`competitor_id` text NOT NULL,
	`page_id` text NOT NULL,
	`period` text NOT NULL,
	`summary` text NOT NULL,
	`quotes` text NOT NULL,
	`importance` text DEFAULT 'normal' NOT NULL,
	`digested_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`competitor_id`) REFERENCES `competitors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`page_id`) REFERENCES `competitor_pages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `competitor_changes_kit_idx` ON `competitor_changes` (`kit_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `competitor_changes_page_idx` ON `competitor_changes` (`page_id`,`period`);--> statement-breakpoint
CREATE TABLE `competitor_pages` (
	`id` text PRIMARY KEY NOT NULL,
	`competitor_id` text NOT NULL,
	`kit_id` text NOT NULL,
	`url` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`state` text DEFAULT 'new' NOT NULL,
	`last_text` text,
	`seen_lines` text DEFAULT '[]' NOT NULL,
	`last_checked_at` integer,
	`last_changed_at` integer,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`competitor_id`) REFERENCES `competitors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `competitor_pages_competitor_url_idx` ON `competitor_pages` (`competitor_id`,`url`);--> statement-breakpoint
CREATE INDEX `competitor_pages_kit_idx` ON `competitor_pages` (`kit_id`);--> statement-breakpoint
CREATE TABLE `competitors` (
	`id` text PRIMARY KEY NOT NULL,
	`kit_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `competitors_kit_name_idx` ON `competitors` (`kit_id`,`name`);--> statement-breakpoint
CREATE TABLE `contact_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`admin_id` text,
	`body` text NOT NULL,
	`email_message_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contact_replies_message_idx` ON `contact_replies` (`message_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `content_pieces` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kit_id` text,
	`period` text NOT NULL,
	`slot` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`facts` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_pieces_user_period_slot_idx` ON `content_pieces` (`user_id`,`period`,`slot`);--> statement-breakpoint
CREATE INDEX `content_pieces_kit_idx` ON `content_pieces` (`kit_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `strategy_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`kit_id` text NOT NULL,
	`period` text NOT NULL,
	`figures` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `strategy_reviews_kit_period_idx` ON `strategy_reviews` (`kit_id`,`period`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `user_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `pro` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `replied_at` integer;--> statement-breakpoint
CREATE INDEX `contact_messages_inbox_idx` ON `contact_messages` (`handled`,`pro`,`created_at`);--> statement-breakpoint
ALTER TABLE `landing_pages` ADD `seo_title` text;--> statement-breakpoint
ALTER TABLE `landing_pages` ADD `seo_description` text;