CREATE INDEX `referrals_revenue_sort_idx` ON `referrals` (coalesce("revenue_received", 0));--> statement-breakpoint
CREATE INDEX `referrals_fee_sort_idx` ON `referrals` (coalesce("fee_amount", 0));
