CREATE TABLE `kit_facts` (
	`kit_id` text PRIMARY KEY NOT NULL,
	`facts` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `launch_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `kit_facts` (`kit_id`, `facts`) SELECT `id`, `understanding` FROM `launch_kits` WHERE `understanding` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `launch_kits` DROP COLUMN `understanding`;