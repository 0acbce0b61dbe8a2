-- Written by hand (drizzle cannot express WITHOUT ROWID or triggers), docs/decisions/056. view_addresses keys an
-- address group by the first 32 hex digits (128 bits) of its SHA-256 instead of all 64: the key is stored twice
-- (the primary key and the member's index), and no two address groups share a 128-bit prefix in practice. The
-- trigger that names the table is dropped first and created again with the shorter key; the readers compare
-- substr(ip_hash, 1, 32) of a view (review-rules.ts, viewer-independence.ts).
DROP TRIGGER `view_aggregates_after_view`;
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
SELECT substr(`ip_hash`, 1, 32), `viewer_id`, sum(`views`), sum(`qualified`) FROM `view_addresses` GROUP BY 1, 2;
--> statement-breakpoint
DROP TABLE `view_addresses`;
--> statement-breakpoint
ALTER TABLE `__new_view_addresses` RENAME TO `view_addresses`;
--> statement-breakpoint
CREATE INDEX `view_addresses_viewer_idx` ON `view_addresses` (`viewer_id`);
--> statement-breakpoint
CREATE TRIGGER `view_addresses_are_permanent` BEFORE DELETE ON `view_addresses` BEGIN
  SELECT RAISE(ABORT, 'view addresses are permanent');
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
  SELECT substr(new.ip_hash, 1, 32), new.viewer_id, 1, new.qualified_at IS NOT NULL WHERE new.ip_hash <> ''
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
