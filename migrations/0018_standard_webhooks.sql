ALTER TABLE `webhook_endpoints` ADD `signature_scheme` text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
-- Written by hand (decision 077): endpoints made before Standard Webhooks keep the `t=…,v1=<hex>`
-- signatures their receivers already check, until their owners switch them.
UPDATE `webhook_endpoints` SET `signature_scheme` = 'legacy';
