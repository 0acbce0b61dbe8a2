-- docs/decisions/089-notifications-kept-by-day.md: the data lifecycle's index moves from `at` (re-keyed by every
-- grouped credit: a row written per member and credit) to `day`, the UTC day of `at`, written with the row and never
-- changed. A NOT NULL column without a default cannot be added in place: the table is rebuilt, ids kept.
CREATE TABLE `__new_notifications` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_num` integer NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`grp` text NOT NULL,
	`subject_id` text,
	`count` integer DEFAULT 1 NOT NULL,
	`amount_micros` integer DEFAULT 0 NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`at` text NOT NULL,
	`day` text NOT NULL,
	`read_at` text
);
--> statement-breakpoint
INSERT INTO `__new_notifications` (`id`, `user_num`, `kind`, `ref`, `grp`, `subject_id`, `count`, `amount_micros`, `detail`, `at`, `day`, `read_at`)
SELECT `id`, `user_num`, `kind`, `ref`, `grp`, `subject_id`, `count`, `amount_micros`, `detail`, `at`, substr(`at`, 1, 10), `read_at`
FROM `notifications`;
--> statement-breakpoint
DROP TABLE `notifications`;
--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_event_unique` ON `notifications` (`user_num`,`kind`,`ref`);
--> statement-breakpoint
CREATE INDEX `notifications_day_idx` ON `notifications` (`day`);
