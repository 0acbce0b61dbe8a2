-- docs/decisions/081-fewer-rows-per-paid-view.md: the earnings job finds pending views through views_viewer_pending_idx
-- (the same pending rows), so this second partial index no longer costs a row written per qualified view.
DROP INDEX `views_pending_idx`;
--> statement-breakpoint
-- Written by hand (drizzle cannot express triggers), docs/decisions/081-fewer-rows-per-paid-view.md: a credited
-- view's member days learn its credit from its two rewards, in the row each reward already writes (micros), instead
-- of a second write of the same two rows when the view's status moves to credited. D1 bills each write as a row.
-- A reward counts the credit only while its view is still 'qualified' (the earnings job writes the rewards before it
-- closes the view, settle-views.ts); the status trigger keeps every other move in and out of 'credited'.
DROP TRIGGER `member_view_days_after_reward`;
--> statement-breakpoint
DROP TRIGGER `view_aggregates_after_status`;
--> statement-breakpoint
CREATE TRIGGER `member_view_days_after_reward` AFTER INSERT ON `earnings`
WHEN new.view_id IS NOT NULL AND new.kind IN ('viewer', 'creator') BEGIN
  UPDATE `member_view_days` SET `micros` = `micros` + new.amount_micros,
    `credited` = `credited` + coalesce((SELECT v.status = 'qualified' FROM `views` v WHERE v.id = new.view_id), 0)
  WHERE `user_num` = (SELECT `num` FROM `users` WHERE `id` = new.user_id) AND `side` = (new.kind = 'creator')
    AND `day` = (SELECT cast(julianday(substr(v.started_at, 1, 10)) - 2440587.5 AS integer) FROM `views` v WHERE v.id = new.view_id);
END;
--> statement-breakpoint
CREATE TRIGGER `view_aggregates_after_status` AFTER UPDATE OF `status` ON `views`
WHEN (new.status = 'credited') <> (old.status = 'credited') BEGIN
  UPDATE `view_pairs` SET `credited` = `credited` + (new.status = 'credited') - (old.status = 'credited')
  WHERE `viewer_num` = (SELECT `num` FROM `users` WHERE `id` = new.viewer_id)
    AND `creator_num` = (SELECT `num` FROM `users` WHERE `id` = new.creator_id);
  UPDATE `member_view_days` SET `credited` = `credited` + (new.status = 'credited') - (old.status = 'credited')
  WHERE NOT (old.status = 'qualified' AND new.status = 'credited')
    AND `user_num` = (SELECT `num` FROM `users` WHERE `id` = new.viewer_id) AND `side` = 0
    AND `day` = cast(julianday(substr(new.started_at, 1, 10)) - 2440587.5 AS integer);
  UPDATE `member_view_days` SET `credited` = `credited` + (new.status = 'credited') - (old.status = 'credited')
  WHERE NOT (old.status = 'qualified' AND new.status = 'credited')
    AND `user_num` = (SELECT `num` FROM `users` WHERE `id` = new.creator_id) AND `side` = 1
    AND `day` = cast(julianday(substr(new.started_at, 1, 10)) - 2440587.5 AS integer);
END;
