-- Written by hand (issue 19, decision 078): the event feed GET /api/events.
-- The connector an event concerns, for a connector's own feed; a deleted connector leaves the event.
ALTER TABLE `webhook_events` ADD `connector_id` integer REFERENCES connectors(id) ON DELETE SET NULL;--> statement-breakpoint
-- The feed's order: commit order (max + 1 at insert), not created_at, which comes from Worker clocks.
ALTER TABLE `webhook_events` ADD `seq` integer;--> statement-breakpoint
-- Events stored so far keep the order they were inserted in.
UPDATE `webhook_events` SET `seq` = rowid;--> statement-breakpoint
-- ...and name the connector they concern where it still exists (referral.*, commission.*, payout.recorded).
UPDATE `webhook_events` SET `connector_id` = json_extract(`payload`, '$.data.connectorId')
  WHERE `type` IN ('referral.created', 'referral.status_changed', 'referral.consent_changed', 'commission.created', 'commission.payable', 'payout.recorded')
    AND json_extract(`payload`, '$.data.connectorId') IN (SELECT `id` FROM `connectors`);--> statement-breakpoint
UPDATE `webhook_events` SET `connector_id` = (SELECT `connector_id` FROM `commissions` WHERE `commissions`.`id` = json_extract(`webhook_events`.`payload`, '$.data.id'))
  WHERE `type` = 'commission.reversed';--> statement-breakpoint
-- The feed's pages (a business's, a connector's, newest first) and the 30-day retention replace the
-- old (business_id, created_at) index, which nothing reads any more.
DROP INDEX `webhook_events_business_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_events_seq_unique` ON `webhook_events` (`seq`);--> statement-breakpoint
CREATE INDEX `webhook_events_business_feed_idx` ON `webhook_events` (`business_id`,`seq`);--> statement-breakpoint
CREATE INDEX `webhook_events_connector_feed_idx` ON `webhook_events` (`connector_id`,`seq`);--> statement-breakpoint
CREATE INDEX `webhook_events_created_idx` ON `webhook_events` (`created_at`);
