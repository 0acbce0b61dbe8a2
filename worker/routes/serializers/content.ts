import type { ContentItemJson, ContentJson, LikeStatusResponse } from "../../../common/schemas/content";
import type { ContentRow } from "../../db/queries/content/content";
import type { getItem } from "../../domain/content/get-item";
import { isCopyOf } from "../../domain/content/public-thumbnails";
import { versionOfItem } from "../../domain/content/thumbnail-version";
import { currentPublishState } from "../../domain/content/publishing";
import { isHidden } from "../../domain/content/visibility";
import { thumbnailPath } from "../thumbnail-cache";
import { captionTracksJson } from "./captions";
import { storyboardJson } from "./storyboard";
import { avatarUrl } from "./creator-profile";

/** The public thumbnail bucket's domain (settings.thumbsOrigin), or null: thumbnails from the Worker's route. */
export type ThumbsOrigin = string | null;

/**
 * Where a page loads the item's thumbnail. With a public bucket's domain, a visible item's public copy, when the
 * row records one (written before the row names it: docs/decisions/083): no Worker request. Otherwise the Worker's
 * route, at an address versioned by the image, the last change and whether the item is public: caches keep the
 * image under it, and a new image, an edit, a takedown or a restore changes it (docs/decisions/074).
 */
function thumbnailUrl(row: ContentRow, thumbsOrigin: ThumbsOrigin): string | null {
  const version = versionOfItem(row);
  if (version === null) return null;
  const copy = row.thumbnailPublicKey;
  if (thumbsOrigin && copy && !isHidden(row) && isCopyOf(copy, row.id, row.thumbnailKey!)) {
    return `${thumbsOrigin}/${copy}`;
  }
  return thumbnailPath(row.id, version);
}

/** A content row as the API speaks it (docs/product-spec.md §3 "Content"); durations in seconds, ms precision. */
export function contentJson(row: ContentRow, thumbsOrigin: ThumbsOrigin): ContentJson {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    tags: row.tags,
    thumbnail_key: row.thumbnailKey,
    thumbnail_url: thumbnailUrl(row, thumbsOrigin),
    created_by: row.createdBy,
    creator_name: row.creatorName,
    creator_avatar_url: avatarUrl(row.createdBy, row.creatorAvatarKey),
    duration: row.durationMs / 1000,
    r2_key: row.r2Key,
    like_count: Number(row.likeCount),
    view_count: Number(row.viewCount),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    // Others only ever receive items they may open: public or unlisted (a scheduled one past its time: public).
    visibility: currentPublishState(row).visibility,
    published_at: row.publishedAt !== null && Date.parse(row.publishedAt) <= Date.now() ? row.publishedAt : null,
  };
}

/**
 * The same, with what moderators did to it, for its creator and admins only (My Content, the item itself):
 * the takedown note is for them, not for other members (docs/decisions/027); the media floor it missed
 * at upload (docs/decisions/063), which My Content and the studio show on the item; and its schedule.
 */
export const contentWithModerationJson = (row: ContentRow, thumbsOrigin: ThumbsOrigin): ContentJson => ({
  ...contentJson(row, thumbsOrigin),
  // The creator's own view of the schedule (docs/decisions/094): when it goes public, and when it first did or will.
  publish_at: currentPublishState(row).publishAt,
  published_at: row.publishedAt,
  draft: row.draft === 1,
  removed: row.removedAt !== null,
  removed_note: row.removedAt !== null ? row.removedNote : null,
  earn_block: row.earnBlock,
});

export const likeJson = (s: { liked: number; likeCount: number }): LikeStatusResponse => ({
  liked: Boolean(s.liked),
  like_count: Number(s.likeCount),
});

/** One item as GET /api/content/{id} answers: with moderation for its creator and admins, resume and captions. */
export function contentItemJson(r: Awaited<ReturnType<typeof getItem>>, thumbsOrigin: ThumbsOrigin): ContentItemJson {
  const item = r.showsModeration ? contentWithModerationJson(r.item, thumbsOrigin) : contentJson(r.item, thumbsOrigin);
  const resume = { resume_at_seconds: r.resumeAtSeconds, resume_skips_preroll: r.skipsPreroll };
  const board = r.item.storyboard;
  return {
    ...item,
    ...resume,
    captions: captionTracksJson(r.item.id, r.item.captions),
    storyboard: board ? storyboardJson({ ...board, contentId: r.item.id }) : null,
  };
}
