-- Issue 33, part 5 (decision 128): who registered a referral, and whether its connector has confirmed
-- a business's registration. Added columns only: the referrals table is never rebuilt (its triggers).
ALTER TABLE `referrals` ADD `registered_by` text DEFAULT 'connector' NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `connector_confirmation` text DEFAULT 'confirmed' NOT NULL;