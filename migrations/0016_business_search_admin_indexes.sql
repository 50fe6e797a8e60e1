DROP INDEX `businesses_company_name_idx`;--> statement-breakpoint
DROP INDEX `businesses_sector_idx`;--> statement-breakpoint
CREATE INDEX `businesses_company_name_nocase_idx` ON `businesses` ("company_name" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `businesses_created_idx` ON `businesses` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `businesses_sector_name_idx` ON `businesses` ("sector" collate nocase,"company_name" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `businesses_sector_created_idx` ON `businesses` ("sector" collate nocase,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `connectors_name_nocase_idx` ON `connectors` ("name" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `connectors_created_idx` ON `connectors` (`created_at`,`id`);--> statement-breakpoint
-- Corrected by hand: drizzle-kit splits an expression of a many-column index at its comma.
CREATE INDEX `referrals_status_revenue_sort_idx` ON `referrals` (`status`,coalesce("revenue_received", 0));--> statement-breakpoint
CREATE INDEX `referrals_status_fee_sort_idx` ON `referrals` (`status`,coalesce("fee_amount", 0));--> statement-breakpoint
CREATE INDEX `referrals_flagged_due_idx` ON `referrals` (`status`,`review_due_at`) WHERE "referrals"."review_flagged_at" is not null;--> statement-breakpoint
CREATE INDEX `users_suspended_idx` ON `users` (`suspended_at`) WHERE "users"."suspended_at" is not null;--> statement-breakpoint
-- Hand-written (decision 073; db/schema.ts cannot describe a virtual table, so drizzle-kit never
-- sees it and never drops it): Browse's full-text index. External content (the text lives only in
-- businesses); unicode61 folds case and diacritics; prefix indexes of 2 to 6 characters make the
-- short prefixes a user types while searching cheap.
CREATE VIRTUAL TABLE `businesses_fts` USING fts5(
  `company_name`, `sector`, `nature`, `description`, `uen`, `referral_fee`,
  content='businesses', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6'
);--> statement-breakpoint
-- Every writer (the app, the seeds, an admin's SQL) keeps the index current through these triggers.
CREATE TRIGGER `businesses_fts_insert` AFTER INSERT ON `businesses` BEGIN
  INSERT INTO `businesses_fts` (`rowid`, `company_name`, `sector`, `nature`, `description`, `uen`, `referral_fee`)
    VALUES (NEW.id, NEW.company_name, NEW.sector, NEW.nature, NEW.description, NEW.uen, NEW.referral_fee);
END;--> statement-breakpoint
CREATE TRIGGER `businesses_fts_delete` AFTER DELETE ON `businesses` BEGIN
  INSERT INTO `businesses_fts` (`businesses_fts`, `rowid`, `company_name`, `sector`, `nature`, `description`, `uen`, `referral_fee`)
    VALUES ('delete', OLD.id, OLD.company_name, OLD.sector, OLD.nature, OLD.description, OLD.uen, OLD.referral_fee);
END;--> statement-breakpoint
CREATE TRIGGER `businesses_fts_update` AFTER UPDATE OF `id`, `company_name`, `sector`, `nature`, `description`, `uen`, `referral_fee` ON `businesses` BEGIN
  INSERT INTO `businesses_fts` (`businesses_fts`, `rowid`, `company_name`, `sector`, `nature`, `description`, `uen`, `referral_fee`)
    VALUES ('delete', OLD.id, OLD.company_name, OLD.sector, OLD.nature, OLD.description, OLD.uen, OLD.referral_fee);
  INSERT INTO `businesses_fts` (`rowid`, `company_name`, `sector`, `nature`, `description`, `uen`, `referral_fee`)
    VALUES (NEW.id, NEW.company_name, NEW.sector, NEW.nature, NEW.description, NEW.uen, NEW.referral_fee);
END;--> statement-breakpoint
-- The businesses already there.
INSERT INTO `businesses_fts` (`businesses_fts`) VALUES ('rebuild');
