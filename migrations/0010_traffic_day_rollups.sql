CREATE TABLE `traffic_day_counts` (
	`scope` text NOT NULL,
	`day` text NOT NULL,
	`dimension` text NOT NULL,
	`value` text NOT NULL,
	`sessions` integer NOT NULL,
	`conversions` integer NOT NULL,
	PRIMARY KEY(`scope`, `day`, `dimension`, `value`)
);
--> statement-breakpoint
CREATE TABLE `traffic_days` (
	`scope` text NOT NULL,
	`day` text NOT NULL,
	`sessions` integer NOT NULL,
	`views` integer NOT NULL,
	`duration` integer NOT NULL,
	`bounces` integer NOT NULL,
	PRIMARY KEY(`scope`, `day`)
);
--> statement-breakpoint
CREATE TABLE `traffic_page_totals` (
	`range_days` integer NOT NULL,
	`scope` text NOT NULL,
	`page_path` text NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY(`range_days`, `scope`, `page_path`)
);
--> statement-breakpoint
CREATE INDEX `traffic_page_totals_top_idx` ON `traffic_page_totals` (`range_days`,`scope`,"views" desc,`page_path`);--> statement-breakpoint
CREATE TABLE `traffic_page_totals_state` (
	`range_days` integer PRIMARY KEY NOT NULL,
	`as_of` text NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_traffic_sessions` (
	`scope` text DEFAULT '' NOT NULL,
	`session_id` text NOT NULL,
	`first_at` text NOT NULL,
	`last_at` text NOT NULL,
	`page_views` integer NOT NULL,
	`max_duration` integer NOT NULL,
	`source` text NOT NULL,
	`device_type` text NOT NULL,
	`campaign` text,
	`tagged` integer NOT NULL,
	`converted` integer NOT NULL,
	PRIMARY KEY(`scope`, `session_id`)
);
--> statement-breakpoint
INSERT INTO `__new_traffic_sessions`("scope", "session_id", "first_at", "last_at", "page_views", "max_duration", "source", "device_type", "campaign", "tagged", "converted") SELECT '', "session_id", "first_at", "last_at", "page_views", "max_duration", "source", "device_type", "campaign", "tagged", "converted" FROM `traffic_sessions`;--> statement-breakpoint
DROP TABLE `traffic_sessions`;--> statement-breakpoint
ALTER TABLE `__new_traffic_sessions` RENAME TO `traffic_sessions`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `traffic_sessions_dashboard_idx` ON `traffic_sessions` (`scope`,`first_at`,`source`,`device_type`,`campaign`,`tagged`,`page_views`,`max_duration`,`converted`);--> statement-breakpoint
CREATE TABLE `__new_traffic_page_days` (
	`scope` text DEFAULT '' NOT NULL,
	`day` text NOT NULL,
	`page_path` text NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY(`scope`, `day`, `page_path`)
);
--> statement-breakpoint
INSERT INTO `__new_traffic_page_days`("scope", "day", "page_path", "views") SELECT '', "day", "page_path", "views" FROM `traffic_page_days`;--> statement-breakpoint
DROP TABLE `traffic_page_days`;--> statement-breakpoint
ALTER TABLE `__new_traffic_page_days` RENAME TO `traffic_page_days`;--> statement-breakpoint
-- Backfill from the visits already stored (hand-written: drizzle-kit generates schema only; docs/decisions/020).
-- Each creator's sessions: the visits of a session to the creator's page and content pages. The first visit's
-- source and device, the first campaign (created_at is fixed-width ISO text, so min() of it and a value picks the
-- first visit's value).
INSERT INTO `traffic_sessions` (`scope`, `session_id`, `first_at`, `last_at`, `page_views`, `max_duration`, `source`, `device_type`, `campaign`, `tagged`, `converted`)
SELECT cp.`scope`, pv.`session_id`, min(pv.`created_at`), max(pv.`created_at`), count(*), max(pv.`visit_duration`),
  substr(min(pv.`created_at` || pv.`source`), 25), substr(min(pv.`created_at` || pv.`device_type`), 25),
  substr(min(CASE WHEN pv.`utm_campaign` IS NOT NULL THEN pv.`created_at` || pv.`utm_campaign` END), 25),
  max(pv.`utm_source` IS NOT NULL OR pv.`utm_medium` IS NOT NULL OR pv.`utm_campaign` IS NOT NULL OR pv.`utm_term` IS NOT NULL OR pv.`utm_content` IS NOT NULL), 0
FROM (SELECT '/content/' || `id` AS `path`, `created_by` AS `scope` FROM `content` UNION ALL SELECT '/creator/' || `id`, `id` FROM `users`) cp
JOIN `page_visits` pv ON pv.`page_path` = cp.`path`
GROUP BY cp.`scope`, pv.`session_id`;
--> statement-breakpoint
-- A creator's session converted when one of its visits came from an account created after the session began.
UPDATE `traffic_sessions` SET `converted` = 1 WHERE `scope` <> '' AND EXISTS (
  SELECT 1 FROM `page_visits` pv JOIN `users` u ON u.`id` = pv.`user_id`
  WHERE pv.`session_id` = `traffic_sessions`.`session_id` AND pv.`user_id` IS NOT NULL AND u.`created_at` >= `traffic_sessions`.`first_at`
    AND (pv.`page_path` = '/creator/' || `traffic_sessions`.`scope`
      OR pv.`page_path` IN (SELECT '/content/' || c.`id` FROM `content` c WHERE c.`created_by` = `traffic_sessions`.`scope`)));
--> statement-breakpoint
INSERT INTO `traffic_page_days` (`scope`, `day`, `page_path`, `views`)
SELECT cp.`scope`, date(pv.`created_at`), pv.`page_path`, count(*)
FROM (SELECT '/content/' || `id` AS `path`, `created_by` AS `scope` FROM `content` UNION ALL SELECT '/creator/' || `id`, `id` FROM `users`) cp
JOIN `page_visits` pv ON pv.`page_path` = cp.`path`
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The day rollups of the site and of every creator, from the sessions.
INSERT INTO `traffic_days` (`scope`, `day`, `sessions`, `views`, `duration`, `bounces`)
SELECT `scope`, date(`first_at`), count(*), sum(`page_views`), sum(`max_duration`), sum(`page_views` = 1) FROM `traffic_sessions` GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `traffic_day_counts` (`scope`, `day`, `dimension`, `value`, `sessions`, `conversions`)
SELECT `scope`, date(`first_at`), 'source', `source`, count(*), 0 FROM `traffic_sessions` GROUP BY 1, 2, 4
UNION ALL SELECT `scope`, date(`first_at`), 'device', `device_type`, count(*), 0 FROM `traffic_sessions` GROUP BY 1, 2, 4
UNION ALL SELECT `scope`, date(`first_at`), 'campaign', coalesce(`campaign`, 'Unknown'), count(*), sum(`converted`) FROM `traffic_sessions` WHERE `tagged` GROUP BY 1, 2, 4;
