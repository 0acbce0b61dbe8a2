CREATE TABLE `page_visits` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`user_id` text,
	`page_path` text NOT NULL,
	`referrer` text,
	`visit_duration` integer DEFAULT 0 NOT NULL,
	`page_views` integer DEFAULT 1 NOT NULL,
	`device_type` text NOT NULL,
	`browser` text NOT NULL,
	`user_agent` text,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`utm_term` text,
	`utm_content` text,
	`ip_hash` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `page_visits_created_idx` ON `page_visits` (`created_at`,`session_id`);--> statement-breakpoint
CREATE INDEX `page_visits_path_created_idx` ON `page_visits` (`page_path`,`created_at`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text NOT NULL,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `challenge_progress` (
	`user_id` text NOT NULL,
	`challenge_id` text NOT NULL,
	`requirement_type` text NOT NULL,
	`requirement_value` integer NOT NULL,
	`bonus_micros` integer NOT NULL,
	`enrolled_at` text NOT NULL,
	`deadline_at` text NOT NULL,
	`progress_value` integer DEFAULT 0 NOT NULL,
	`completed_at` text,
	PRIMARY KEY(`user_id`, `challenge_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`challenge_id`) REFERENCES `challenges`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `challenge_progress_challenge_idx` ON `challenge_progress` (`challenge_id`,`completed_at`);--> statement-breakpoint
CREATE TABLE `challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`requirement_type` text NOT NULL,
	`requirement_value` integer NOT NULL,
	`bonus_micros` integer NOT NULL,
	`time_limit_hours` integer DEFAULT 24 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT "challenges_value_check" CHECK("challenges"."requirement_value" >= 0),
	CONSTRAINT "challenges_bonus_check" CHECK("challenges"."bonus_micros" >= 0),
	CONSTRAINT "challenges_hours_check" CHECK("challenges"."time_limit_hours" >= 1)
);
--> statement-breakpoint
CREATE TABLE `content` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`type` text NOT NULL,
	`tags` text DEFAULT '' NOT NULL,
	`r2_key` text NOT NULL,
	`media_size` integer NOT NULL,
	`media_content_type` text NOT NULL,
	`thumbnail_key` text,
	`duration_ms` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "content_type_check" CHECK("content"."type" in ('video', 'audio')),
	CONSTRAINT "content_duration_check" CHECK("content"."duration_ms" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_r2_key_unique` ON `content` (`r2_key`);--> statement-breakpoint
CREATE INDEX `content_created_idx` ON `content` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `content_type_created_idx` ON `content` (`type`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `content_creator_created_idx` ON `content` (`created_by`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `likes` (
	`user_id` text NOT NULL,
	`content_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `content_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `likes_content_idx` ON `likes` (`content_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`key` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`status` text NOT NULL,
	`multipart_upload_id` text,
	`created_at` text NOT NULL,
	`uploaded_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `uploads_status_created_idx` ON `uploads` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_user_idx` ON `uploads` (`user_id`);--> statement-breakpoint
CREATE TABLE `bonuses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`challenge_ids` text NOT NULL,
	`total_micros` integer NOT NULL,
	`status` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`awarded_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "bonuses_amount_check" CHECK("bonuses"."total_micros" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bonuses_signon_unique` ON `bonuses` (`user_id`) WHERE "bonuses"."kind" = 'signon';--> statement-breakpoint
CREATE INDEX `bonuses_user_idx` ON `bonuses` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `bonuses_pending_idx` ON `bonuses` (`created_at`) WHERE "bonuses"."status" = 'pending';--> statement-breakpoint
CREATE TABLE `earnings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`view_id` text,
	`content_id` text,
	`amount_micros` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "earnings_amount_check" CHECK("earnings"."amount_micros" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `earnings_view_side_unique` ON `earnings` (`view_id`,`kind`);--> statement-breakpoint
CREATE INDEX `earnings_user_created_idx` ON `earnings` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `earnings_created_idx` ON `earnings` (`created_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`amount_micros` integer NOT NULL,
	`payment_method` text NOT NULL,
	`payment_reference` text,
	`status` text NOT NULL,
	`notes` text,
	`created_by` text,
	`created_at` text NOT NULL,
	`processed_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "payments_amount_check" CHECK("payments"."amount_micros" > 0)
);
--> statement-breakpoint
CREATE INDEX `payments_user_created_idx` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_created_idx` ON `payments` (`created_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`username` text,
	`google_sub` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);--> statement-breakpoint
CREATE TABLE `playback_events` (
	`id` text PRIMARY KEY NOT NULL,
	`view_id` text NOT NULL,
	`event_type` text NOT NULL,
	`second_mark_ms` integer NOT NULL,
	`received_at` text NOT NULL,
	`accepted` integer NOT NULL,
	FOREIGN KEY (`view_id`) REFERENCES `views`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playback_events_view_idx` ON `playback_events` (`view_id`,`received_at`);--> statement-breakpoint
CREATE TABLE `views` (
	`id` text PRIMARY KEY NOT NULL,
	`content_id` text NOT NULL,
	`viewer_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`discovery_method` text NOT NULL,
	`device_fingerprint` text DEFAULT '' NOT NULL,
	`ip_hash` text DEFAULT '' NOT NULL,
	`started_at` text NOT NULL,
	`max_position_ms` integer DEFAULT 0 NOT NULL,
	`last_event_at` text NOT NULL,
	`qualified_at` text,
	`qualified_day` text,
	`status` text DEFAULT 'open' NOT NULL,
	`watch_time_ms` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`viewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `views_pending_idx` ON `views` (`qualified_at`) WHERE "views"."status" = 'qualified';--> statement-breakpoint
CREATE INDEX `views_viewer_content_idx` ON `views` (`viewer_id`,`content_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `views_content_idx` ON `views` (`content_id`,`qualified_at`);