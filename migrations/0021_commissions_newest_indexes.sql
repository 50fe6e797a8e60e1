-- A connector's and a business's commissions in id order (decision 094): GET /api/commissions pages them newest first without sorting.
CREATE INDEX `commissions_connector_newest_idx` ON `commissions` (`connector_id`);--> statement-breakpoint
CREATE INDEX `commissions_business_newest_idx` ON `commissions` (`business_id`);