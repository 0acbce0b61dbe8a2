CREATE TABLE `traffic_page_days` (
	`day` text NOT NULL,
	`page_path` text NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY(`day`, `page_path`)
);
--> statement-breakpoint
CREATE TABLE `traffic_sessions` (
	`session_id` text PRIMARY KEY NOT NULL,
	`first_at` text NOT NULL,
	`last_at` text NOT NULL,
	`page_views` integer NOT NULL,
	`max_duration` integer NOT NULL,
	`source` text NOT NULL,
	`device_type` text NOT NULL,
	`campaign` text,
	`tagged` integer NOT NULL,
	`converted` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `traffic_sessions_first_idx` ON `traffic_sessions` (`first_at`);--> statement-breakpoint
CREATE INDEX `page_visits_session_user_idx` ON `page_visits` (`session_id`,`user_id`) WHERE "page_visits"."user_id" is not null;--> statement-breakpoint
-- Backfill the rollups from the visits already stored (hand-written: drizzle-kit generates schema only).
INSERT INTO `traffic_sessions` (`session_id`, `first_at`, `last_at`, `page_views`, `max_duration`, `source`, `device_type`, `campaign`, `tagged`, `converted`)
SELECT `session_id`, min(`created_at`), max(`created_at`), count(*), max(`visit_duration`), max(`source`), max(`device_type`), max(`utm_campaign`),
  max(`utm_source` IS NOT NULL OR `utm_medium` IS NOT NULL OR `utm_campaign` IS NOT NULL OR `utm_term` IS NOT NULL OR `utm_content` IS NOT NULL), 0
FROM `page_visits` GROUP BY `session_id`;
--> statement-breakpoint
UPDATE `traffic_sessions` SET `converted` = 1 WHERE EXISTS (
  SELECT 1 FROM `page_visits` pv JOIN `users` u ON u.`id` = pv.`user_id`
  WHERE pv.`session_id` = `traffic_sessions`.`session_id` AND u.`created_at` BETWEEN `traffic_sessions`.`first_at` AND `traffic_sessions`.`last_at`);
--> statement-breakpoint
INSERT INTO `traffic_page_days` (`day`, `page_path`, `views`)
SELECT date(`created_at`), `page_path`, count(*) FROM `page_visits` GROUP BY 1, 2;
