ALTER TABLE `content` ADD `deleted_at` text;--> statement-breakpoint
ALTER TABLE `content` ADD `deleted_by` text;--> statement-breakpoint
ALTER TABLE `content` ADD `media_purged_at` text;--> statement-breakpoint
CREATE INDEX `content_purge_idx` ON `content` (`deleted_at`) WHERE "content"."deleted_at" is not null and "content"."media_purged_at" is null;--> statement-breakpoint
-- Written by hand (drizzle cannot express triggers), like 0001. A deleted item leaves search at once: its
-- tombstone stays in `content`, but the search walks never visit it again (docs/decisions/028).
CREATE TRIGGER `content_search_after_tombstone` AFTER UPDATE OF `deleted_at` ON `content`
WHEN new.deleted_at IS NOT NULL AND old.deleted_at IS NULL BEGIN
  DELETE FROM `content_search` WHERE `rowid` = new.rowid;
END;
--> statement-breakpoint
-- Facts are permanent (docs/decisions/028): the rows every cap, sweep rule, bonus check and member record
-- reads are never deleted, by any code path, and the database refuses it (a cascade from a deleted parent
-- included). Manual earnings and bonuses stay deletable by admins under their guards (017).
CREATE TRIGGER `views_are_permanent` BEFORE DELETE ON `views` BEGIN
  SELECT RAISE(ABORT, 'views are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `view_rewards_are_permanent` BEFORE DELETE ON `earnings` WHEN old.view_id IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'view rewards are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `signon_bonuses_are_permanent` BEFORE DELETE ON `bonuses` WHEN old.kind <> 'manual' BEGIN
  SELECT RAISE(ABORT, 'sign-on bonuses are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `reversals_are_permanent` BEFORE DELETE ON `reversals` BEGIN
  SELECT RAISE(ABORT, 'reversals are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `reports_are_permanent` BEFORE DELETE ON `reports` BEGIN
  SELECT RAISE(ABORT, 'reports are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_rows_are_permanent` BEFORE DELETE ON `audit_log` BEGIN
  SELECT RAISE(ABORT, 'audit rows are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `users_are_permanent` BEFORE DELETE ON `users` BEGIN
  SELECT RAISE(ABORT, 'accounts are permanent; a deleted account must be a tombstone');
END;
