CREATE TABLE `password_check_leases` (
	`account` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
