CREATE TABLE `earning_days` (
	`user_id` text NOT NULL,
	`side` text NOT NULL,
	`day` text NOT NULL,
	`other_id` text NOT NULL,
	`amount_micros` integer NOT NULL,
	`views` integer NOT NULL,
	`site_views` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`, `side`, `other_id`),
	CONSTRAINT "earning_days_amount_check" CHECK("earning_days"."amount_micros" >= 0)
);
--> statement-breakpoint
CREATE INDEX `earning_days_day_idx` ON `earning_days` (`day`);--> statement-breakpoint
CREATE TABLE `opening_balances` (
	`user_id` text NOT NULL,
	`side` text NOT NULL,
	`month` text NOT NULL,
	`amount_micros` integer NOT NULL,
	`rows` integer NOT NULL,
	PRIMARY KEY(`user_id`, `side`, `month`),
	CONSTRAINT "opening_balances_amount_check" CHECK("opening_balances"."amount_micros" >= 0)
);
--> statement-breakpoint
ALTER TABLE `credit_notices` ADD `untold_folded_micros` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle cannot express triggers), like 0013. Facts stay permanent (docs/decisions/028) with
-- one exception, the period close (docs/decisions/052): a view reward may leave D1 only in the batch that
-- archives its view, i.e. when an `archive_parts` row of dataset 'views' covers the view (its started_at day,
-- after_key < view id <= last_key). That batch deletes the earnings before the views, so the view is still
-- there to be checked. Every other delete of a view reward is refused as before.
DROP TRIGGER `view_rewards_are_permanent`;
--> statement-breakpoint
CREATE TRIGGER `view_rewards_are_permanent` BEFORE DELETE ON `earnings` WHEN old.view_id IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM `archive_parts` p JOIN `views` v ON v.id = old.view_id
  WHERE p.dataset = 'views' AND p.day = substr(v.started_at, 1, 10) AND v.id > p.after_key AND v.id <= p.last_key
) BEGIN
  SELECT RAISE(ABORT, 'view rewards are permanent');
END;
