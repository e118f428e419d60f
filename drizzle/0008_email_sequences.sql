CREATE TABLE `email_broadcasts` (
	`id` text PRIMARY KEY NOT NULL,
	`kit_id` text NOT NULL,
	`subject` text NOT NULL,
	`preview` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	`send_at` integer NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`recipients` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_broadcasts_due_idx` ON `email_broadcasts` (`status`,`send_at`);--> statement-breakpoint
CREATE INDEX `email_broadcasts_kit_idx` ON `email_broadcasts` (`kit_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_enrolments` (
	`lead_id` text PRIMARY KEY NOT NULL,
	`kit_id` text NOT NULL,
	`status` text NOT NULL,
	`unsubscribe_token` text NOT NULL,
	`last_order_key` real DEFAULT 0 NOT NULL,
	`last_sent_at` integer,
	`started_at` integer,
	`confirmed_at` integer,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`next_at` integer,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_enrolments_unsubscribe_token_unique` ON `email_enrolments` (`unsubscribe_token`);--> statement-breakpoint
CREATE INDEX `email_enrolments_due_idx` ON `email_enrolments` (`status`,`next_at`);--> statement-breakpoint
CREATE INDEX `email_enrolments_kit_idx` ON `email_enrolments` (`kit_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`kit_id` text NOT NULL,
	`key` text NOT NULL,
	`step_id` text,
	`broadcast_id` text,
	`message_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`first_attempt_at` integer,
	`locked_by` text,
	`lease_until` integer,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_sends_message_id_unique` ON `email_sends` (`message_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `email_sends_lead_key_idx` ON `email_sends` (`lead_id`,`key`);--> statement-breakpoint
CREATE INDEX `email_sends_due_idx` ON `email_sends` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `email_sequences` (
	`kit_id` text PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`double_opt_in` integer DEFAULT false NOT NULL,
	`postal_address` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `email_steps` (
	`id` text PRIMARY KEY NOT NULL,
	`kit_id` text NOT NULL,
	`order_key` real NOT NULL,
	`subject` text NOT NULL,
	`preview` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	`delay_value` integer DEFAULT 0 NOT NULL,
	`delay_unit` text DEFAULT 'days' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_steps_kit_order_idx` ON `email_steps` (`kit_id`,`order_key`);--> statement-breakpoint
CREATE TABLE `email_suppressions` (
	`kit_id` text NOT NULL,
	`email` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`kit_id`, `email`),
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
