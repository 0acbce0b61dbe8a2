DROP INDEX `notifications_user_at_idx`;--> statement-breakpoint
DROP INDEX `views_viewer_day_credited_idx`;--> statement-breakpoint
DROP INDEX `views_credit_slot_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `views_credit_slot_unique` ON `views` (`viewer_id`,`qualified_day`,`content_id`,`credit_slot`) WHERE "views"."credit_slot" is not null;