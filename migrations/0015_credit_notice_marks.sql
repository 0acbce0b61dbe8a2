CREATE TABLE `credit_notices` (
	`user_id` text PRIMARY KEY NOT NULL,
	`seen_rowid` integer NOT NULL,
	`told_micros` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `earnings_viewer_notice_idx` ON `earnings` (`user_id`) WHERE "earnings"."kind" = 'viewer';--> statement-breakpoint
-- Members are told only of credits from now on: each existing member's mark starts at their last view reward.
INSERT INTO `credit_notices` (`user_id`, `seen_rowid`, `told_micros`)
  SELECT `user_id`, max(rowid), 0 FROM `earnings` WHERE `kind` = 'viewer' GROUP BY `user_id`;
