-- Full-text search over title, description, tags and creator name (drizzle cannot express FTS5).
-- The FTS rowid mirrors content.rowid, so triggers keep it in step without scans.
CREATE VIRTUAL TABLE `content_search` USING fts5(
  `title`, `description`, `tags`, `creator_name`,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
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
