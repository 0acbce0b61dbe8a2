CREATE TABLE `content_day_stats` (
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
);
--> statement-breakpoint
CREATE TABLE `content_retention` (
	`content_id` text NOT NULL,
	`bucket` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`content_id`, `bucket`),
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Written by hand (drizzle cannot express triggers), like 0013 and 0019. The creator studio's rows are kept in
-- the statement that writes each fact (docs/decisions/048): the watch-session object's one insert of a view
-- (`on conflict do nothing`, so a retried batch inserts nothing and counts nothing), its "finished" update
-- (moves only forward; an update that changes nothing changes no counter), a creator reward (unique per view
-- and side) and its reversal (keyed by the earning). Views by the item's creator are left out, as in
-- view_count. A view's bucket is its furthest accepted position in whole percent of the item, 0..100.
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
-- Rows for the facts written before this migration, from the same definitions.
INSERT INTO `content_day_stats` (`content_id`, `day`, `views`, `qualified_views`, `watched_ms`,
  `ai_recommended`, `search`, `browse`, `follow`, `shared_link`)
SELECT v.content_id, substr(v.started_at, 1, 10), count(*), sum(v.qualified_at IS NOT NULL),
  sum(min(max(v.watch_time_ms, 0), c.duration_ms)),
  sum(v.discovery_method = 'ai_recommended'), sum(v.discovery_method = 'search'), sum(v.discovery_method = 'browse'),
  sum(v.discovery_method = 'follow'), sum(v.discovery_method = 'shared_link')
FROM `views` v JOIN `content` c ON c.id = v.content_id
WHERE v.viewer_id <> v.creator_id
GROUP BY v.content_id, substr(v.started_at, 1, 10);
--> statement-breakpoint
INSERT INTO `content_retention` (`content_id`, `bucket`, `views`)
SELECT v.content_id, min(100, max(0, v.max_position_ms * 100 / c.duration_ms)), count(*)
FROM `views` v JOIN `content` c ON c.id = v.content_id
WHERE v.viewer_id <> v.creator_id
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `content_day_stats` (`content_id`, `day`, `creator_micros`)
SELECT e.content_id, substr(e.created_at, 1, 10), sum(e.amount_micros) + coalesce(sum(r.amount_micros), 0)
FROM `earnings` e JOIN `content` c ON c.id = e.content_id LEFT JOIN `reversals` r ON r.earning_id = e.id
WHERE e.kind = 'creator' AND e.view_id IS NOT NULL
GROUP BY 1, 2
ON CONFLICT (`content_id`, `day`) DO UPDATE SET `creator_micros` = excluded.creator_micros;
