-- docs/decisions/061. member_view_days' rows of a day follow that day's views to R2 (the `member-days` dataset of the
-- data lifecycle). The index walks a day's rows in key order (a WITHOUT ROWID table's index carries the primary key:
-- day, member, side). The permanence trigger (written by hand: drizzle cannot express triggers) now lets a delete
-- through only under an archive_parts permit of its day and key range, as the views' trigger does; the key is
-- printf('%010d:%d', member number, side).
CREATE INDEX `member_view_days_day_idx` ON `member_view_days` (`day`);
--> statement-breakpoint
DROP TRIGGER `member_view_days_are_permanent`;
--> statement-breakpoint
CREATE TRIGGER `member_view_days_are_permanent` BEFORE DELETE ON `member_view_days`
WHEN NOT EXISTS (SELECT 1 FROM `archive_parts` p WHERE p.`dataset` = 'member-days' AND p.`day` = date(old.`day` * 86400, 'unixepoch')
                 AND printf('%010d:%d', old.`user_num`, old.`side`) > p.`after_key`
                 AND printf('%010d:%d', old.`user_num`, old.`side`) <= p.`last_key`) BEGIN
  SELECT RAISE(ABORT, 'member view days are permanent');
END;
