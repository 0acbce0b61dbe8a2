CREATE TABLE `content_view_totals` (
	`content_id` text PRIMARY KEY NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`qualified` integer DEFAULT 0 NOT NULL,
	`watch_ms` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `member_view_days` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`side` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`qualified` integer DEFAULT 0 NOT NULL,
	`credited` integer DEFAULT 0 NOT NULL,
	`micros` integer DEFAULT 0 NOT NULL,
	`reversed` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `side`, `day`)
);
--> statement-breakpoint
CREATE TABLE `view_addresses` (
	`ip_hash` text NOT NULL,
	`viewer_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`qualified` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`ip_hash`, `viewer_id`, `creator_id`)
);
--> statement-breakpoint
CREATE INDEX `view_addresses_viewer_idx` ON `view_addresses` (`viewer_id`,`ip_hash`);--> statement-breakpoint
CREATE INDEX `view_addresses_creator_idx` ON `view_addresses` (`creator_id`,`ip_hash`);--> statement-breakpoint
CREATE TABLE `view_discovery_totals` (
	`method` text PRIMARY KEY NOT NULL,
	`views` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `view_pairs` (
	`viewer_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`qualified` integer DEFAULT 0 NOT NULL,
	`credited` integer DEFAULT 0 NOT NULL,
	`claim_upload_qualified` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`viewer_id`, `creator_id`)
);
--> statement-breakpoint
CREATE TABLE `viewer_view_totals` (
	`viewer_id` text PRIMARY KEY NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`watch_ms` integer DEFAULT 0 NOT NULL,
	`last_event_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `views_day_id_idx` ON `views` (substr(`started_at`, 1, 10),`id`);--> statement-breakpoint
-- Written by hand (drizzle cannot express triggers), like 0013, 0019 and 0020 (docs/decisions/053). Views leave
-- D1 only into a verified archive: a delete is allowed only when an archive_parts row of dataset 'views'
-- covers the row (its start day, after_key < id <= last_key), which the archive job inserts in the same batch
-- as the delete. Any other delete (a member deleting an item, a cascade, any code path) is refused as before.
DROP TRIGGER `views_are_permanent`;
--> statement-breakpoint
CREATE TRIGGER `views_are_permanent` BEFORE DELETE ON `views`
WHEN NOT EXISTS (SELECT 1 FROM `archive_parts` p WHERE p.`dataset` = 'views' AND p.`day` = substr(old.started_at, 1, 10)
                 AND old.id > p.`after_key` AND old.id <= p.`last_key`) BEGIN
  SELECT RAISE(ABORT, 'views are permanent');
END;
--> statement-breakpoint
-- The aggregates every reader of old views reads instead of the rows, kept in the statement that writes each
-- fact: the view's one insert (`on conflict do nothing`, so a retried batch counts nothing), its "finished"
-- update (watch time and last event only move forward), the earnings job's status update (qualified →
-- credited | unearnable, once), a view reward (unique per view and side) and its reversal (keyed by the
-- earning). Nothing here runs on delete: archiving a view changes no aggregate.
CREATE TRIGGER `view_aggregates_after_view` AFTER INSERT ON `views` BEGIN
  INSERT INTO `view_pairs` (`viewer_id`, `creator_id`, `views`, `qualified`, `credited`, `claim_upload_qualified`)
  VALUES (new.viewer_id, new.creator_id, 1, new.qualified_at IS NOT NULL, new.status = 'credited',
    new.qualified_at IS NOT NULL AND EXISTS (SELECT 1 FROM `content` c JOIN `challenge_progress` cp ON cp.user_id = c.created_by
      WHERE c.id = new.content_id AND c.created_at BETWEEN cp.enrolled_at AND cp.deadline_at))
  ON CONFLICT (`viewer_id`, `creator_id`) DO UPDATE SET `views` = `views` + 1, `qualified` = `qualified` + excluded.qualified,
    `credited` = `credited` + excluded.credited, `claim_upload_qualified` = `claim_upload_qualified` + excluded.claim_upload_qualified;
  INSERT INTO `view_addresses` (`ip_hash`, `viewer_id`, `creator_id`, `views`, `qualified`)
  SELECT new.ip_hash, new.viewer_id, new.creator_id, 1, new.qualified_at IS NOT NULL WHERE new.ip_hash <> ''
  ON CONFLICT (`ip_hash`, `viewer_id`, `creator_id`) DO UPDATE SET `views` = `views` + 1, `qualified` = `qualified` + excluded.qualified;
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
CREATE TRIGGER `view_aggregates_after_view_finished` AFTER UPDATE OF `watch_time_ms`, `last_event_at` ON `views`
WHEN new.watch_time_ms <> old.watch_time_ms OR new.last_event_at <> old.last_event_at BEGIN
  UPDATE `content_view_totals` SET `watch_ms` = `watch_ms` + new.watch_time_ms - old.watch_time_ms WHERE `content_id` = new.content_id;
  UPDATE `viewer_view_totals` SET `watch_ms` = `watch_ms` + new.watch_time_ms - old.watch_time_ms,
    `last_event_at` = max(`last_event_at`, new.last_event_at) WHERE `viewer_id` = new.viewer_id;
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
-- The aggregates are what remains of archived views: as permanent as the views were (decision 028).
CREATE TRIGGER `view_pairs_are_permanent` BEFORE DELETE ON `view_pairs` BEGIN
  SELECT RAISE(ABORT, 'view pairs are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `view_addresses_are_permanent` BEFORE DELETE ON `view_addresses` BEGIN
  SELECT RAISE(ABORT, 'view addresses are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `content_view_totals_are_permanent` BEFORE DELETE ON `content_view_totals` BEGIN
  SELECT RAISE(ABORT, 'content view totals are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `viewer_view_totals_are_permanent` BEFORE DELETE ON `viewer_view_totals` BEGIN
  SELECT RAISE(ABORT, 'viewer view totals are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `view_discovery_totals_are_permanent` BEFORE DELETE ON `view_discovery_totals` BEGIN
  SELECT RAISE(ABORT, 'view discovery totals are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `member_view_days_are_permanent` BEFORE DELETE ON `member_view_days` BEGIN
  SELECT RAISE(ABORT, 'member view days are permanent');
END;
--> statement-breakpoint
-- Rows for the facts written before this migration, from the same definitions.
INSERT INTO `view_pairs` (`viewer_id`, `creator_id`, `views`, `qualified`, `credited`, `claim_upload_qualified`)
SELECT v.viewer_id, v.creator_id, count(*), sum(v.qualified_at IS NOT NULL), sum(v.status = 'credited'),
  sum(v.qualified_at IS NOT NULL AND EXISTS (SELECT 1 FROM `content` c JOIN `challenge_progress` cp ON cp.user_id = c.created_by
      WHERE c.id = v.content_id AND c.created_at BETWEEN cp.enrolled_at AND cp.deadline_at))
FROM `views` v GROUP BY v.viewer_id, v.creator_id;
--> statement-breakpoint
INSERT INTO `view_addresses` (`ip_hash`, `viewer_id`, `creator_id`, `views`, `qualified`)
SELECT ip_hash, viewer_id, creator_id, count(*), sum(qualified_at IS NOT NULL) FROM `views` WHERE ip_hash <> ''
GROUP BY ip_hash, viewer_id, creator_id;
--> statement-breakpoint
INSERT INTO `content_view_totals` (`content_id`, `views`, `qualified`, `watch_ms`)
SELECT content_id, count(*), sum(qualified_at IS NOT NULL), sum(watch_time_ms) FROM `views` GROUP BY content_id;
--> statement-breakpoint
INSERT INTO `viewer_view_totals` (`viewer_id`, `views`, `watch_ms`, `last_event_at`)
SELECT viewer_id, count(*), sum(watch_time_ms), max(last_event_at) FROM `views` GROUP BY viewer_id;
--> statement-breakpoint
INSERT INTO `view_discovery_totals` (`method`, `views`) SELECT discovery_method, count(*) FROM `views` GROUP BY discovery_method;
--> statement-breakpoint
INSERT INTO `member_view_days` (`user_id`, `day`, `side`, `views`, `qualified`, `credited`, `micros`, `reversed`)
SELECT v.viewer_id, substr(v.started_at, 1, 10), 'viewer', count(*), sum(v.qualified_at IS NOT NULL), sum(v.status = 'credited'),
  coalesce(sum(e.amount_micros), 0) + coalesce(sum(r.amount_micros), 0), count(r.earning_id)
FROM `views` v LEFT JOIN `earnings` e ON e.view_id = v.id AND e.kind = 'viewer' LEFT JOIN `reversals` r ON r.earning_id = e.id
GROUP BY 1, 2
UNION ALL
SELECT v.creator_id, substr(v.started_at, 1, 10), 'creator', count(*), sum(v.qualified_at IS NOT NULL), sum(v.status = 'credited'),
  coalesce(sum(e.amount_micros), 0) + coalesce(sum(r.amount_micros), 0), count(r.earning_id)
FROM `views` v LEFT JOIN `earnings` e ON e.view_id = v.id AND e.kind = 'creator' LEFT JOIN `reversals` r ON r.earning_id = e.id
GROUP BY 1, 2;
