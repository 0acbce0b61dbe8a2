-- Written by hand (drizzle cannot express WITHOUT ROWID or triggers), docs/decisions/060. Rows D1 keeps smaller.
-- view_addresses keys an address group by the first 16 hex digits (64 bits) of its SHA-256 instead of 32: the key is
-- stored twice (the primary key and the member's index), the table is kept for good, and two address groups share a
-- 64-bit prefix with odds of about one in 3,000 at a hundred million groups (a shared prefix can only join two groups
-- in the shared-address checks, never split one). Rows whose keys now meet are added up. The trigger that writes the
-- table is dropped first and created again with the shorter key (addressKeySql in kept-numbers.ts).
DROP TRIGGER `view_aggregates_after_view`;
--> statement-breakpoint
DROP TRIGGER `view_addresses_are_permanent`;
--> statement-breakpoint
CREATE TABLE `__new_view_addresses` (
	`ip_hash` text NOT NULL,
	`viewer_num` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`qualified` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`ip_hash`, `viewer_num`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_view_addresses` (`ip_hash`, `viewer_num`, `views`, `qualified`)
SELECT substr(`ip_hash`, 1, 16), `viewer_num`, sum(`views`), sum(`qualified`) FROM `view_addresses` GROUP BY 1, 2;
--> statement-breakpoint
DROP TABLE `view_addresses`;
--> statement-breakpoint
ALTER TABLE `__new_view_addresses` RENAME TO `view_addresses`;
--> statement-breakpoint
CREATE INDEX `view_addresses_viewer_idx` ON `view_addresses` (`viewer_num`);
--> statement-breakpoint
CREATE TRIGGER `view_addresses_are_permanent` BEFORE DELETE ON `view_addresses` BEGIN
  SELECT RAISE(ABORT, 'view addresses are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `view_aggregates_after_view` AFTER INSERT ON `views` BEGIN
  INSERT INTO `view_pairs` (`viewer_num`, `creator_num`, `views`, `qualified`, `credited`, `claim_upload_qualified`)
  VALUES ((SELECT `num` FROM `users` WHERE `id` = new.viewer_id), (SELECT `num` FROM `users` WHERE `id` = new.creator_id),
    1, new.qualified_at IS NOT NULL, new.status = 'credited',
    new.qualified_at IS NOT NULL AND EXISTS (SELECT 1 FROM `content` c JOIN `challenge_progress` cp ON cp.user_id = c.created_by
      WHERE c.id = new.content_id AND c.created_at BETWEEN cp.enrolled_at AND cp.deadline_at))
  ON CONFLICT (`viewer_num`, `creator_num`) DO UPDATE SET `views` = `views` + 1, `qualified` = `qualified` + excluded.qualified,
    `credited` = `credited` + excluded.credited, `claim_upload_qualified` = `claim_upload_qualified` + excluded.claim_upload_qualified;
  INSERT INTO `view_addresses` (`ip_hash`, `viewer_num`, `views`, `qualified`)
  SELECT substr(new.ip_hash, 1, 16), (SELECT `num` FROM `users` WHERE `id` = new.viewer_id), 1, new.qualified_at IS NOT NULL
  WHERE new.ip_hash <> ''
  ON CONFLICT (`ip_hash`, `viewer_num`) DO UPDATE SET `views` = `views` + 1, `qualified` = `qualified` + excluded.qualified;
  INSERT INTO `content_view_totals` (`content_id`, `views`, `qualified`, `watch_ms`)
  VALUES (new.content_id, 1, new.qualified_at IS NOT NULL, new.watch_time_ms)
  ON CONFLICT (`content_id`) DO UPDATE SET `views` = `views` + 1, `qualified` = `qualified` + excluded.qualified,
    `watch_ms` = `watch_ms` + excluded.watch_ms;
  INSERT INTO `viewer_view_totals` (`viewer_id`, `views`, `watch_ms`, `last_event_at`)
  VALUES (new.viewer_id, 1, new.watch_time_ms, new.last_event_at)
  ON CONFLICT (`viewer_id`) DO UPDATE SET `views` = `views` + 1, `watch_ms` = `watch_ms` + excluded.watch_ms,
    `last_event_at` = max(`last_event_at`, excluded.last_event_at);
  INSERT INTO `view_discovery_totals` (`method`, `views`) VALUES (new.discovery_method, 1)
  ON CONFLICT (`method`) DO UPDATE SET `views` = `views` + 1;
  INSERT INTO `member_view_days` (`user_num`, `day`, `side`, `views`, `qualified`, `credited`)
  VALUES ((SELECT `num` FROM `users` WHERE `id` = new.viewer_id), cast(julianday(substr(new.started_at, 1, 10)) - 2440587.5 AS integer), 0, 1,
          new.qualified_at IS NOT NULL, new.status = 'credited'),
         ((SELECT `num` FROM `users` WHERE `id` = new.creator_id), cast(julianday(substr(new.started_at, 1, 10)) - 2440587.5 AS integer), 1, 1,
          new.qualified_at IS NOT NULL, new.status = 'credited')
  ON CONFLICT (`user_num`, `side`, `day`) DO UPDATE SET `views` = `views` + 1, `qualified` = `qualified` + excluded.qualified,
    `credited` = `credited` + excluded.credited;
END;
--> statement-breakpoint
-- notifications names the member by number (users.num) instead of the 26-letter id: in the row and in both indexes
-- that lead with the member. Rows keep their ids (the API names a row by it).
CREATE TABLE `__new_notifications` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_num` integer NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`grp` text NOT NULL,
	`subject_id` text,
	`count` integer DEFAULT 1 NOT NULL,
	`amount_micros` integer DEFAULT 0 NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`at` text NOT NULL,
	`read_at` text
);
--> statement-breakpoint
INSERT INTO `__new_notifications` (`id`, `user_num`, `kind`, `ref`, `grp`, `subject_id`, `count`, `amount_micros`, `detail`, `at`, `read_at`)
SELECT n.`id`, u.`num`, n.`kind`, n.`ref`, n.`grp`, n.`subject_id`, n.`count`, n.`amount_micros`, n.`detail`, n.`at`, n.`read_at`
FROM `notifications` n JOIN `users` u ON u.`id` = n.`user_id`;
--> statement-breakpoint
DROP TABLE `notifications`;
--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_event_unique` ON `notifications` (`user_num`,`kind`,`ref`);
--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_num`,`at`) WHERE "notifications"."read_at" is null;
--> statement-breakpoint
CREATE INDEX `notifications_at_idx` ON `notifications` (`at`);
--> statement-breakpoint
-- opening_balances stores its side as 0 (viewer) or 1 (creator) and its month as the number YYYYMM: a byte and three
-- where the text took 7 each, in a table with a row per member, side and month kept for good.
CREATE TABLE `__new_opening_balances` (
	`user_num` integer NOT NULL,
	`side` integer NOT NULL,
	`month` integer NOT NULL,
	`amount_micros` integer NOT NULL,
	`rows` integer NOT NULL,
	PRIMARY KEY(`user_num`, `side`, `month`),
	CONSTRAINT "opening_balances_amount_check" CHECK("amount_micros" >= 0)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_opening_balances` (`user_num`, `side`, `month`, `amount_micros`, `rows`)
SELECT `user_num`, `side` = 'creator', cast(substr(`month`, 1, 4) || substr(`month`, 6, 2) AS integer), `amount_micros`, `rows`
FROM `opening_balances`;
--> statement-breakpoint
DROP TABLE `opening_balances`;
--> statement-breakpoint
ALTER TABLE `__new_opening_balances` RENAME TO `opening_balances`;
--> statement-breakpoint
-- traffic_sessions and page_visits, the raw traffic D1 holds for the visits window, are stored by their primary key
-- (WITHOUT ROWID): the key no longer sits twice (a rowid table and its key's index). Nothing reads either by rowid.
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
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_traffic_sessions` SELECT `scope`, `session_id`, `first_at`, `last_at`, `page_views`, `max_duration`, `source`,
  `device_type`, `campaign`, `tagged`, `converted` FROM `traffic_sessions`;
--> statement-breakpoint
DROP TABLE `traffic_sessions`;
--> statement-breakpoint
ALTER TABLE `__new_traffic_sessions` RENAME TO `traffic_sessions`;
--> statement-breakpoint
CREATE INDEX `traffic_sessions_archive_idx` ON `traffic_sessions` (`first_at`,`scope`,`session_id`);
--> statement-breakpoint
CREATE TABLE `__new_page_visits` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`user_id` text,
	`page_path` text NOT NULL,
	`referrer` text,
	`visit_duration` integer DEFAULT 0 NOT NULL,
	`page_views` integer DEFAULT 1 NOT NULL,
	`device_type` text NOT NULL,
	`browser` text NOT NULL,
	`user_agent` text,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`utm_term` text,
	`utm_content` text,
	`ip_hash` text,
	`created_at` text NOT NULL,
	`source` text DEFAULT 'Direct' NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_page_visits` SELECT `id`, `session_id`, `user_id`, `page_path`, `referrer`, `visit_duration`, `page_views`,
  `device_type`, `browser`, `user_agent`, `utm_source`, `utm_medium`, `utm_campaign`, `utm_term`, `utm_content`, `ip_hash`,
  `created_at`, `source` FROM `page_visits`;
--> statement-breakpoint
DROP TABLE `page_visits`;
--> statement-breakpoint
ALTER TABLE `__new_page_visits` RENAME TO `page_visits`;
--> statement-breakpoint
CREATE INDEX `page_visits_created_idx` ON `page_visits` (`created_at`,`id`);
--> statement-breakpoint
-- The items each member finished in the last week (qualified views), kept for the recommender once views may leave
-- D1 the day after their hold (docs/decisions/060): day (days since 1970-01-01 of qualified_at), member number, item.
-- Filled from the views D1 still holds, then by a trigger on each view's insert.
CREATE TABLE `recent_finishes` (
	`day` integer NOT NULL,
	`viewer_num` integer NOT NULL,
	`content_id` text NOT NULL,
	`at` text NOT NULL,
	PRIMARY KEY(`day`, `viewer_num`, `content_id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `recent_finishes` (`day`, `viewer_num`, `content_id`, `at`)
SELECT cast(julianday(substr(v.`qualified_at`, 1, 10)) - 2440587.5 AS integer), u.`num`, v.`content_id`, max(v.`qualified_at`)
FROM `views` v JOIN `users` u ON u.`id` = v.`viewer_id`
WHERE v.`qualified_at` IS NOT NULL AND v.`qualified_at` >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-8 days')
GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `recent_finishes_after_view` AFTER INSERT ON `views`
WHEN new.qualified_at IS NOT NULL BEGIN
  INSERT INTO `recent_finishes` (`day`, `viewer_num`, `content_id`, `at`)
  VALUES (cast(julianday(substr(new.qualified_at, 1, 10)) - 2440587.5 AS integer),
          (SELECT `num` FROM `users` WHERE `id` = new.viewer_id), new.content_id, new.qualified_at)
  ON CONFLICT (`day`, `viewer_num`, `content_id`) DO UPDATE SET `at` = max(`at`, excluded.`at`);
END;
