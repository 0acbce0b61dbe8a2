CREATE TABLE `payout_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`amount_micros` integer NOT NULL,
	`payment_method` text NOT NULL,
	`payout_address` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`decided_at` text,
	`decided_by` text,
	`reason` text,
	`payment_id` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "payout_requests_amount_check" CHECK("payout_requests"."amount_micros" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_requests_open_unique` ON `payout_requests` (`user_id`) WHERE "payout_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX `payout_requests_user_idx` ON `payout_requests` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `payout_requests_status_created_idx` ON `payout_requests` (`status`,`created_at`);