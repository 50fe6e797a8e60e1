-- Reads at a million referrals (issue 18, decision 075). (The admin stats' suspended users are
-- found through users_suspended_idx, made by migration 0016.)
-- The number of activity_logs rows, kept by triggers: the admin console's unfiltered Platform
-- Activity total reads one row instead of counting every entry.
CREATE TABLE `activity_log_count` (
	`id` integer PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `activity_log_count` (`id`, `n`) SELECT 1, count(*) FROM `activity_logs`;
--> statement-breakpoint
CREATE TRIGGER `activity_logs_count_insert` AFTER INSERT ON `activity_logs` BEGIN
  UPDATE `activity_log_count` SET `n` = `n` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `activity_logs_count_delete` AFTER DELETE ON `activity_logs` BEGIN
  UPDATE `activity_log_count` SET `n` = `n` - 1 WHERE `id` = 1;
END;
