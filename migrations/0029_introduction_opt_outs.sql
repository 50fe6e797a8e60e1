CREATE TABLE `introduction_opt_outs` (
	`email_key` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
