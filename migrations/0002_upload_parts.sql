CREATE TABLE `upload_parts` (
	`key` text NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	`size` integer NOT NULL,
	PRIMARY KEY(`key`, `part_number`),
	FOREIGN KEY (`key`) REFERENCES `uploads`(`key`) ON UPDATE no action ON DELETE cascade
);
