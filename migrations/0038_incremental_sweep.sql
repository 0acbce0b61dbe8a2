-- The tables from drizzle-kit, then by hand: the counters WITHOUT ROWID (their key is their only index: one row
-- written per change, not two; drizzle cannot express it), docs/decisions/080.
CREATE TABLE `held_items` (
	`content_id` text PRIMARY KEY NOT NULL,
	`held` integer DEFAULT 0 NOT NULL,
	`other_day` integer DEFAULT 0 NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `held_pairs` (
	`viewer_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`held` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`viewer_id`, `creator_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `held_viewer_days` (
	`viewer_id` text NOT NULL,
	`day` text NOT NULL,
	`held` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`viewer_id`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `sweep_dirty` (
	`kind` integer NOT NULL,
	`subject` text NOT NULL,
	`seq` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`kind`, `subject`)
);
--> statement-breakpoint
-- Written by hand below (drizzle cannot express triggers), docs/decisions/080-incremental-sweep.md: the sweep's
-- counters of held view rewards are kept by triggers in the statement that writes the fact, and every fact a
-- rule over held rewards reads marks the subjects it changes. `sweep_held_through` (settings) is the sweep's
-- mark: a reward counts while its available_at is past it; the sweep moves it and takes out what it passes
-- (queries/reviews/held-counters.ts). Absent on a database with no view reward yet: every new reward counts.
INSERT INTO `settings` (`key`, `value`, `updated_at`)
SELECT 'sweep_held_through', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE EXISTS (SELECT 1 FROM `earnings` WHERE `view_id` IS NOT NULL);
--> statement-breakpoint
INSERT INTO `held_pairs` (`viewer_id`, `creator_id`, `held`)
SELECT v.viewer_id, v.creator_id, count(*) FROM `earnings` e JOIN `views` v ON v.id = e.view_id
WHERE e.view_id IS NOT NULL AND e.kind = 'viewer' AND e.available_at > (SELECT `value` FROM `settings` WHERE `key` = 'sweep_held_through')
  AND NOT EXISTS (SELECT 1 FROM `reversals` r WHERE r.earning_id = e.id)
GROUP BY v.viewer_id, v.creator_id;
--> statement-breakpoint
INSERT INTO `held_viewer_days` (`viewer_id`, `day`, `held`)
SELECT v.viewer_id, coalesce(v.qualified_day, ''), count(*) FROM `earnings` e JOIN `views` v ON v.id = e.view_id
WHERE e.view_id IS NOT NULL AND e.kind = 'viewer' AND e.available_at > (SELECT `value` FROM `settings` WHERE `key` = 'sweep_held_through')
  AND NOT EXISTS (SELECT 1 FROM `reversals` r WHERE r.earning_id = e.id)
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `held_items` (`content_id`, `held`, `other_day`)
SELECT v.content_id, count(*), sum(coalesce(date(u.created_at) <> v.qualified_day, 0))
FROM `earnings` e JOIN `views` v ON v.id = e.view_id JOIN `users` u ON u.id = v.viewer_id
WHERE e.view_id IS NOT NULL AND e.kind = 'viewer' AND e.available_at > (SELECT `value` FROM `settings` WHERE `key` = 'sweep_held_through')
  AND NOT EXISTS (SELECT 1 FROM `reversals` r WHERE r.earning_id = e.id)
GROUP BY v.content_id;
--> statement-breakpoint
-- Everything in holding is judged once more under the new sweep (the old one judged it every minute until now).
INSERT INTO `settings` (`key`, `value`, `updated_at`)
SELECT 'sweep_credited_through', CAST(max(rowid) AS text), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM `earnings` HAVING count(*) > 0;
--> statement-breakpoint
INSERT INTO `sweep_dirty` (`kind`, `subject`) SELECT DISTINCT 0, `viewer_id` FROM `held_viewer_days`;
--> statement-breakpoint
INSERT INTO `sweep_dirty` (`kind`, `subject`) SELECT 1, `content_id` FROM `held_items`;
--> statement-breakpoint
-- A viewer-side view reward in holding (the rules count viewer-side rewards) is counted. Its viewer and item are
-- judged on the sweep's next run, which reads the rewards written since the last (by rowid; nothing is written per
-- reward for it). The creator's side is written in the same batch (settle-views.ts), so the judgment sees both.
CREATE TRIGGER `held_counters_after_reward` AFTER INSERT ON `earnings`
WHEN new.view_id IS NOT NULL AND new.kind = 'viewer'
  AND new.available_at > coalesce((SELECT `value` FROM `settings` WHERE `key` = 'sweep_held_through'), '') BEGIN
  INSERT INTO `held_pairs` (`viewer_id`, `creator_id`, `held`) SELECT v.viewer_id, v.creator_id, 1 FROM `views` v WHERE v.id = new.view_id
  ON CONFLICT (`viewer_id`, `creator_id`) DO UPDATE SET `held` = `held` + 1;
  INSERT INTO `held_viewer_days` (`viewer_id`, `day`, `held`) SELECT v.viewer_id, coalesce(v.qualified_day, ''), 1 FROM `views` v WHERE v.id = new.view_id
  ON CONFLICT (`viewer_id`, `day`) DO UPDATE SET `held` = `held` + 1;
  INSERT INTO `held_items` (`content_id`, `held`, `other_day`)
  SELECT v.content_id, 1, coalesce(date(u.created_at) <> v.qualified_day, 0) FROM `views` v JOIN `users` u ON u.id = v.viewer_id
  WHERE v.id = new.view_id
  ON CONFLICT (`content_id`) DO UPDATE SET `held` = `held` + 1, `other_day` = `other_day` + excluded.other_day;
END;
--> statement-breakpoint
-- A reversed viewer-side reward still counted leaves the counters; its viewer and item are marked.
CREATE TRIGGER `held_counters_after_reversal` AFTER INSERT ON `reversals`
WHEN new.side = 'viewer' AND EXISTS (SELECT 1 FROM `earnings` e WHERE e.id = new.earning_id AND e.view_id IS NOT NULL
  AND e.available_at > coalesce((SELECT `value` FROM `settings` WHERE `key` = 'sweep_held_through'), '')) BEGIN
  UPDATE `held_pairs` SET `held` = `held` - 1 WHERE (`viewer_id`, `creator_id`) = (SELECT v.viewer_id, v.creator_id FROM `earnings` e JOIN `views` v ON v.id = e.view_id WHERE e.id = new.earning_id);
  UPDATE `held_viewer_days` SET `held` = `held` - 1 WHERE (`viewer_id`, `day`) = (SELECT v.viewer_id, coalesce(v.qualified_day, '') FROM `earnings` e JOIN `views` v ON v.id = e.view_id WHERE e.id = new.earning_id);
  UPDATE `held_items` SET `held` = `held` - 1, `other_day` = `other_day` - (SELECT coalesce(date(u.created_at) <> v.qualified_day, 0)
    FROM `earnings` e JOIN `views` v ON v.id = e.view_id JOIN `users` u ON u.id = v.viewer_id WHERE e.id = new.earning_id)
  WHERE `content_id` = (SELECT v.content_id FROM `earnings` e JOIN `views` v ON v.id = e.view_id WHERE e.id = new.earning_id);
  DELETE FROM `held_pairs` WHERE `held` <= 0 AND (`viewer_id`, `creator_id`) = (SELECT v.viewer_id, v.creator_id FROM `earnings` e JOIN `views` v ON v.id = e.view_id WHERE e.id = new.earning_id);
  DELETE FROM `held_viewer_days` WHERE `held` <= 0 AND (`viewer_id`, `day`) = (SELECT v.viewer_id, coalesce(v.qualified_day, '') FROM `earnings` e JOIN `views` v ON v.id = e.view_id WHERE e.id = new.earning_id);
  DELETE FROM `held_items` WHERE `held` <= 0 AND `content_id` = (SELECT v.content_id FROM `earnings` e JOIN `views` v ON v.id = e.view_id WHERE e.id = new.earning_id);
  INSERT INTO `sweep_dirty` (`kind`, `subject`)
  SELECT 0, v.viewer_id FROM `earnings` e JOIN `views` v ON v.id = e.view_id WHERE e.id = new.earning_id
  UNION ALL SELECT 1, v.content_id FROM `earnings` e JOIN `views` v ON v.id = e.view_id WHERE e.id = new.earning_id
  ON CONFLICT (`kind`, `subject`) DO UPDATE SET `seq` = `seq` + 1;
END;
--> statement-breakpoint
-- A member watching from a new address: on a network of at most a few members (shared_ip's bound, 10; checked up
-- to 11), every member with something in holding is marked, since the new member may be a creator they watch.
CREATE TRIGGER `sweep_dirty_after_address` AFTER INSERT ON `view_addresses`
WHEN (SELECT count(*) FROM (SELECT DISTINCT m.viewer_num FROM `view_addresses` m
      WHERE m.ip_hash >= substr(new.ip_hash, 1, 8) AND m.ip_hash < substr(new.ip_hash, 1, 8) || char(127) LIMIT 11)) <= 10 BEGIN
  INSERT INTO `sweep_dirty` (`kind`, `subject`)
  SELECT DISTINCT 0, u.id FROM `view_addresses` m JOIN `users` u ON u.num = m.viewer_num
  WHERE m.ip_hash >= substr(new.ip_hash, 1, 8) AND m.ip_hash < substr(new.ip_hash, 1, 8) || char(127)
    AND EXISTS (SELECT 1 FROM `held_viewer_days` h WHERE h.viewer_id = u.id)
  ON CONFLICT (`kind`, `subject`) DO UPDATE SET `seq` = `seq` + 1;
END;
--> statement-breakpoint
-- The daily cap changed: daily_cap judges every viewer with something in holding again.
CREATE TRIGGER `sweep_dirty_after_daily_cap_set` AFTER INSERT ON `settings` WHEN new.key = 'daily_earnable_views' BEGIN
  INSERT INTO `sweep_dirty` (`kind`, `subject`) SELECT DISTINCT 0, `viewer_id` FROM `held_viewer_days` WHERE true
  ON CONFLICT (`kind`, `subject`) DO UPDATE SET `seq` = `seq` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `sweep_dirty_after_daily_cap_change` AFTER UPDATE OF `value` ON `settings` WHEN new.key = 'daily_earnable_views' AND new.value IS NOT old.value BEGIN
  INSERT INTO `sweep_dirty` (`kind`, `subject`) SELECT DISTINCT 0, `viewer_id` FROM `held_viewer_days` WHERE true
  ON CONFLICT (`kind`, `subject`) DO UPDATE SET `seq` = `seq` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `sweep_dirty_after_daily_cap_reset` AFTER DELETE ON `settings` WHEN old.key = 'daily_earnable_views' BEGIN
  INSERT INTO `sweep_dirty` (`kind`, `subject`) SELECT DISTINCT 0, `viewer_id` FROM `held_viewer_days` WHERE true
  ON CONFLICT (`kind`, `subject`) DO UPDATE SET `seq` = `seq` + 1;
END;
