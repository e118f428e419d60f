CREATE TABLE `analytics_addresses` (
	`day` text NOT NULL,
	`page_id` text NOT NULL,
	`address` text NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `page_id`, `address`)
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_analytics_hourly` (
	`page_id` text NOT NULL,
	`hour` integer NOT NULL,
	`origin` text NOT NULL,
	`variant` text DEFAULT '' NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`medium` text DEFAULT '' NOT NULL,
	`campaign` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`device` text DEFAULT '' NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	`leads` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`page_id`, `hour`, `origin`, `variant`, `source`, `medium`, `campaign`, `content`, `device`)
);
--> statement-breakpoint
INSERT INTO `__new_analytics_hourly`("page_id", "hour", "origin", "variant", "source", "medium", "campaign", "content", "device", "views", "visitors", "leads") SELECT "page_id", "hour", "origin", "variant", "source", "medium", "campaign", '', "device", "views", "visitors", "leads" FROM `analytics_hourly`;--> statement-breakpoint
DROP TABLE `analytics_hourly`;--> statement-breakpoint
ALTER TABLE `__new_analytics_hourly` RENAME TO `analytics_hourly`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `analytics_visitors` ADD `content` text DEFAULT '' NOT NULL;