ALTER TABLE `content` ADD `view_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle cannot express triggers), like 0001 and 0013. An item's view count is its qualified
-- views by others than its creator, less those with a reversed reward (docs/decisions/047). It is kept in the
-- statement that writes the fact: the insert of a qualified view row (the watch-session object's one write,
-- `on conflict do nothing`, so a retried batch inserts nothing and counts nothing) and the first reversal of
-- one of its rewards (both sides may be reversed; the view leaves the count once). Cards read the column,
-- never COUNT(*) over views.
UPDATE `content` SET `view_count` = (
  SELECT count(*) FROM `views` v
  WHERE v.`content_id` = `content`.`id` AND v.`qualified_at` IS NOT NULL AND v.`viewer_id` <> v.`creator_id`
    AND NOT EXISTS (SELECT 1 FROM `reversals` r WHERE r.`view_id` = v.`id`)
);--> statement-breakpoint
CREATE TRIGGER `content_view_count_after_view` AFTER INSERT ON `views`
WHEN new.qualified_at IS NOT NULL AND new.viewer_id <> new.creator_id BEGIN
  UPDATE `content` SET `view_count` = `view_count` + 1 WHERE `id` = new.content_id;
END;
--> statement-breakpoint
CREATE TRIGGER `content_view_count_after_reversal` AFTER INSERT ON `reversals`
WHEN new.view_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM `reversals` r WHERE r.`view_id` = new.view_id AND r.`earning_id` <> new.earning_id) BEGIN
  UPDATE `content` SET `view_count` = `view_count` - 1
  WHERE `id` = (SELECT v.`content_id` FROM `views` v
                WHERE v.`id` = new.view_id AND v.`qualified_at` IS NOT NULL AND v.`viewer_id` <> v.`creator_id`);
END;
