CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kit_id` text NOT NULL,
	`step` text NOT NULL,
	`salt` text DEFAULT '' NOT NULL,
	`priority` integer DEFAULT 0 NOT NULL,
	`order_key` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`locked_by` text,
	`lease_until` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `jobs_order_idx` ON `jobs` (`priority`,`order_key`);--> statement-breakpoint
CREATE INDEX `jobs_kit_idx` ON `jobs` (`kit_id`);--> statement-breakpoint
CREATE TABLE `rate_limit_hits` (
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_key_at_idx` ON `rate_limit_hits` (`key`,`at`);