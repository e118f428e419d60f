CREATE TABLE `waitlist_entries` (
	`lead_id` text PRIMARY KEY NOT NULL,
	`kit_id` text NOT NULL,
	`code` text NOT NULL,
	`referred_by` text,
	`mailbox` text NOT NULL,
	`visitor_hash` text,
	`address_key` text,
	`disposable` integer DEFAULT false NOT NULL,
	`confirmed_at` integer,
	`counted` integer DEFAULT false NOT NULL,
	`reason` text,
	`disqualified_at` integer,
	`invited_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referred_by`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_code_unique` ON `waitlist_entries` (`code`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_kit_confirmed_idx` ON `waitlist_entries` (`kit_id`,`confirmed_at`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_referrer_idx` ON `waitlist_entries` (`referred_by`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_kit_mailbox_idx` ON `waitlist_entries` (`kit_id`,`mailbox`);--> statement-breakpoint
CREATE TABLE `waitlists` (
	`kit_id` text PRIMARY KEY NOT NULL,
	`enabled` integer NOT NULL,
	`places_per_referral` integer DEFAULT 5 NOT NULL,
	`referrals_per_address` integer DEFAULT 3 NOT NULL,
	`rewards` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
