-- docs/decisions/086-bell-without-an-unread-index.md: the bell counts unread rows on notifications_event_unique, as
-- its list reads them; this partial index was re-keyed by every grouped credit (rows written per paid view).
DROP INDEX `notifications_unread_idx`;
