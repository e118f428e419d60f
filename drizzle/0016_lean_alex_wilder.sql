CREATE TABLE `press_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`kit_id` text NOT NULL,
	`email_message_id` text NOT NULL,
	`reply_to` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `press_messages_email_message_id_unique` ON `press_messages` (`email_message_id`);--> statement-breakpoint
CREATE INDEX `press_messages_kit_idx` ON `press_messages` (`kit_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `landing_pages` ADD `press_role` text;--> statement-breakpoint
ALTER TABLE `launch_kits` ADD `understanding` text;