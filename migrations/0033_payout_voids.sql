-- A payout recorded in error is voided within 7 days (issue 38 part 4, decision 187): the payout is kept
-- and marked, its entries are reversed by payout_voided entries, and its commissions return to payable.
ALTER TABLE `payouts` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `payouts` ADD `voided_by_user_id` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `payouts` ADD `void_reason` text;--> statement-breakpoint
CREATE INDEX `commission_entries_payout_idx` ON `commission_entries` (`payout_id`) WHERE "commission_entries"."payout_id" is not null;--> statement-breakpoint
-- Written by hand (drizzle-kit does not know triggers): a paid commission stays paid, in its payout,
-- with one exception, the only move back: to payable with no payout, when its payout is voided.
-- connector_balances follows the status change through 0022's commissions_balances_update.
CREATE TRIGGER `commissions_paid_is_final` BEFORE UPDATE OF `status`, `payout_id` ON `commissions`
WHEN OLD.`status` = 'paid' AND (NEW.`status` IS NOT 'paid' OR NEW.`payout_id` IS NOT OLD.`payout_id`) AND NOT (
  NEW.`status` = 'payable' AND NEW.`payout_id` IS NULL
  AND EXISTS (SELECT 1 FROM `payouts` p WHERE p.`id` = OLD.`payout_id` AND p.`voided_at` IS NOT NULL)
)
BEGIN
  SELECT RAISE(ABORT, 'commission_paid_is_final');
END;
