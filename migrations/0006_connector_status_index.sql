DROP INDEX `referrals_connector_totals_idx`;--> statement-breakpoint
CREATE INDEX `referrals_connector_status_idx` ON `referrals` (`connector_id`,`status`);