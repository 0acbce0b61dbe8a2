CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`content_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_unique` ON `reports` (`reporter_id`,`content_id`) WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX `reports_open_content_idx` ON `reports` (`content_id`,`updated_at`) WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX `reports_content_created_idx` ON `reports` (`content_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_reporter_created_idx` ON `reports` (`reporter_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `content` ADD `removed_at` text;--> statement-breakpoint
ALTER TABLE `content` ADD `removed_note` text;--> statement-breakpoint
ALTER TABLE `content` ADD `removed_by` text;--> statement-breakpoint
CREATE INDEX `content_removed_idx` ON `content` (`removed_at`) WHERE "content"."removed_at" is not null;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_note` text;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_by` text;--> statement-breakpoint
ALTER TABLE `views` ADD `unpaid_reason` text;--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`,`created_at`);