-- Private, unlisted and scheduled items (docs/decisions/094). Columns are added in place rather than by the table
-- rebuild drizzle-kit writes: a rebuild would renumber content's rowids, which the search index (content_search)
-- is keyed by, and drop content's triggers. Every existing item is public, published when it was uploaded.
ALTER TABLE `content` ADD `visibility` text DEFAULT 'public' NOT NULL CONSTRAINT "content_visibility_check" CHECK("visibility" in ('public', 'unlisted', 'private'));--> statement-breakpoint
ALTER TABLE `content` ADD `publish_at` text;--> statement-breakpoint
ALTER TABLE `content` ADD `draft` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `content` ADD `published_at` text;--> statement-breakpoint
UPDATE `content` SET `published_at` = `created_at`;--> statement-breakpoint
DROP INDEX `content_created_idx`;--> statement-breakpoint
DROP INDEX `content_type_created_idx`;--> statement-breakpoint
CREATE INDEX `content_published_idx` ON `content` (`published_at`,`id`);--> statement-breakpoint
CREATE INDEX `content_type_published_idx` ON `content` (`type`,`published_at`,`id`);--> statement-breakpoint
CREATE INDEX `content_creator_published_idx` ON `content` (`created_by`,`published_at`,`id`);--> statement-breakpoint
CREATE INDEX `content_publish_due_idx` ON `content` (`publish_at`) WHERE "content"."publish_at" is not null;
