-- docs/decisions/083-thumbnails-from-a-public-bucket.md: the key of the item's current thumbnail in the public
-- bucket (THUMBS), set once the copy is written; null while there is none, and pages then name the Worker's route.
ALTER TABLE `content` ADD `thumbnail_public_key` text;
