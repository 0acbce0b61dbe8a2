DROP TABLE `playback_events`;--> statement-breakpoint
ALTER TABLE `bonuses` ADD `review_reasons` text;--> statement-breakpoint
ALTER TABLE `bonuses` ADD `review_note` text;--> statement-breakpoint
ALTER TABLE `bonuses` ADD `reviewed_by` text;--> statement-breakpoint
ALTER TABLE `bonuses` ADD `reviewed_at` text;--> statement-breakpoint
ALTER TABLE `views` ADD `end_reason` text;--> statement-breakpoint
CREATE INDEX `views_viewer_day_credited_idx` ON `views` (`viewer_id`,`qualified_day`) WHERE "views"."credit_slot" is not null;--> statement-breakpoint
CREATE INDEX `views_ip_hash_idx` ON `views` (`ip_hash`) WHERE "views"."ip_hash" <> '';