CREATE TABLE `app_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reserved_slugs` (
	`slug` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`released_until` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `scheduled_runs` (
	`name` text NOT NULL,
	`period` text NOT NULL,
	`done_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`name`, `period`)
);
--> statement-breakpoint
ALTER TABLE `landing_pages` ADD `page_id` text;--> statement-breakpoint
ALTER TABLE `landing_pages` ADD `pending_domain` text;--> statement-breakpoint
ALTER TABLE `landing_pages` ADD `domain_token` text;--> statement-breakpoint
ALTER TABLE `landing_pages` ADD `domain_verified_at` integer;--> statement-breakpoint
ALTER TABLE `landing_pages` ADD `domain_checked_at` integer;--> statement-breakpoint
ALTER TABLE `landing_pages` ADD `domain_failing_since` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `landing_pages_page_id_idx` ON `landing_pages` (`page_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `email_confirmed_at` integer;--> statement-breakpoint
UPDATE `landing_pages` SET `page_id` = lower(hex(randomblob(12))) WHERE `page_id` IS NULL;--> statement-breakpoint
UPDATE `landing_pages` SET `domain_token` = lower(hex(randomblob(16))), `domain_failing_since` = cast(unixepoch('subsec') * 1000 as integer) WHERE `custom_domain` IS NOT NULL;--> statement-breakpoint
UPDATE `users` SET `email_confirmed_at` = `created_at` WHERE `email_confirmed_at` IS NULL;
