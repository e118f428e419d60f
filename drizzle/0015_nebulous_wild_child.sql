ALTER TABLE `analytics_addresses` ADD `leads` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `analytics_visitors` ADD `counted` integer DEFAULT false NOT NULL;