ALTER TABLE `users` ADD `username_key` text;--> statement-breakpoint
-- Written by hand: the backfill (docs/decisions/103). Until now usernames were ASCII letters, digits and underscores
-- only, for which SQLite's lower() is exactly JavaScript's NFKC + toLowerCase, the key setUsername writes from now on.
UPDATE `users` SET `username_key` = lower(`username`) WHERE `username` IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key_unique` ON `users` (`username_key`);--> statement-breakpoint
DROP INDEX `users_username_lower_unique`;
