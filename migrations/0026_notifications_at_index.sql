-- The data lifecycle deletes notifications older than notifications_keep_days, oldest first, a bounded slice a
-- run (docs/decisions/055): this index lets each slice read its rows without scanning the table.
CREATE INDEX `notifications_at_idx` ON `notifications` (`at`);