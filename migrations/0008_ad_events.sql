CREATE TABLE `ad_event_days` (
	`day` text NOT NULL,
	`ad_id` text NOT NULL,
	`position` text NOT NULL,
	`event` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`day`, `ad_id`, `position`, `event`)
);
