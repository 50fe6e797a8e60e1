ALTER TABLE `sessions` ADD `public_id` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `device` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `ip_address` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `country` text;--> statement-breakpoint
-- Sessions older than this migration get an opaque id of their own (by hand: drizzle-kit does not write data).
UPDATE `sessions` SET `public_id` = lower(hex(randomblob(16))) WHERE `public_id` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_public_id_idx` ON `sessions` (`public_id`);