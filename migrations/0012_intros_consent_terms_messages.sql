CREATE TABLE `business_reputations` (
	`business_id` integer PRIMARY KEY NOT NULL,
	`referral_count` integer NOT NULL,
	`decided_count` integer NOT NULL,
	`accepted_count` integer NOT NULL,
	`decided_in_window_count` integer NOT NULL,
	`median_decision_ms` integer,
	`computed_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `connector_reputations` (
	`connector_id` integer PRIMARY KEY NOT NULL,
	`referral_count` integer NOT NULL,
	`completed_count` integer NOT NULL,
	`computed_at` integer NOT NULL,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `referral_message_unreads` (
	`user_id` integer NOT NULL,
	`referral_id` integer NOT NULL,
	`unread_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `referral_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `referral_message_unreads_referral_idx` ON `referral_message_unreads` (`referral_id`);--> statement-breakpoint
CREATE TABLE `referral_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`referral_id` integer NOT NULL,
	`author_user_id` integer,
	`author_side` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `referral_messages_referral_idx` ON `referral_messages` (`referral_id`,`id`);--> statement-breakpoint
-- Written by hand, not generated: drizzle-kit would rebuild `referrals` to make the contact columns
-- nullable, and a rebuild drops the totals triggers (decision 036) and, with foreign keys on as D1
-- keeps them, cascades the DROP into every referral's history and notifications. ADD, copy, DROP
-- and RENAME COLUMN reach the same schema without touching other rows. The NOT NULL columns carry a
-- DEFAULT only because ADD COLUMN needs one; the app always writes them.
ALTER TABLE `referrals` ADD `contact_email` text;--> statement-breakpoint
ALTER TABLE `referrals` ADD `contact_phone` text;--> statement-breakpoint
UPDATE `referrals` SET `contact_email` = `referred_person_email`, `contact_phone` = `referred_person_phone`;--> statement-breakpoint
ALTER TABLE `referrals` DROP COLUMN `referred_person_email`;--> statement-breakpoint
ALTER TABLE `referrals` DROP COLUMN `referred_person_phone`;--> statement-breakpoint
ALTER TABLE `referrals` RENAME COLUMN `contact_email` TO `referred_person_email`;--> statement-breakpoint
ALTER TABLE `referrals` RENAME COLUMN `contact_phone` TO `referred_person_phone`;--> statement-breakpoint
ALTER TABLE `referrals` ADD `referred_email_disposable` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `consent_status` text DEFAULT 'awaiting' NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `consent_token_hash` text;--> statement-breakpoint
ALTER TABLE `referrals` ADD `consent_expires_at` integer;--> statement-breakpoint
ALTER TABLE `referrals` ADD `consent_decided_at` integer;--> statement-breakpoint
ALTER TABLE `referrals` ADD `terms_referral_fee` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `terms_referral_terms` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `terms_captured_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `rejection_reason` text;--> statement-breakpoint
ALTER TABLE `referrals` ADD `review_due_at` integer;--> statement-breakpoint
ALTER TABLE `referrals` ADD `review_reminded_at` integer;--> statement-breakpoint
ALTER TABLE `referrals` ADD `review_flagged_at` integer;--> statement-breakpoint
ALTER TABLE `referrals` ADD `first_decided_at` integer;--> statement-breakpoint
-- Referrals made before consent existed are grandfathered as given (decision 055); their terms are
-- the business's terms as they stand now, captured now; their first decision is read from history.
UPDATE `referrals` SET
	`consent_status` = 'given',
	`terms_referral_fee` = (SELECT `referral_fee` FROM `businesses` WHERE `businesses`.`id` = `referrals`.`business_id`),
	`terms_referral_terms` = (SELECT `referral_terms` FROM `businesses` WHERE `businesses`.`id` = `referrals`.`business_id`),
	`terms_captured_at` = unixepoch() * 1000,
	`first_decided_at` = (
		SELECT min(`created_at`) FROM `referral_status_changes`
		WHERE `referral_status_changes`.`referral_id` = `referrals`.`id` AND `to_status` <> 'pending'
	);--> statement-breakpoint
CREATE UNIQUE INDEX `referrals_consent_token_unique` ON `referrals` (`consent_token_hash`);--> statement-breakpoint
CREATE INDEX `referrals_consent_due_idx` ON `referrals` (`consent_status`,`consent_expires_at`);--> statement-breakpoint
CREATE INDEX `referrals_review_due_idx` ON `referrals` (`status`,`review_due_at`);--> statement-breakpoint
ALTER TABLE `businesses` ADD `response_window_days` integer DEFAULT 5 NOT NULL;