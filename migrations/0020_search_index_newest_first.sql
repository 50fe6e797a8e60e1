-- Hand-written (decision 084): Browse's full-text index keyed by the negated business id, so FTS5's
-- natural (ascending) order is newest first. A tier reads its newest matches in that order; read
-- descending, FTS5 walked the long posting lists of common words ("bench" "comp" "1234": 2.3 ms a
-- page at 100,000 businesses, 1.0 ms ascending). Contentless (content=''): the rowid no longer names
-- a business row, and nothing reads text back from the index; deletes pass the old values, as before.
DROP TRIGGER `businesses_fts_insert`;--> statement-breakpoint
DROP TRIGGER `businesses_fts_delete`;--> statement-breakpoint
DROP TRIGGER `businesses_fts_update`;--> statement-breakpoint
DROP TABLE `businesses_fts`;--> statement-breakpoint
CREATE VIRTUAL TABLE `businesses_fts` USING fts5(
  `company_name`, `sector`, `nature`, `description`, `uen`, `referral_fee`,
  content='', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6'
);--> statement-breakpoint
-- Every writer (the app, the seeds, an admin's SQL) keeps the index current through these triggers.
CREATE TRIGGER `businesses_fts_insert` AFTER INSERT ON `businesses` BEGIN
  INSERT INTO `businesses_fts` (`rowid`, `company_name`, `sector`, `nature`, `description`, `uen`, `referral_fee`)
    VALUES (-NEW.id, NEW.company_name, NEW.sector, NEW.nature, NEW.description, NEW.uen, NEW.referral_fee);
END;--> statement-breakpoint
CREATE TRIGGER `businesses_fts_delete` AFTER DELETE ON `businesses` BEGIN
  INSERT INTO `businesses_fts` (`businesses_fts`, `rowid`, `company_name`, `sector`, `nature`, `description`, `uen`, `referral_fee`)
    VALUES ('delete', -OLD.id, OLD.company_name, OLD.sector, OLD.nature, OLD.description, OLD.uen, OLD.referral_fee);
END;--> statement-breakpoint
CREATE TRIGGER `businesses_fts_update` AFTER UPDATE OF `id`, `company_name`, `sector`, `nature`, `description`, `uen`, `referral_fee` ON `businesses` BEGIN
  INSERT INTO `businesses_fts` (`businesses_fts`, `rowid`, `company_name`, `sector`, `nature`, `description`, `uen`, `referral_fee`)
    VALUES ('delete', -OLD.id, OLD.company_name, OLD.sector, OLD.nature, OLD.description, OLD.uen, OLD.referral_fee);
  INSERT INTO `businesses_fts` (`rowid`, `company_name`, `sector`, `nature`, `description`, `uen`, `referral_fee`)
    VALUES (-NEW.id, NEW.company_name, NEW.sector, NEW.nature, NEW.description, NEW.uen, NEW.referral_fee);
END;--> statement-breakpoint
-- The businesses already there.
INSERT INTO `businesses_fts` (`rowid`, `company_name`, `sector`, `nature`, `description`, `uen`, `referral_fee`)
  SELECT -id, company_name, sector, nature, description, uen, referral_fee FROM `businesses`;
