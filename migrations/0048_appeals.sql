CREATE TABLE `appeals` (
	`id` text PRIMARY KEY NOT NULL,
	`action_id` text NOT NULL,
	`user_id` text NOT NULL,
	`text` text NOT NULL,
	`status` text NOT NULL,
	`decision_note` text DEFAULT '' NOT NULL,
	`decided_by` text,
	`decided_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`action_id`) REFERENCES `audit_log`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `appeals_action_unique` ON `appeals` (`action_id`);--> statement-breakpoint
CREATE INDEX `appeals_open_created_idx` ON `appeals` (`created_at`) WHERE "appeals"."status" = 'open';--> statement-breakpoint
CREATE INDEX `appeals_decided_idx` ON `appeals` (`decided_at`) WHERE "appeals"."status" <> 'open';