ALTER TABLE `content` ADD `media_bytes_per_second` integer;--> statement-breakpoint
ALTER TABLE `content` ADD `width` integer;--> statement-breakpoint
ALTER TABLE `content` ADD `height` integer;--> statement-breakpoint
ALTER TABLE `content` ADD `frame_rate` real;--> statement-breakpoint
ALTER TABLE `content` ADD `earn_block` text;