CREATE TABLE `shape_checks` (
	`creator_num` integer PRIMARY KEY NOT NULL,
	`judged_at` text,
	`pending` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `shape_checks_due_idx` ON `shape_checks` (`judged_at`) WHERE "shape_checks"."pending" = 1;