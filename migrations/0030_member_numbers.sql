-- Written by hand (drizzle cannot express WITHOUT ROWID, an UPDATE … FROM or triggers), docs/decisions/058.
-- Every member gets a number, 1, 2, 3… in order of sign-up, and the five tables D1 keeps for good about members
-- (view_pairs, view_addresses, member_view_days, earning_days, opening_balances) name members by it instead of
-- their 26-letter id: an integer is stored in 1 to 4 bytes, which makes those tables a half to a quarter of their
-- size. A trigger gives each new member the next number; a number never changes. The tables are rebuilt by
-- create, copy (looking each member's number up), drop, rename; the triggers that name them are dropped first and
-- created again, looking the numbers up, at the end. earning_days' viewer rows keep 0 where they kept ''.
-- The two tables with a row per member and day (member_view_days, earning_days) also store the day as its number,
-- days since 1970-01-01 (cast(julianday(substr(t, 1, 10)) - 2440587.5 as integer): of the date alone, so the cast
-- is exact, also before 1970), and the side as 0 (viewer) or 1 (creator).
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
ALTER TABLE `users` ADD `num` integer;
--> statement-breakpoint
UPDATE `users` SET `num` = n.num
FROM (SELECT `id`, row_number() OVER (ORDER BY `created_at`, `id`) AS num FROM `users`) AS n WHERE n.id = `users`.`id`;
--> statement-breakpoint
CREATE UNIQUE INDEX `users_num_unique` ON `users` (`num`);
--> statement-breakpoint
CREATE TRIGGER `users_numbered` AFTER INSERT ON `users` WHEN new.num IS NULL BEGIN
  UPDATE `users` SET `num` = (SELECT coalesce(max(`num`), 0) + 1 FROM `users`) WHERE `id` = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_num_is_fixed` BEFORE UPDATE OF `num` ON `users` WHEN old.num IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'a member number never changes');
END;
--> statement-breakpoint
CREATE TABLE `__new_view_pairs` (
	`viewer_num` integer NOT NULL,
	`creator_num` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`qualified` integer DEFAULT 0 NOT NULL,
	`credited` integer DEFAULT 0 NOT NULL,
	`claim_upload_qualified` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`viewer_num`, `creator_num`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_view_pairs` (`viewer_num`, `creator_num`, `views`, `qualified`, `credited`, `claim_upload_qualified`)
SELECT v.num, c.num, p.`views`, p.`qualified`, p.`credited`, p.`claim_upload_qualified`
FROM `view_pairs` p JOIN `users` v ON v.id = p.viewer_id JOIN `users` c ON c.id = p.creator_id;
--> statement-breakpoint
DROP TABLE `view_pairs`;
--> statement-breakpoint
ALTER TABLE `__new_view_pairs` RENAME TO `view_pairs`;
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
SELECT a.`ip_hash`, v.num, a.`views`, a.`qualified` FROM `view_addresses` a JOIN `users` v ON v.id = a.viewer_id;
--> statement-breakpoint
DROP TABLE `view_addresses`;
--> statement-breakpoint
ALTER TABLE `__new_view_addresses` RENAME TO `view_addresses`;
--> statement-breakpoint
CREATE INDEX `view_addresses_viewer_idx` ON `view_addresses` (`viewer_num`);
--> statement-breakpoint
CREATE TABLE `__new_member_view_days` (
	`user_num` integer NOT NULL,
	`day` integer NOT NULL,
	`side` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`qualified` integer DEFAULT 0 NOT NULL,
	`credited` integer DEFAULT 0 NOT NULL,
	`micros` integer DEFAULT 0 NOT NULL,
	`reversed` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_num`, `side`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_member_view_days` (`user_num`, `day`, `side`, `views`, `qualified`, `credited`, `micros`, `reversed`)
SELECT u.num, cast(julianday(m.`day`) - 2440587.5 AS integer), m.`side` = 'creator', m.`views`, m.`qualified`, m.`credited`, m.`micros`, m.`reversed`
FROM `member_view_days` m JOIN `users` u ON u.id = m.user_id;
--> statement-breakpoint
DROP TABLE `member_view_days`;
--> statement-breakpoint
ALTER TABLE `__new_member_view_days` RENAME TO `member_view_days`;
--> statement-breakpoint
CREATE TABLE `__new_earning_days` (
	`user_num` integer NOT NULL,
	`side` integer NOT NULL,
	`day` integer NOT NULL,
	`other_num` integer NOT NULL,
	`amount_micros` integer NOT NULL,
	`views` integer NOT NULL,
	`site_views` integer NOT NULL,
	PRIMARY KEY(`day`, `user_num`, `side`, `other_num`),
	CONSTRAINT "earning_days_amount_check" CHECK("amount_micros" >= 0)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_earning_days` (`user_num`, `side`, `day`, `other_num`, `amount_micros`, `views`, `site_views`)
SELECT u.num, f.`side` = 'creator', cast(julianday(f.`day`) - 2440587.5 AS integer), coalesce(o.num, 0), f.`amount_micros`, f.`views`, f.`site_views`
FROM `earning_days` f JOIN `users` u ON u.id = f.user_id LEFT JOIN `users` o ON o.id = f.other_id;
--> statement-breakpoint
DROP TABLE `earning_days`;
--> statement-breakpoint
ALTER TABLE `__new_earning_days` RENAME TO `earning_days`;
--> statement-breakpoint
CREATE TABLE `__new_opening_balances` (
	`user_num` integer NOT NULL,
	`side` text NOT NULL,
	`month` text NOT NULL,
	`amount_micros` integer NOT NULL,
	`rows` integer NOT NULL,
	PRIMARY KEY(`user_num`, `side`, `month`),
	CONSTRAINT "opening_balances_amount_check" CHECK("amount_micros" >= 0)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_opening_balances` (`user_num`, `side`, `month`, `amount_micros`, `rows`)
SELECT u.num, b.`side`, b.`month`, b.`amount_micros`, b.`rows` FROM `opening_balances` b JOIN `users` u ON u.id = b.user_id;
--> statement-breakpoint
DROP TABLE `opening_balances`;
--> statement-breakpoint
ALTER TABLE `__new_opening_balances` RENAME TO `opening_balances`;
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
CREATE TRIGGER `view_aggregates_after_view` AFTER INSERT ON `views` BEGIN
  INSERT INTO `view_pairs` (`viewer_num`, `creator_num`, `views`, `qualified`, `credited`, `claim_upload_qualified`)
  VALUES ((SELECT `num` FROM `users` WHERE `id` = new.viewer_id), (SELECT `num` FROM `users` WHERE `id` = new.creator_id),
    1, new.qualified_at IS NOT NULL, new.status = 'credited',
    new.qualified_at IS NOT NULL AND EXISTS (SELECT 1 FROM `content` c JOIN `challenge_progress` cp ON cp.user_id = c.created_by
      WHERE c.id = new.content_id AND c.created_at BETWEEN cp.enrolled_at AND cp.deadline_at))
  ON CONFLICT (`viewer_num`, `creator_num`) DO UPDATE SET `views` = `views` + 1, `qualified` = `qualified` + excluded.qualified,
    `credited` = `credited` + excluded.credited, `claim_upload_qualified` = `claim_upload_qualified` + excluded.claim_upload_qualified;
  INSERT INTO `view_addresses` (`ip_hash`, `viewer_num`, `views`, `qualified`)
  SELECT substr(new.ip_hash, 1, 32), (SELECT `num` FROM `users` WHERE `id` = new.viewer_id), 1, new.qualified_at IS NOT NULL
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
CREATE TRIGGER `view_aggregates_after_status` AFTER UPDATE OF `status` ON `views`
WHEN (new.status = 'credited') <> (old.status = 'credited') BEGIN
  UPDATE `view_pairs` SET `credited` = `credited` + (new.status = 'credited') - (old.status = 'credited')
  WHERE `viewer_num` = (SELECT `num` FROM `users` WHERE `id` = new.viewer_id)
    AND `creator_num` = (SELECT `num` FROM `users` WHERE `id` = new.creator_id);
  UPDATE `member_view_days` SET `credited` = `credited` + (new.status = 'credited') - (old.status = 'credited')
  WHERE `user_num` = (SELECT `num` FROM `users` WHERE `id` = new.viewer_id) AND `side` = 0
    AND `day` = cast(julianday(substr(new.started_at, 1, 10)) - 2440587.5 AS integer);
  UPDATE `member_view_days` SET `credited` = `credited` + (new.status = 'credited') - (old.status = 'credited')
  WHERE `user_num` = (SELECT `num` FROM `users` WHERE `id` = new.creator_id) AND `side` = 1
    AND `day` = cast(julianday(substr(new.started_at, 1, 10)) - 2440587.5 AS integer);
END;
--> statement-breakpoint
CREATE TRIGGER `member_view_days_after_reward` AFTER INSERT ON `earnings`
WHEN new.view_id IS NOT NULL AND new.kind IN ('viewer', 'creator') BEGIN
  UPDATE `member_view_days` SET `micros` = `micros` + new.amount_micros
  WHERE `user_num` = (SELECT `num` FROM `users` WHERE `id` = new.user_id) AND `side` = (new.kind = 'creator')
    AND `day` = (SELECT cast(julianday(substr(v.started_at, 1, 10)) - 2440587.5 AS integer) FROM `views` v WHERE v.id = new.view_id);
END;
--> statement-breakpoint
CREATE TRIGGER `member_view_days_after_reversal` AFTER INSERT ON `reversals`
WHEN new.view_id IS NOT NULL BEGIN
  UPDATE `member_view_days` SET `micros` = `micros` + new.amount_micros, `reversed` = `reversed` + 1
  WHERE `user_num` = (SELECT `num` FROM `users` WHERE `id` = new.user_id) AND `side` = (new.side = 'creator')
    AND `day` = (SELECT cast(julianday(substr(v.started_at, 1, 10)) - 2440587.5 AS integer) FROM `views` v WHERE v.id = new.view_id);
END;
