CREATE TABLE `payout_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`connector_id` integer NOT NULL,
	`currency` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`requested_by_user_id` integer,
	`requested_at` integer NOT NULL,
	`due_at` integer NOT NULL,
	`payout_id` integer,
	`paid_at` integer,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requested_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_requests_open_unique` ON `payout_requests` (`business_id`,`connector_id`,`currency`) WHERE "payout_requests"."payout_id" is null;--> statement-breakpoint
CREATE INDEX `payout_requests_due_idx` ON `payout_requests` (`due_at`) WHERE "payout_requests"."payout_id" is null;--> statement-breakpoint
CREATE INDEX `payout_requests_connector_idx` ON `payout_requests` (`connector_id`,`requested_at`);--> statement-breakpoint
ALTER TABLE `business_reputations` ADD `payout_requests_overdue_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `payout_terms_days` integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `payout_minimums` text DEFAULT '{}' NOT NULL;