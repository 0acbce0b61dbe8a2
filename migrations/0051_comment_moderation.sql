CREATE TABLE `comment_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`comment_id` text NOT NULL,
	`author_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `comment_reports_open_unique` ON `comment_reports` (`reporter_id`,`comment_id`) WHERE "comment_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX `comment_reports_open_comment_idx` ON `comment_reports` (`comment_id`,`updated_at`) WHERE "comment_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX `comment_reports_comment_created_idx` ON `comment_reports` (`comment_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comment_reports_author_created_idx` ON `comment_reports` (`author_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comment_reports_reporter_created_idx` ON `comment_reports` (`reporter_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `comments` ADD `removed_at` text;--> statement-breakpoint
ALTER TABLE `comments` ADD `removed_note` text;--> statement-breakpoint
ALTER TABLE `comments` ADD `removed_by` text;--> statement-breakpoint
CREATE INDEX `comments_author_idx` ON `comments` (`author_id`,`id`);--> statement-breakpoint
CREATE INDEX `comments_removed_idx` ON `comments` (`removed_at`) WHERE "comments"."removed_at" is not null;
