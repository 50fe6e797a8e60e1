-- A connector's balances per currency, kept by triggers (decision 098): Earnings, GET /api/earnings and
-- the dashboard's card read one row per currency instead of summing every commission and entry the
-- connector ever had (18,818 commissions and 34,999 entries for the bench's busiest connector).
-- Hand-written like 0005's counts: the totals follow every insert, update and delete, whoever writes them.
CREATE TABLE `connector_balances` (
	`connector_id` integer NOT NULL,
	`currency` text NOT NULL,
	`pending_minor` integer DEFAULT 0 NOT NULL,
	`payable_minor` integer DEFAULT 0 NOT NULL,
	`paid_minor` integer DEFAULT 0 NOT NULL,
	`owed_minor` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`connector_id`, `currency`)
);
--> statement-breakpoint
CREATE TRIGGER `commissions_balances_insert` AFTER INSERT ON `commissions` BEGIN
  INSERT INTO `connector_balances` (`connector_id`, `currency`, `pending_minor`, `payable_minor`, `paid_minor`) VALUES
    (NEW.connector_id, NEW.currency,
      CASE NEW.status WHEN 'pending' THEN NEW.amount_minor ELSE 0 END,
      CASE NEW.status WHEN 'payable' THEN NEW.amount_minor ELSE 0 END,
      CASE NEW.status WHEN 'paid' THEN NEW.amount_minor ELSE 0 END)
    ON CONFLICT (`connector_id`, `currency`) DO UPDATE SET `pending_minor` = `pending_minor` + excluded.`pending_minor`,
      `payable_minor` = `payable_minor` + excluded.`payable_minor`, `paid_minor` = `paid_minor` + excluded.`paid_minor`;
END;--> statement-breakpoint
CREATE TRIGGER `commissions_balances_update` AFTER UPDATE OF `connector_id`, `currency`, `status`, `amount_minor` ON `commissions`
WHEN OLD.connector_id IS NOT NEW.connector_id OR OLD.currency IS NOT NEW.currency OR OLD.status IS NOT NEW.status
  OR OLD.amount_minor IS NOT NEW.amount_minor
BEGIN
  INSERT INTO `connector_balances` (`connector_id`, `currency`, `pending_minor`, `payable_minor`, `paid_minor`) VALUES
    (OLD.connector_id, OLD.currency,
      CASE OLD.status WHEN 'pending' THEN -OLD.amount_minor ELSE 0 END,
      CASE OLD.status WHEN 'payable' THEN -OLD.amount_minor ELSE 0 END,
      CASE OLD.status WHEN 'paid' THEN -OLD.amount_minor ELSE 0 END),
    (NEW.connector_id, NEW.currency,
      CASE NEW.status WHEN 'pending' THEN NEW.amount_minor ELSE 0 END,
      CASE NEW.status WHEN 'payable' THEN NEW.amount_minor ELSE 0 END,
      CASE NEW.status WHEN 'paid' THEN NEW.amount_minor ELSE 0 END)
    ON CONFLICT (`connector_id`, `currency`) DO UPDATE SET `pending_minor` = `pending_minor` + excluded.`pending_minor`,
      `payable_minor` = `payable_minor` + excluded.`payable_minor`, `paid_minor` = `paid_minor` + excluded.`paid_minor`;
END;--> statement-breakpoint
CREATE TRIGGER `commissions_balances_delete` AFTER DELETE ON `commissions` BEGIN
  UPDATE `connector_balances` SET
    `pending_minor` = `pending_minor` - CASE OLD.status WHEN 'pending' THEN OLD.amount_minor ELSE 0 END,
    `payable_minor` = `payable_minor` - CASE OLD.status WHEN 'payable' THEN OLD.amount_minor ELSE 0 END,
    `paid_minor` = `paid_minor` - CASE OLD.status WHEN 'paid' THEN OLD.amount_minor ELSE 0 END
  WHERE `connector_id` = OLD.connector_id AND `currency` = OLD.currency;
END;--> statement-breakpoint
-- Entries are append-only (0013's triggers refuse an update or a delete), so an insert is all there is.
CREATE TRIGGER `commission_entries_balances_insert` AFTER INSERT ON `commission_entries` BEGIN
  INSERT INTO `connector_balances` (`connector_id`, `currency`, `owed_minor`) VALUES (NEW.connector_id, NEW.currency, NEW.amount_minor)
    ON CONFLICT (`connector_id`, `currency`) DO UPDATE SET `owed_minor` = `owed_minor` + excluded.`owed_minor`;
END;--> statement-breakpoint
INSERT INTO `connector_balances` (`connector_id`, `currency`, `pending_minor`, `payable_minor`, `paid_minor`, `owed_minor`)
  SELECT `connector_id`, `currency`, sum(`pending`), sum(`payable`), sum(`paid`), sum(`owed`) FROM (
    SELECT `connector_id`, `currency`,
      sum(CASE `status` WHEN 'pending' THEN `amount_minor` ELSE 0 END) AS `pending`,
      sum(CASE `status` WHEN 'payable' THEN `amount_minor` ELSE 0 END) AS `payable`,
      sum(CASE `status` WHEN 'paid' THEN `amount_minor` ELSE 0 END) AS `paid`,
      0 AS `owed`
    FROM `commissions` GROUP BY `connector_id`, `currency`
    UNION ALL
    SELECT `connector_id`, `currency`, 0, 0, 0, sum(`amount_minor`) FROM `commission_entries` GROUP BY `connector_id`, `currency`
  ) GROUP BY `connector_id`, `currency`;
--> statement-breakpoint
-- Only the balances read these two (covering) indexes; every commission and entry written paid for them.
DROP INDEX `commission_entries_connector_amount_idx`;--> statement-breakpoint
DROP INDEX `commissions_connector_idx`;
