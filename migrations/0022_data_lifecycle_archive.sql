CREATE TABLE `archive_days` (
	`dataset` text NOT NULL,
	`day` text NOT NULL,
	`status` text NOT NULL,
	`parts` integer DEFAULT 0 NOT NULL,
	`rows` integer DEFAULT 0 NOT NULL,
	`kept` integer DEFAULT 0 NOT NULL,
	`bytes` integer DEFAULT 0 NOT NULL,
	`manifest_key` text,
	`sha256` text,
	`prev_sha256` text,
	`started_at` text NOT NULL,
	`done_at` text,
	PRIMARY KEY(`dataset`, `day`)
);
--> statement-breakpoint
CREATE INDEX `archive_days_status_idx` ON `archive_days` (`dataset`,`status`,`day`);--> statement-breakpoint
CREATE TABLE `archive_parts` (
	`dataset` text NOT NULL,
	`day` text NOT NULL,
	`part` integer NOT NULL,
	`after_key` text NOT NULL,
	`last_key` text NOT NULL,
	`rows` integer NOT NULL,
	`kept` integer DEFAULT 0 NOT NULL,
	`bytes` integer NOT NULL,
	`sha256` text NOT NULL,
	`object_key` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`dataset`, `day`, `part`),
	CONSTRAINT "archive_parts_key_order" CHECK("archive_parts"."after_key" < "archive_parts"."last_key")
);
