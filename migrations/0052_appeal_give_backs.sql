ALTER TABLE `earnings` ADD `restores_earning_id` text;--> statement-breakpoint
ALTER TABLE `earnings` ADD `generation` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP INDEX `earnings_view_side_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `earnings_view_side_unique` ON `earnings` (`view_id`,`kind`,`generation`);--> statement-breakpoint
-- Written by hand (drizzle cannot express triggers). A granted appeal gives back the view rewards its action
-- reversed as new rows, one generation on (docs/decisions/096), so an item's view count (decision 047) counts a
-- view again once none of its rewards stays reversed: a view leaves the count at the reversal that leaves one of
-- its rewards reversed and not given back while none was, and comes back at the give-back that leaves none. With
-- no give-backs this is the old rule (the first reversal of a view's rewards).
DROP TRIGGER `content_view_count_after_reversal`;--> statement-breakpoint
CREATE TRIGGER `content_view_count_after_reversal` AFTER INSERT ON `reversals`
WHEN new.view_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM `reversals` r WHERE r.`view_id` = new.view_id AND r.`earning_id` <> new.earning_id
                  AND NOT EXISTS (SELECT 1 FROM `earnings` g WHERE g.`view_id` = r.`view_id` AND g.`restores_earning_id` = r.`earning_id`)) BEGIN
  UPDATE `content` SET `view_count` = `view_count` - 1
  WHERE `id` = (SELECT v.`content_id` FROM `views` v
                WHERE v.`id` = new.view_id AND v.`qualified_at` IS NOT NULL AND v.`viewer_id` <> v.`creator_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `content_view_count_after_give_back` AFTER INSERT ON `earnings`
WHEN new.restores_earning_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM `reversals` r WHERE r.`view_id` = new.view_id
                  AND NOT EXISTS (SELECT 1 FROM `earnings` g WHERE g.`view_id` = r.`view_id` AND g.`restores_earning_id` = r.`earning_id`)) BEGIN
  UPDATE `content` SET `view_count` = `view_count` + 1
  WHERE `id` = (SELECT v.`content_id` FROM `views` v
                WHERE v.`id` = new.view_id AND v.`qualified_at` IS NOT NULL AND v.`viewer_id` <> v.`creator_id`);
END;
