CREATE TABLE `bonus_reversals` (
	`bonus_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`amount_micros` integer NOT NULL,
	`reason` text NOT NULL,
	`review_id` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`bonus_id`) REFERENCES `bonuses`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "bonus_reversals_amount_check" CHECK("bonus_reversals"."amount_micros" < 0)
);
--> statement-breakpoint
CREATE INDEX `bonus_reversals_user_idx` ON `bonus_reversals` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bonuses_held_idx` ON `bonuses` (`available_at`) WHERE "bonuses"."status" = 'awarded' and "bonuses"."kind" = 'signon';--> statement-breakpoint
CREATE INDEX `reviews_rule_subject_idx` ON `reviews` (`rule`,`subject`);--> statement-breakpoint
-- Written by hand, as in 0013: a bonus reversal is a permanent fact like a view reversal (docs/decisions/028, 031).
CREATE TRIGGER `bonus_reversals_are_permanent` BEFORE DELETE ON `bonus_reversals` BEGIN
  SELECT RAISE(ABORT, 'bonus reversals are permanent');
END;
