-- How many connectors and businesses there are, kept by triggers (decision 100): the admin console's
-- platform stats read a row each instead of counting every connector and business (100,000 of each
-- at a million referrals) on every view of /admin. Hand-written like 0017's activity total.
CREATE TABLE `row_counts` (
	`table_name` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `row_counts` (`table_name`, `n`) SELECT 'connectors', count(*) FROM `connectors`;
--> statement-breakpoint
INSERT INTO `row_counts` (`table_name`, `n`) SELECT 'businesses', count(*) FROM `businesses`;
--> statement-breakpoint
CREATE TRIGGER `connectors_row_count_insert` AFTER INSERT ON `connectors` BEGIN
  UPDATE `row_counts` SET `n` = `n` + 1 WHERE `table_name` = 'connectors';
END;--> statement-breakpoint
CREATE TRIGGER `connectors_row_count_delete` AFTER DELETE ON `connectors` BEGIN
  UPDATE `row_counts` SET `n` = `n` - 1 WHERE `table_name` = 'connectors';
END;--> statement-breakpoint
CREATE TRIGGER `businesses_row_count_insert` AFTER INSERT ON `businesses` BEGIN
  UPDATE `row_counts` SET `n` = `n` + 1 WHERE `table_name` = 'businesses';
END;--> statement-breakpoint
CREATE TRIGGER `businesses_row_count_delete` AFTER DELETE ON `businesses` BEGIN
  UPDATE `row_counts` SET `n` = `n` - 1 WHERE `table_name` = 'businesses';
END;
