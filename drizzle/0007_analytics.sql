CREATE TABLE `analytics_hourly` (
	`page_id` text NOT NULL,
	`hour` integer NOT NULL,
	`origin` text NOT NULL,
	`variant` text DEFAULT '' NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`medium` text DEFAULT '' NOT NULL,
	`campaign` text DEFAULT '' NOT NULL,
	`device` text DEFAULT '' NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	`leads` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`page_id`, `hour`, `origin`, `variant`, `source`, `medium`, `campaign`, `device`)
);
--> statement-breakpoint
CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `analytics_visitors` (
	`day` text NOT NULL,
	`page_id` text NOT NULL,
	`visitor` text NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`medium` text DEFAULT '' NOT NULL,
	`campaign` text DEFAULT '' NOT NULL,
	`device` text DEFAULT '' NOT NULL,
	`variant` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`day`, `page_id`, `visitor`)
);
--> statement-breakpoint
CREATE TABLE `experiments` (
	`id` text PRIMARY KEY NOT NULL,
	`kit_id` text NOT NULL,
	`page_id` text NOT NULL,
	`field` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`control` text NOT NULL,
	`variants` text NOT NULL,
	`applied_key` text,
	`started_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`stopped_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `experiments_kit_idx` ON `experiments` (`kit_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `experiments_running_page_idx` ON `experiments` (`page_id`) WHERE status = 'running';--> statement-breakpoint
ALTER TABLE `leads` ADD `variant` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `source` text;