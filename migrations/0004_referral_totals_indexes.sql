DROP INDEX `referrals_connector_status_idx`;--> statement-breakpoint
DROP INDEX `referrals_business_status_idx`;--> statement-breakpoint
CREATE INDEX `referrals_connector_totals_idx` ON `referrals` (`connector_id`,`status`,`revenue_currency`,`fee_amount`,`revenue_received`);--> statement-breakpoint
CREATE INDEX `referrals_business_totals_idx` ON `referrals` (`business_id`,`status`,`connector_id`,`revenue_currency`,`revenue_received`,`fee_amount`);