CREATE TABLE `dead_letters` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`attempts` integer NOT NULL,
	`received_at` text NOT NULL
);
