-- Issue 37, item 5 (decision 179): each connector's public code for their personal links,
-- /refer/{businessId}?via={code}. Random (128 bits), never the numeric id. Existing connectors get
-- one now; a trigger gives one to every connector inserted later, whoever inserts it (the app, the
-- seeds, raw SQL), so no insert can forget it.
ALTER TABLE `connectors` ADD `link_code` text;--> statement-breakpoint
UPDATE `connectors` SET `link_code` = lower(hex(randomblob(16))) WHERE `link_code` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `connectors_link_code_unique` ON `connectors` (`link_code`);--> statement-breakpoint
CREATE TRIGGER `connectors_link_code_fill` AFTER INSERT ON `connectors` WHEN NEW.`link_code` IS NULL BEGIN
  UPDATE `connectors` SET `link_code` = lower(hex(randomblob(16))) WHERE `id` = NEW.`id`;
END;
