DROP TABLE `email_outbox`;--> statement-breakpoint
ALTER TABLE `team_members` ADD `invitation_token_hash` text;--> statement-breakpoint
ALTER TABLE `team_members` ADD `invitation_expires_at` integer;--> statement-breakpoint
ALTER TABLE `team_members` ADD `invited_by_user_id` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `team_members` ADD `accepted_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_invitation_unique` ON `team_members` (`invitation_token_hash`);--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;