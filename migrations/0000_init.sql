CREATE TABLE `activity_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`action` text NOT NULL,
	`details` text,
	`activity_type` text NOT NULL,
	`user_id` integer,
	`business_id` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_logs_created_idx` ON `activity_logs` (`created_at`);--> statement-breakpoint
CREATE INDEX `activity_logs_user_created_idx` ON `activity_logs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `activity_logs_business_created_idx` ON `activity_logs` (`business_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `businesses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`company_name` text NOT NULL,
	`description` text,
	`sector` text,
	`nature` text,
	`uen` text NOT NULL,
	`address` text NOT NULL,
	`website` text,
	`referral_fee` text NOT NULL,
	`referral_terms` text NOT NULL,
	`contact_person` text NOT NULL,
	`contact_phone` text NOT NULL,
	`contact_email` text NOT NULL,
	`account_type` text DEFAULT 'company' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `businesses_user_unique` ON `businesses` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `businesses_uen_unique` ON `businesses` (`uen`);--> statement-breakpoint
CREATE INDEX `businesses_company_name_idx` ON `businesses` (`company_name`);--> statement-breakpoint
CREATE INDEX `businesses_sector_idx` ON `businesses` (`sector`);--> statement-breakpoint
CREATE TABLE `connectors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connectors_user_unique` ON `connectors` (`user_id`);--> statement-breakpoint
CREATE INDEX `connectors_name_idx` ON `connectors` (`name`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_start` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `referral_status_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`referral_id` integer NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`note` text,
	`changed_by_user_id` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`changed_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `referral_status_changes_referral_idx` ON `referral_status_changes` (`referral_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `referrals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`connector_id` integer NOT NULL,
	`business_id` integer NOT NULL,
	`referred_person_name` text NOT NULL,
	`referred_person_email` text NOT NULL,
	`referred_person_phone` text NOT NULL,
	`referred_email_key` text NOT NULL,
	`referred_phone_key` text NOT NULL,
	`cashback_basis_points` integer NOT NULL,
	`notes` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`revenue_received` integer,
	`revenue_currency` text DEFAULT 'SGD' NOT NULL,
	`status_notes` text,
	`fee_amount` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `referrals_connector_created_idx` ON `referrals` (`connector_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `referrals_connector_status_idx` ON `referrals` (`connector_id`,`status`);--> statement-breakpoint
CREATE INDEX `referrals_business_created_idx` ON `referrals` (`business_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `referrals_business_status_idx` ON `referrals` (`business_id`,`status`);--> statement-breakpoint
CREATE INDEX `referrals_status_created_idx` ON `referrals` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `referrals_created_idx` ON `referrals` (`created_at`);--> statement-breakpoint
CREATE INDEX `referrals_business_email_idx` ON `referrals` (`business_id`,`referred_email_key`);--> statement-breakpoint
CREATE INDEX `referrals_business_phone_idx` ON `referrals` (`business_id`,`referred_phone_key`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `team_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_business_email_unique` ON `team_members` (`business_id`,lower("email"));--> statement-breakpoint
CREATE INDEX `team_members_email_idx` ON `team_members` (lower("email"));--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`account_type` text DEFAULT 'individual' NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`profile_photo` text,
	`suspended_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE INDEX `users_email_idx` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);