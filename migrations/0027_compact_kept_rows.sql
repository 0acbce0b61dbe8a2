-- Written by hand from the schema of 0026 (drizzle cannot express WITHOUT ROWID or triggers), docs/decisions/056.
-- The rows D1 keeps for good or for a long window are small rows under a text key. A rowid table stores each key
-- twice (the row, and the primary key's own index); WITHOUT ROWID stores it once, in the primary key's b-tree,
-- which halves these tables. earning_days and traffic_day_counts put the day first, so a day range is read along
-- the primary key and no second index copies it. view_addresses loses the creator: a member watches from a few
-- address groups, so it grows with members, not with whom they watch (the bonus check pairs it with view_pairs).
-- A table is rebuilt by create, copy, drop, rename; a trigger that names a table cannot survive its drop, so
-- every trigger on or naming a rebuilt table is dropped first and created again, unchanged but for the
-- view_addresses insert, at the end. Last, two indexes of views that no query uses since 0025 go.
--> statement-breakpoint
DROP TRIGGER `content_stats_after_view`;
--> statement-breakpoint
DROP TRIGGER `content_stats_after_view_finished`;
--> statement-breakpoint
DROP TRIGGER `content_stats_after_creator_reward`;
--> statement-breakpoint
DROP TRIGGER `content_stats_after_creator_reversal`;
--> statement-breakpoint
DROP TRIGGER `view_aggregates_after_view`;
--> statement-breakpoint
DROP TRIGGER `view_aggregates_after_status`;
--> statement-breakpoint
DROP TRIGGER `member_view_days_after_reward`;
--> statement-breakpoint
DROP TRIGGER `member_view_days_after_reversal`;
--> statement-breakpoint
DROP TRIGGER `view_pairs_are_permanent`;
--> statement-breakpoint
DROP TRIGGER `view_addresses_are_permanent`;
--> statement-breakpoint
DROP TRIGGER `member_view_days_are_permanent`;
--> statement-breakpoint
CREATE TABLE `__new_view_pairs` (
	`viewer_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`qualified` integer DEFAULT 0 NOT NULL,
	`credited` integer DEFAULT 0 NOT NULL,
	`claim_upload_qualified` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`viewer_id`, `creator_id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_view_pairs` (`viewer_id`, `creator_id`, `views`, `qualified`, `credited`, `claim_upload_qualified`) SELECT `viewer_id`, `creator_id`, `views`, `qualified`, `credited`, `claim_upload_qualified` FROM `view_pairs`;
--> statement-breakpoint
DROP TABLE `view_pairs`;
--> statement-breakpoint
ALTER TABLE `__new_view_pairs` RENAME TO `view_pairs`;
--> statement-breakpoint
CREATE TABLE `__new_view_addresses` (
	`ip_hash` text NOT NULL,
	`viewer_id` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`qualified` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`ip_hash`, `viewer_id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_view_addresses` (`ip_hash`, `viewer_id`, `views`, `qualified`)
SELECT `ip_hash`, `viewer_id`, sum(`views`), sum(`qualified`) FROM `view_addresses` GROUP BY `ip_hash`, `viewer_id`;
--> statement-breakpoint
DROP TABLE `view_addresses`;
--> statement-breakpoint
ALTER TABLE `__new_view_addresses` RENAME TO `view_addresses`;
--> statement-breakpoint
CREATE INDEX `view_addresses_viewer_idx` ON `view_addresses` (`viewer_id`);
--> statement-breakpoint
CREATE TABLE `__new_member_view_days` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`side` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`qualified` integer DEFAULT 0 NOT NULL,
	`credited` integer DEFAULT 0 NOT NULL,
	`micros` integer DEFAULT 0 NOT NULL,
	`reversed` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `side`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_member_view_days` (`user_id`, `day`, `side`, `views`, `qualified`, `credited`, `micros`, `reversed`) SELECT `user_id`, `day`, `side`, `views`, `qualified`, `credited`, `micros`, `reversed` FROM `member_view_days`;
--> statement-breakpoint
DROP TABLE `member_view_days`;
--> statement-breakpoint
ALTER TABLE `__new_member_view_days` RENAME TO `member_view_days`;
--> statement-breakpoint
CREATE TABLE `__new_earning_days` (
	`user_id` text NOT NULL,
	`side` text NOT NULL,
	`day` text NOT NULL,
	`other_id` text NOT NULL,
	`amount_micros` integer NOT NULL,
	`views` integer NOT NULL,
	`site_views` integer NOT NULL,
	PRIMARY KEY(`day`, `user_id`, `side`, `other_id`),
	CONSTRAINT "earning_days_amount_check" CHECK("amount_micros" >= 0)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_earning_days` (`user_id`, `side`, `day`, `other_id`, `amount_micros`, `views`, `site_views`) SELECT `user_id`, `side`, `day`, `other_id`, `amount_micros`, `views`, `site_views` FROM `earning_days`;
--> statement-breakpoint
DROP TABLE `earning_days`;
--> statement-breakpoint
ALTER TABLE `__new_earning_days` RENAME TO `earning_days`;
--> statement-breakpoint
CREATE TABLE `__new_opening_balances` (
	`user_id` text NOT NULL,
	`side` text NOT NULL,
	`month` text NOT NULL,
	`amount_micros` integer NOT NULL,
	`rows` integer NOT NULL,
	PRIMARY KEY(`user_id`, `side`, `month`),
	CONSTRAINT "opening_balances_amount_check" CHECK("amount_micros" >= 0)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_opening_balances` (`user_id`, `side`, `month`, `amount_micros`, `rows`) SELECT `user_id`, `side`, `month`, `amount_micros`, `rows` FROM `opening_balances`;
--> statement-breakpoint
DROP TABLE `opening_balances`;
--> statement-breakpoint
ALTER TABLE `__new_opening_balances` RENAME TO `opening_balances`;
--> statement-breakpoint
CREATE TABLE `__new_content_day_stats` (
	`content_id` text NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`qualified_views` integer DEFAULT 0 NOT NULL,
	`watched_ms` integer DEFAULT 0 NOT NULL,
	`ai_recommended` integer DEFAULT 0 NOT NULL,
	`search` integer DEFAULT 0 NOT NULL,
	`browse` integer DEFAULT 0 NOT NULL,
	`follow` integer DEFAULT 0 NOT NULL,
	`shared_link` integer DEFAULT 0 NOT NULL,
	`creator_micros` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`content_id`, `day`),
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_content_day_stats` (`content_id`, `day`, `views`, `qualified_views`, `watched_ms`, `ai_recommended`, `search`, `browse`, `follow`, `shared_link`, `creator_micros`) SELECT `content_id`, `day`, `views`, `qualified_views`, `watched_ms`, `ai_recommended`, `search`, `browse`, `follow`, `shared_link`, `creator_micros` FROM `content_day_stats`;
--> statement-breakpoint
DROP TABLE `content_day_stats`;
--> statement-breakpoint
ALTER TABLE `__new_content_day_stats` RENAME TO `content_day_stats`;
--> statement-breakpoint
CREATE TABLE `__new_traffic_days` (
	`scope` text NOT NULL,
	`day` text NOT NULL,
	`sessions` integer NOT NULL,
	`views` integer NOT NULL,
	`duration` integer NOT NULL,
	`bounces` integer NOT NULL,
	PRIMARY KEY(`scope`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_traffic_days` (`scope`, `day`, `sessions`, `views`, `duration`, `bounces`) SELECT `scope`, `day`, `sessions`, `views`, `duration`, `bounces` FROM `traffic_days`;
--> statement-breakpoint
DROP TABLE `traffic_days`;
--> statement-breakpoint
ALTER TABLE `__new_traffic_days` RENAME TO `traffic_days`;
--> statement-breakpoint
CREATE TABLE `__new_traffic_day_counts` (
	`scope` text NOT NULL,
	`day` text NOT NULL,
	`dimension` text NOT NULL,
	`value` text NOT NULL,
	`sessions` integer NOT NULL,
	`conversions` integer NOT NULL,
	PRIMARY KEY(`day`, `scope`, `dimension`, `value`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_traffic_day_counts` (`scope`, `day`, `dimension`, `value`, `sessions`, `conversions`) SELECT `scope`, `day`, `dimension`, `value`, `sessions`, `conversions` FROM `traffic_day_counts`;
--> statement-breakpoint
DROP TABLE `traffic_day_counts`;
--> statement-breakpoint
ALTER TABLE `__new_traffic_day_counts` RENAME TO `traffic_day_counts`;
--> statement-breakpoint
CREATE TABLE `__new_traffic_page_days` (
	`scope` text DEFAULT '' NOT NULL,
	`day` text NOT NULL,
	`page_path` text NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY(`scope`, `day`, `page_path`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_traffic_page_days` (`scope`, `day`, `page_path`, `views`) SELECT `scope`, `day`, `page_path`, `views` FROM `traffic_page_days`;
--> statement-breakpoint
DROP TABLE `traffic_page_days`;
--> statement-breakpoint
ALTER TABLE `__new_traffic_page_days` RENAME TO `traffic_page_days`;
--> statement-breakpoint
CREATE INDEX `traffic_page_days_archive_idx` ON `traffic_page_days` (`day`,`scope`,`page_path`);
--> statement-breakpoint
CREATE TRIGGER `content_stats_after_view` AFTER INSERT ON `views`
WHEN new.viewer_id <> new.creator_id BEGIN
  INSERT INTO `content_day_stats` (`content_id`, `day`, `views`, `qualified_views`, `watched_ms`,
    `ai_recommended`, `search`, `browse`, `follow`, `shared_link`)
  SELECT new.content_id, substr(new.started_at, 1, 10), 1, new.qualified_at IS NOT NULL,
    min(max(new.watch_time_ms, 0), c.duration_ms),
    new.discovery_method = 'ai_recommended', new.discovery_method = 'search', new.discovery_method = 'browse',
    new.discovery_method = 'follow', new.discovery_method = 'shared_link'
  FROM `content` c WHERE c.id = new.content_id
  ON CONFLICT (`content_id`, `day`) DO UPDATE SET
    `views` = `views` + 1, `qualified_views` = `qualified_views` + excluded.qualified_views,
    `watched_ms` = `watched_ms` + excluded.watched_ms, `ai_recommended` = `ai_recommended` + excluded.ai_recommended,
    `search` = `search` + excluded.search, `browse` = `browse` + excluded.browse,
    `follow` = `follow` + excluded.follow, `shared_link` = `shared_link` + excluded.shared_link;
  INSERT INTO `content_retention` (`content_id`, `bucket`, `views`)
  SELECT new.content_id, min(100, max(0, new.max_position_ms * 100 / c.duration_ms)), 1
  FROM `content` c WHERE c.id = new.content_id
  ON CONFLICT (`content_id`, `bucket`) DO UPDATE SET `views` = `views` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_stats_after_view_finished` AFTER UPDATE OF `max_position_ms`, `watch_time_ms` ON `views`
WHEN new.viewer_id <> new.creator_id
  AND (new.max_position_ms <> old.max_position_ms OR new.watch_time_ms <> old.watch_time_ms) BEGIN
  UPDATE `content_day_stats` SET `watched_ms` = `watched_ms`
      + (SELECT min(max(new.watch_time_ms, 0), c.duration_ms) - min(max(old.watch_time_ms, 0), c.duration_ms)
         FROM `content` c WHERE c.id = new.content_id)
  WHERE `content_id` = new.content_id AND `day` = substr(new.started_at, 1, 10);
  UPDATE `content_retention` SET `views` = `views` - 1
  WHERE `content_id` = new.content_id
    AND `bucket` = (SELECT min(100, max(0, old.max_position_ms * 100 / c.duration_ms)) FROM `content` c WHERE c.id = new.content_id)
    AND `bucket` <> (SELECT min(100, max(0, new.max_position_ms * 100 / c.duration_ms)) FROM `content` c WHERE c.id = new.content_id);
  INSERT INTO `content_retention` (`content_id`, `bucket`, `views`)
  SELECT new.content_id, min(100, max(0, new.max_position_ms * 100 / c.duration_ms)), 1
  FROM `content` c
  WHERE c.id = new.content_id
    AND min(100, max(0, new.max_position_ms * 100 / c.duration_ms)) <> min(100, max(0, old.max_position_ms * 100 / c.duration_ms))
  ON CONFLICT (`content_id`, `bucket`) DO UPDATE SET `views` = `views` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_stats_after_creator_reward` AFTER INSERT ON `earnings`
WHEN new.kind = 'creator' AND new.view_id IS NOT NULL AND new.content_id IS NOT NULL BEGIN
  INSERT INTO `content_day_stats` (`content_id`, `day`, `creator_micros`)
  SELECT new.content_id, substr(new.created_at, 1, 10), new.amount_micros
  WHERE EXISTS (SELECT 1 FROM `content` c WHERE c.id = new.content_id)
  ON CONFLICT (`content_id`, `day`) DO UPDATE SET `creator_micros` = `creator_micros` + excluded.creator_micros;
END;
--> statement-breakpoint
CREATE TRIGGER `content_stats_after_creator_reversal` AFTER INSERT ON `reversals`
WHEN new.side = 'creator' BEGIN
  UPDATE `content_day_stats` SET `creator_micros` = `creator_micros` + new.amount_micros
  WHERE (`content_id`, `day`) = (SELECT e.content_id, substr(e.created_at, 1, 10) FROM `earnings` e
                                 WHERE e.id = new.earning_id AND e.kind = 'creator' AND e.view_id IS NOT NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `view_aggregates_after_view` AFTER INSERT ON `views` BEGIN
  INSERT INTO `view_pairs` (`viewer_id`, `creator_id`, `views`, `qualified`, `credited`, `claim_upload_qualified`)
  VALUES (new.viewer_id, new.creator_id, 1, new.qualified_at IS NOT NULL, new.status = 'credited',
    new.qualified_at IS NOT NULL AND EXISTS (SELECT 1 FROM `content` c JOIN `challenge_progress` cp ON cp.user_id = c.created_by
      WHERE c.id = new.content_id AND c.created_at BETWEEN cp.enrolled_at AND cp.deadline_at))
  ON CONFLICT (`viewer_id`, `creator_id`) DO UPDATE SET `views` = `views` + 1, `qualified` = `qualified` + excluded.qualified,
    `credited` = `credited` + excluded.credited, `claim_upload_qualified` = `claim_upload_qualified` + excluded.claim_upload_qualified;
  INSERT INTO `view_addresses` (`ip_hash`, `viewer_id`, `views`, `qualified`)
  SELECT new.ip_hash, new.viewer_id, 1, new.qualified_at IS NOT NULL WHERE new.ip_hash <> ''
  ON CONFLICT (`ip_hash`, `viewer_id`) DO UPDATE SET `views` = `views` + 1, `qualified` = `qualified` + excluded.qualified;
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
  INSERT INTO `member_view_days` (`user_id`, `day`, `side`, `views`, `qualified`, `credited`)
  VALUES (new.viewer_id, substr(new.started_at, 1, 10), 'viewer', 1, new.qualified_at IS NOT NULL, new.status = 'credited'),
         (new.creator_id, substr(new.started_at, 1, 10), 'creator', 1, new.qualified_at IS NOT NULL, new.status = 'credited')
  ON CONFLICT (`user_id`, `side`, `day`) DO UPDATE SET `views` = `views` + 1, `qualified` = `qualified` + excluded.qualified,
    `credited` = `credited` + excluded.credited;
END;
--> statement-breakpoint
CREATE TRIGGER `view_aggregates_after_status` AFTER UPDATE OF `status` ON `views`
WHEN (new.status = 'credited') <> (old.status = 'credited') BEGIN
  UPDATE `view_pairs` SET `credited` = `credited` + (new.status = 'credited') - (old.status = 'credited')
  WHERE `viewer_id` = new.viewer_id AND `creator_id` = new.creator_id;
  UPDATE `member_view_days` SET `credited` = `credited` + (new.status = 'credited') - (old.status = 'credited')
  WHERE ((`user_id` = new.viewer_id AND `side` = 'viewer') OR (`user_id` = new.creator_id AND `side` = 'creator'))
    AND `day` = substr(new.started_at, 1, 10);
END;
--> statement-breakpoint
CREATE TRIGGER `member_view_days_after_reward` AFTER INSERT ON `earnings`
WHEN new.view_id IS NOT NULL AND new.kind IN ('viewer', 'creator') BEGIN
  UPDATE `member_view_days` SET `micros` = `micros` + new.amount_micros
  WHERE `user_id` = new.user_id AND `side` = new.kind
    AND `day` = (SELECT substr(v.started_at, 1, 10) FROM `views` v WHERE v.id = new.view_id);
END;
--> statement-breakpoint
CREATE TRIGGER `member_view_days_after_reversal` AFTER INSERT ON `reversals`
WHEN new.view_id IS NOT NULL BEGIN
  UPDATE `member_view_days` SET `micros` = `micros` + new.amount_micros, `reversed` = `reversed` + 1
  WHERE `user_id` = new.user_id AND `side` = new.side
    AND `day` = (SELECT substr(v.started_at, 1, 10) FROM `views` v WHERE v.id = new.view_id);
END;
--> statement-breakpoint
CREATE TRIGGER `view_pairs_are_permanent` BEFORE DELETE ON `view_pairs` BEGIN
  SELECT RAISE(ABORT, 'view pairs are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `view_addresses_are_permanent` BEFORE DELETE ON `view_addresses` BEGIN
  SELECT RAISE(ABORT, 'view addresses are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `member_view_days_are_permanent` BEFORE DELETE ON `member_view_days` BEGIN
  SELECT RAISE(ABORT, 'member view days are permanent');
END;
--> statement-breakpoint
DROP INDEX `views_ip_hash_viewer_idx`;
--> statement-breakpoint
DROP INDEX `views_creator_viewer_idx`;
