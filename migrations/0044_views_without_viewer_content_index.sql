-- docs/decisions/088-views-without-a-viewer-item-index.md: nothing reads views by (viewer, item) any more; the index
-- was a row written per view.
DROP INDEX `views_viewer_content_idx`;
