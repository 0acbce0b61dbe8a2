CREATE TABLE `follow_counts` (
	`creator_id` text PRIMARY KEY NOT NULL,
	`followers` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `follows` (
	`follower_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`follower_id`, `creator_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "follows_not_self_check" CHECK("follows"."follower_id" <> "follows"."creator_id")
);
--> statement-breakpoint
CREATE INDEX `follows_creator_idx` ON `follows` (`creator_id`,`follower_id`);--> statement-breakpoint
CREATE INDEX `follows_follower_created_idx` ON `follows` (`follower_id`,`created_at`,`creator_id`);--> statement-breakpoint
CREATE TABLE `notification_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`muted` text DEFAULT '' NOT NULL,
	`uploads_read_at` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`grp` text NOT NULL,
	`subject_id` text,
	`count` integer DEFAULT 1 NOT NULL,
	`amount_micros` integer DEFAULT 0 NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`at` text NOT NULL,
	`read_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_event_unique` ON `notifications` (`user_id`,`kind`,`ref`);--> statement-breakpoint
CREATE INDEX `notifications_user_at_idx` ON `notifications` (`user_id`,`at`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`,`at`) WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX `bonuses_awarded_idx` ON `bonuses` (`awarded_at`) WHERE "bonuses"."awarded_at" is not null;--> statement-breakpoint
-- Follower counts kept by the follows themselves (docs/decisions/046): only a row really inserted or deleted
-- counts, so an idempotent follow or unfollow changes nothing.
CREATE TRIGGER `follows_count_insert` AFTER INSERT ON `follows` BEGIN
  INSERT INTO `follow_counts` (`creator_id`, `followers`) VALUES (NEW.`creator_id`, 1)
    ON CONFLICT (`creator_id`) DO UPDATE SET `followers` = `followers` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `follows_count_delete` AFTER DELETE ON `follows` BEGIN
  UPDATE `follow_counts` SET `followers` = `followers` - 1 WHERE `creator_id` = OLD.`creator_id`;
END;
