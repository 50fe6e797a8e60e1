CREATE TABLE `commission_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`commission_id` integer NOT NULL,
	`connector_id` integer NOT NULL,
	`business_id` integer NOT NULL,
	`currency` text NOT NULL,
	`type` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`payout_id` integer,
	`occurred_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`commission_id`) REFERENCES `commissions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `commission_entries_commission_idx` ON `commission_entries` (`commission_id`);--> statement-breakpoint
CREATE INDEX `commission_entries_connector_idx` ON `commission_entries` (`connector_id`,`currency`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `commission_entries_business_idx` ON `commission_entries` (`business_id`,`connector_id`,`currency`);--> statement-breakpoint
CREATE TABLE `commissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`referral_id` integer NOT NULL,
	`connector_id` integer NOT NULL,
	`business_id` integer NOT NULL,
	`kind` text DEFAULT 'commission' NOT NULL,
	`status` text NOT NULL,
	`currency` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`revenue_minor` integer,
	`cashback_basis_points` integer,
	`hold_days` integer NOT NULL,
	`payable_at` integer NOT NULL,
	`adjusts_commission_id` integer,
	`superseded_at` integer,
	`reversed_at` integer,
	`reversal_reason` text,
	`payout_id` integer,
	`paid_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commissions_standing_referral_unique` ON `commissions` (`referral_id`) WHERE "commissions"."kind" = 'commission' and "commissions"."superseded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `commissions_adjusts_unique` ON `commissions` (`adjusts_commission_id`);--> statement-breakpoint
CREATE INDEX `commissions_referral_idx` ON `commissions` (`referral_id`);--> statement-breakpoint
CREATE INDEX `commissions_connector_idx` ON `commissions` (`connector_id`,`currency`,`status`,`amount_minor`);--> statement-breakpoint
CREATE INDEX `commissions_business_idx` ON `commissions` (`business_id`,`status`,`connector_id`,`currency`,`amount_minor`);--> statement-breakpoint
CREATE INDEX `commissions_status_payable_idx` ON `commissions` (`status`,`payable_at`);--> statement-breakpoint
CREATE INDEX `commissions_payout_idx` ON `commissions` (`payout_id`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`connector_id` integer NOT NULL,
	`currency` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`method` text NOT NULL,
	`reference` text NOT NULL,
	`paid_at` integer NOT NULL,
	`recorded_by_user_id` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recorded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payouts_business_idx` ON `payouts` (`business_id`,`paid_at`);--> statement-breakpoint
CREATE INDEX `payouts_connector_idx` ON `payouts` (`connector_id`,`paid_at`);--> statement-breakpoint
ALTER TABLE `businesses` ADD `hold_days` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit does not know triggers; db/schema.ts names them): the ledger's rules
-- held by the database itself, so a race between two requests cannot break them (decision 063).
-- A commission is paid only from payable, and only into a payout of its own business, connector and currency.
CREATE TRIGGER `commissions_paid_guard` BEFORE UPDATE OF `status` ON `commissions`
WHEN NEW.`status` = 'paid' AND OLD.`status` <> 'paid' AND (
  OLD.`status` <> 'payable'
  OR NOT EXISTS (
    SELECT 1 FROM `payouts` p WHERE p.`id` = NEW.`payout_id` AND p.`business_id` = NEW.`business_id`
      AND p.`connector_id` = NEW.`connector_id` AND p.`currency` = NEW.`currency`
  )
)
BEGIN
  SELECT RAISE(ABORT, 'commission_not_payable');
END;
--> statement-breakpoint
-- Entries are never edited or deleted: a correction is a new entry.
CREATE TRIGGER `commission_entries_no_update` BEFORE UPDATE ON `commission_entries`
BEGIN
  SELECT RAISE(ABORT, 'ledger_entries_are_append_only');
END;
--> statement-breakpoint
CREATE TRIGGER `commission_entries_no_delete` BEFORE DELETE ON `commission_entries`
BEGIN
  SELECT RAISE(ABORT, 'ledger_entries_are_append_only');
END;
