CREATE TABLE `reversals` (
	`earning_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`side` text NOT NULL,
	`view_id` text,
	`amount_micros` integer NOT NULL,
	`reason` text NOT NULL,
	`review_id` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`earning_id`) REFERENCES `earnings`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "reversals_amount_check" CHECK("reversals"."amount_micros" < 0)
);
--> statement-breakpoint
CREATE INDEX `reversals_user_created_idx` ON `reversals` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reversals_created_idx` ON `reversals` (`created_at`);--> statement-breakpoint
CREATE INDEX `reversals_view_idx` ON `reversals` (`view_id`);--> statement-breakpoint
CREATE TABLE `review_earnings` (
	`review_id` text NOT NULL,
	`earning_id` text NOT NULL,
	`rule` text NOT NULL,
	PRIMARY KEY(`review_id`, `earning_id`),
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`earning_id`) REFERENCES `earnings`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `review_earnings_earning_idx` ON `review_earnings` (`earning_id`,`rule`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`rule` text NOT NULL,
	`subject` text NOT NULL,
	`user_ids` text NOT NULL,
	`evidence` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`decided_by` text,
	`decided_at` text,
	`note` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_open_subject_unique` ON `reviews` (`rule`,`subject`) WHERE "reviews"."status" = 'open';--> statement-breakpoint
CREATE INDEX `reviews_status_created_idx` ON `reviews` (`status`,`created_at`);--> statement-breakpoint
DROP INDEX `views_ip_hash_idx`;--> statement-breakpoint
CREATE INDEX `views_ip_hash_viewer_idx` ON `views` (`ip_hash`,`viewer_id`) WHERE "views"."ip_hash" <> '';--> statement-breakpoint
CREATE INDEX `views_viewer_started_idx` ON `views` (`viewer_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `views_creator_viewer_idx` ON `views` (`creator_id`,`viewer_id`);--> statement-breakpoint
CREATE INDEX `views_creator_started_idx` ON `views` (`creator_id`,`started_at`);--> statement-breakpoint
ALTER TABLE `bonuses` ADD `available_at` text;--> statement-breakpoint
ALTER TABLE `earnings` ADD `available_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `earnings_held_idx` ON `earnings` (`available_at`) WHERE "earnings"."view_id" is not null;--> statement-breakpoint
-- Credits written before holds existed were available when written.
UPDATE `earnings` SET `available_at` = `created_at` WHERE `available_at` = '';--> statement-breakpoint
UPDATE `bonuses` SET `available_at` = coalesce(`awarded_at`, `created_at`) WHERE `status` = 'awarded';
