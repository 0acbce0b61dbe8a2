CREATE TABLE `content_captions` (
	`content_id` text NOT NULL,
	`lang` text NOT NULL,
	`r2_key` text NOT NULL,
	`size` integer NOT NULL,
	`cue_count` integer NOT NULL,
	`search_text` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`content_id`, `lang`),
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Written by hand (drizzle cannot express FTS5 or triggers), like 0001 and 0013. Caption text is searchable
-- (docs/decisions/049): the search index gets a fifth column, `captions`, holding the cue text of every
-- language of the item. FTS5 cannot add a column, so the table is rebuilt with the rows it holds (deleted
-- items are not in it, 0013) and renamed. The triggers that name it (0001, 0013) are dropped first (SQLite
-- checks every trigger when a table is renamed) and created again as they were.
CREATE VIRTUAL TABLE `content_search_next` USING fts5(
  `title`, `description`, `tags`, `creator_name`, `captions`,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
INSERT INTO `content_search_next` (`rowid`, `title`, `description`, `tags`, `creator_name`)
  SELECT `rowid`, `title`, `description`, `tags`, `creator_name` FROM `content_search`;
--> statement-breakpoint
DROP TRIGGER `content_search_after_insert`;
--> statement-breakpoint
DROP TRIGGER `content_search_after_update`;
--> statement-breakpoint
DROP TRIGGER `content_search_after_delete`;
--> statement-breakpoint
DROP TRIGGER `content_search_after_username`;
--> statement-breakpoint
DROP TRIGGER `content_search_after_tombstone`;
--> statement-breakpoint
DROP TABLE `content_search`;
--> statement-breakpoint
ALTER TABLE `content_search_next` RENAME TO `content_search`;
--> statement-breakpoint
CREATE TRIGGER `content_search_after_insert` AFTER INSERT ON `content` BEGIN
  INSERT INTO `content_search` (`rowid`, `title`, `description`, `tags`, `creator_name`)
  SELECT new.rowid, new.title, new.description, replace(new.tags, ',', ' '),
    coalesce(u.username, substr(u.email, 1, instr(u.email, '@') - 1))
  FROM `users` u WHERE u.id = new.created_by;
END;
--> statement-breakpoint
CREATE TRIGGER `content_search_after_update` AFTER UPDATE OF `title`, `description`, `tags` ON `content` BEGIN
  UPDATE `content_search`
  SET `title` = new.title, `description` = new.description, `tags` = replace(new.tags, ',', ' ')
  WHERE `rowid` = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `content_search_after_delete` AFTER DELETE ON `content` BEGIN
  DELETE FROM `content_search` WHERE `rowid` = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `content_search_after_username` AFTER UPDATE OF `username` ON `users` BEGIN
  UPDATE `content_search`
  SET `creator_name` = coalesce(new.username, substr(new.email, 1, instr(new.email, '@') - 1))
  WHERE `rowid` IN (SELECT `rowid` FROM `content` WHERE `created_by` = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `content_search_after_tombstone` AFTER UPDATE OF `deleted_at` ON `content`
WHEN new.deleted_at IS NOT NULL AND old.deleted_at IS NULL BEGIN
  DELETE FROM `content_search` WHERE `rowid` = new.rowid;
END;
--> statement-breakpoint
-- Every change to an item's captions rewrites its `captions` column from its rows, in the statement that made
-- the change, capped at 200,000 characters (two languages' worth of search text, common/captions.ts). A
-- deleted item's row is gone from the index (0013), so nothing is written for it.
CREATE TRIGGER `content_captions_after_insert` AFTER INSERT ON `content_captions` BEGIN
  UPDATE `content_search` SET `captions` = (
    SELECT substr(group_concat(`search_text`, char(10)), 1, 200000) FROM `content_captions` WHERE `content_id` = new.content_id
  ) WHERE `rowid` = (SELECT `rowid` FROM `content` WHERE `id` = new.content_id);
END;
--> statement-breakpoint
CREATE TRIGGER `content_captions_after_update` AFTER UPDATE OF `search_text` ON `content_captions` BEGIN
  UPDATE `content_search` SET `captions` = (
    SELECT substr(group_concat(`search_text`, char(10)), 1, 200000) FROM `content_captions` WHERE `content_id` = new.content_id
  ) WHERE `rowid` = (SELECT `rowid` FROM `content` WHERE `id` = new.content_id);
END;
--> statement-breakpoint
CREATE TRIGGER `content_captions_after_delete` AFTER DELETE ON `content_captions` BEGIN
  UPDATE `content_search` SET `captions` = (
    SELECT substr(group_concat(`search_text`, char(10)), 1, 200000) FROM `content_captions` WHERE `content_id` = old.content_id
  ) WHERE `rowid` = (SELECT `rowid` FROM `content` WHERE `id` = old.content_id);
END;
