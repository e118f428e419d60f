CREATE TABLE `kit_download_links` (
	`id` text PRIMARY KEY NOT NULL,
	`kit_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `kit_download_links_kit_idx` ON `kit_download_links` (`kit_id`);--> statement-breakpoint
CREATE TABLE `landing_pages` (
	`kit_id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`indexable` integer DEFAULT false NOT NULL,
	`notify_leads` integer DEFAULT false NOT NULL,
	`download_url` text,
	`custom_domain` text,
	`published_at` integer,
	`taken_down_at` integer,
	`takedown_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `landing_pages_slug_unique` ON `landing_pages` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `landing_pages_custom_domain_unique` ON `landing_pages` (`custom_domain`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`kit_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`preferred_time` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leads_kit_email_idx` ON `leads` (`kit_id`,`email`);--> statement-breakpoint
CREATE INDEX `leads_kit_created_idx` ON `leads` (`kit_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `plan_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`from_plan` text NOT NULL,
	`to_plan` text NOT NULL,
	`source` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `plan_changes_user_idx` ON `plan_changes` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `regeneration_usage` (
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `month`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `users` ADD `plan` text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `plan_status` text;--> statement-breakpoint
ALTER TABLE `users` ADD `plan_ends_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `stripe_customer_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `stripe_subscription_id` text;