-- Issue 38 part 1 (decisions 183, 184): a connector's payout methods on file. The details are sealed by
-- the app (AES-GCM bound to the connector); `summary` is the masked text shown everywhere else. One
-- default per connector and currency among the methods not removed; `payouts_held_until` is 48 hours
-- after the method was added, changed or made the default (the connector's payouts wait for it).
CREATE TABLE `payout_methods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`connector_id` integer NOT NULL,
	`currency` text NOT NULL,
	`kind` text NOT NULL,
	`summary` text NOT NULL,
	`sealed_details` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`payouts_held_until` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`removed_at` integer,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_methods_one_default` ON `payout_methods` (`connector_id`,`currency`) WHERE `is_default` = 1 AND `removed_at` IS NULL;--> statement-breakpoint
CREATE INDEX `payout_methods_connector_idx` ON `payout_methods` (`connector_id`,`currency`);
