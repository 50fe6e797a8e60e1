CREATE TABLE `referral_counts` (
	`owner_kind` text NOT NULL,
	`owner_id` integer NOT NULL,
	`status` text NOT NULL,
	`currency` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	`fees` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`owner_kind`, `owner_id`, `status`, `currency`)
);
--> statement-breakpoint
CREATE TABLE `referral_months` (
	`connector_id` integer NOT NULL,
	`month` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`connector_id`, `month`)
);--> statement-breakpoint
-- Hand-written (decision 036): the totals follow every insert, update and delete of a referral,
-- including deletes cascaded from a connector or a business, whoever writes them.
CREATE TRIGGER `referrals_counts_insert` AFTER INSERT ON `referrals` BEGIN
  INSERT INTO `referral_counts` (`owner_kind`, `owner_id`, `status`, `currency`, `n`, `fees`, `revenue`) VALUES
    ('connector', NEW.connector_id, NEW.status, NEW.revenue_currency, 1, coalesce(NEW.fee_amount, 0), coalesce(NEW.revenue_received, 0)),
    ('business', NEW.business_id, NEW.status, NEW.revenue_currency, 1, coalesce(NEW.fee_amount, 0), coalesce(NEW.revenue_received, 0)),
    ('platform', 0, NEW.status, NEW.revenue_currency, 1, coalesce(NEW.fee_amount, 0), coalesce(NEW.revenue_received, 0))
    ON CONFLICT (`owner_kind`, `owner_id`, `status`, `currency`) DO UPDATE SET `n` = `n` + excluded.`n`, `fees` = `fees` + excluded.`fees`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `referral_months` (`connector_id`, `month`, `n`) VALUES (NEW.connector_id, strftime('%Y-%m', NEW.created_at / 1000, 'unixepoch'), 1)
    ON CONFLICT (`connector_id`, `month`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;--> statement-breakpoint
CREATE TRIGGER `referrals_counts_update` AFTER UPDATE OF `connector_id`, `business_id`, `status`, `revenue_currency`, `fee_amount`, `revenue_received` ON `referrals` BEGIN
  INSERT INTO `referral_counts` (`owner_kind`, `owner_id`, `status`, `currency`, `n`, `fees`, `revenue`) VALUES
    ('connector', OLD.connector_id, OLD.status, OLD.revenue_currency, -1, -coalesce(OLD.fee_amount, 0), -coalesce(OLD.revenue_received, 0)),
    ('business', OLD.business_id, OLD.status, OLD.revenue_currency, -1, -coalesce(OLD.fee_amount, 0), -coalesce(OLD.revenue_received, 0)),
    ('platform', 0, OLD.status, OLD.revenue_currency, -1, -coalesce(OLD.fee_amount, 0), -coalesce(OLD.revenue_received, 0)),
    ('connector', NEW.connector_id, NEW.status, NEW.revenue_currency, 1, coalesce(NEW.fee_amount, 0), coalesce(NEW.revenue_received, 0)),
    ('business', NEW.business_id, NEW.status, NEW.revenue_currency, 1, coalesce(NEW.fee_amount, 0), coalesce(NEW.revenue_received, 0)),
    ('platform', 0, NEW.status, NEW.revenue_currency, 1, coalesce(NEW.fee_amount, 0), coalesce(NEW.revenue_received, 0))
    ON CONFLICT (`owner_kind`, `owner_id`, `status`, `currency`) DO UPDATE SET `n` = `n` + excluded.`n`, `fees` = `fees` + excluded.`fees`, `revenue` = `revenue` + excluded.`revenue`;
END;--> statement-breakpoint
CREATE TRIGGER `referrals_months_update` AFTER UPDATE OF `connector_id`, `created_at` ON `referrals` BEGIN
  INSERT INTO `referral_months` (`connector_id`, `month`, `n`) VALUES (OLD.connector_id, strftime('%Y-%m', OLD.created_at / 1000, 'unixepoch'), -1), (NEW.connector_id, strftime('%Y-%m', NEW.created_at / 1000, 'unixepoch'), 1)
    ON CONFLICT (`connector_id`, `month`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;--> statement-breakpoint
CREATE TRIGGER `referrals_counts_delete` AFTER DELETE ON `referrals` BEGIN
  INSERT INTO `referral_counts` (`owner_kind`, `owner_id`, `status`, `currency`, `n`, `fees`, `revenue`) VALUES
    ('connector', OLD.connector_id, OLD.status, OLD.revenue_currency, -1, -coalesce(OLD.fee_amount, 0), -coalesce(OLD.revenue_received, 0)),
    ('business', OLD.business_id, OLD.status, OLD.revenue_currency, -1, -coalesce(OLD.fee_amount, 0), -coalesce(OLD.revenue_received, 0)),
    ('platform', 0, OLD.status, OLD.revenue_currency, -1, -coalesce(OLD.fee_amount, 0), -coalesce(OLD.revenue_received, 0))
    ON CONFLICT (`owner_kind`, `owner_id`, `status`, `currency`) DO UPDATE SET `n` = `n` + excluded.`n`, `fees` = `fees` + excluded.`fees`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `referral_months` (`connector_id`, `month`, `n`) VALUES (OLD.connector_id, strftime('%Y-%m', OLD.created_at / 1000, 'unixepoch'), -1)
    ON CONFLICT (`connector_id`, `month`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;--> statement-breakpoint
INSERT INTO `referral_counts` (`owner_kind`, `owner_id`, `status`, `currency`, `n`, `fees`, `revenue`)
  SELECT 'connector', `connector_id`, `status`, `revenue_currency`, count(*), coalesce(sum(`fee_amount`), 0), coalesce(sum(`revenue_received`), 0)
  FROM `referrals` GROUP BY 2, 3, 4;--> statement-breakpoint
INSERT INTO `referral_counts` (`owner_kind`, `owner_id`, `status`, `currency`, `n`, `fees`, `revenue`)
  SELECT 'business', `business_id`, `status`, `revenue_currency`, count(*), coalesce(sum(`fee_amount`), 0), coalesce(sum(`revenue_received`), 0)
  FROM `referrals` GROUP BY 2, 3, 4;--> statement-breakpoint
INSERT INTO `referral_counts` (`owner_kind`, `owner_id`, `status`, `currency`, `n`, `fees`, `revenue`)
  SELECT 'platform', 0, `status`, `revenue_currency`, count(*), coalesce(sum(`fee_amount`), 0), coalesce(sum(`revenue_received`), 0)
  FROM `referrals` GROUP BY 3, 4;--> statement-breakpoint
INSERT INTO `referral_months` (`connector_id`, `month`, `n`)
  SELECT `connector_id`, strftime('%Y-%m', `created_at` / 1000, 'unixepoch'), count(*) FROM `referrals` GROUP BY 1, 2;
