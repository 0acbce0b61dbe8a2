CREATE TABLE `content_storyboards` (
	`content_id` text PRIMARY KEY NOT NULL,
	`r2_key` text NOT NULL,
	`interval_ms` integer NOT NULL,
	`columns` integer NOT NULL,
	`rows` integer NOT NULL,
	`frame_width` integer NOT NULL,
	`frame_height` integer NOT NULL,
	`count` integer NOT NULL,
	`size` integer NOT NULL,
	`created_by` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade
);
