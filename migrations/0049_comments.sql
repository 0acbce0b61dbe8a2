CREATE TABLE `comments` (
	`id` text PRIMARY KEY NOT NULL,
	`content_id` text NOT NULL,
	`author_id` text NOT NULL,
	`parent_id` text,
	`body` text NOT NULL,
	`reply_count` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`edited_at` text,
	`deleted_at` text,
	`pinned_at` text,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "comments_body_length_check" CHECK(length("comments"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE INDEX `comments_content_parent_idx` ON `comments` (`content_id`,`parent_id`,`id`);