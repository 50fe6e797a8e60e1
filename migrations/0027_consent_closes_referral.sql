ALTER TABLE `referrals` ADD `pending_person_email` text;--> statement-breakpoint
ALTER TABLE `referrals` ADD `pending_email_token_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `referrals_pending_email_token_unique` ON `referrals` (`pending_email_token_hash`);--> statement-breakpoint
-- Issue 33, decision 122: a referral whose person declined or never answered is closed by the
-- lifecycle. Those made before it (still pending or approved) are closed the same way: a history row
-- by no one (the person or the schedule), then status rejected with the lifecycle's reason. Completed
-- ones keep their outcome and commission; none of these earns one (only a completed referral does).
INSERT INTO `referral_status_changes` (`referral_id`, `from_status`, `to_status`, `note`, `changed_by_user_id`, `created_at`)
  SELECT `id`, `status`, 'rejected', NULL, NULL, CAST(strftime('%s', 'now') AS INTEGER) * 1000 FROM `referrals`
  WHERE `consent_status` IN ('declined', 'expired') AND `status` IN ('pending', 'approved');--> statement-breakpoint
UPDATE `referrals`
  SET `rejection_reason` = CASE `consent_status` WHEN 'declined' THEN 'person_declined' ELSE 'no_answer' END,
    `status` = 'rejected',
    `updated_at` = CAST(strftime('%s', 'now') AS INTEGER) * 1000
  WHERE `consent_status` IN ('declined', 'expired') AND `status` IN ('pending', 'approved');--> statement-breakpoint
-- Their figures are recounted by the scheduled job (decision 061): mark every business's and connector's due.
UPDATE `business_reputations` SET `computed_at` = 0;--> statement-breakpoint
UPDATE `connector_reputations` SET `computed_at` = 0;
