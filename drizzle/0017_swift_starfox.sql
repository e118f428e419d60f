ALTER TABLE `leads` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `booking_date` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `party_size` integer;