CREATE TABLE `disputes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`referral_id` integer NOT NULL,
	`connector_id` integer NOT NULL,
	`business_id` integer NOT NULL,
	`subject` text NOT NULL,
	`reason` text NOT NULL,
	`note` text NOT NULL,
	`claimed_revenue_minor` integer NOT NULL,
	`claimed_currency` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`opened_by_user_id` integer,
	`answer_due_at` integer NOT NULL,
	`answer_note` text,
	`answered_by_user_id` integer,
	`answered_at` integer,
	`decision_note` text,
	`decided_by_user_id` integer,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`opened_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`answered_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `disputes_one_open_idx` ON `disputes` (`referral_id`) WHERE status in ('open', 'business_disagreed');--> statement-breakpoint
CREATE INDEX `disputes_connector_idx` ON `disputes` (`connector_id`,`id`);--> statement-breakpoint
CREATE INDEX `disputes_business_idx` ON `disputes` (`business_id`,`id`);--> statement-breakpoint
CREATE INDEX `disputes_queue_idx` ON `disputes` (`status`,`answer_due_at`);--> statement-breakpoint
ALTER TABLE `business_reputations` ADD `disputes_against_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `business_reputations` ADD `disputes_upheld_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `connector_reputations` ADD `disputes_raised_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `connector_reputations` ADD `disputes_upheld_count` integer DEFAULT 0 NOT NULL;