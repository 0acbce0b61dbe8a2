import type { ContentItemJson, ContentJson, LikeStatusResponse } from "../../../common/schemas/content";
import type { ContentRow } from "../../db/queries/content/content";
import type { getItem } from "../../domain/content/get-item";
import { versionOfItem } from "../../domain/content/thumbnail-version";
import { thumbnailPath } from "../thumbnail-cache";
import { captionTracksJson } from "./captions";

/** A content row as the API speaks it (docs/product-spec.md §3 "Content"); durations in seconds, ms precision. */
export function contentJson(row: ContentRow): ContentJson {
  const thumbnailVersion = versionOfItem(row);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    tags: row.tags,
    thumbnail_key: row.thumbnailKey,
    // Versioned by the image, the last change and whether the item is public: caches keep the image under this
    // address, and a new image, an edit, a takedown or a restore changes it (docs/decisions/074).
    thumbnail_url: thumbnailVersion === null ? null : thumbnailPath(row.id, thumbnailVersion),
    created_by: row.createdBy,
    creator_name: row.creatorName,
    duration: row.durationMs / 1000,
    r2_key: row.r2Key,
    like_count: Number(row.likeCount),
    view_count: Number(row.viewCount),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/**
 * The same, with what moderators did to it, for its creator and admins only (My Content, the item itself):
 * the takedown note is for them, not for other members (docs/decisions/027); and the media floor it missed
 * at upload (docs/decisions/063), which My Content and the studio show on the item.
 */
export const contentWithModerationJson = (row: ContentRow): ContentJson => ({
  ...contentJson(row),
  removed: row.removedAt !== null,
  removed_note: row.removedAt !== null ? row.removedNote : null,
  earn_block: row.earnBlock,
});

export const likeJson = (s: { liked: number; likeCount: number }): LikeStatusResponse => ({
  liked: Boolean(s.liked),
  like_count: Number(s.likeCount),
});

/** One item as GET /api/content/{id} answers: with moderation for its creator and admins, resume and captions. */
export function contentItemJson(r: Awaited<ReturnType<typeof getItem>>): ContentItemJson {
  const item = r.showsModeration ? contentWithModerationJson(r.item) : contentJson(r.item);
  const resume = { resume_at_seconds: r.resumeAtSeconds, resume_skips_preroll: r.skipsPreroll };
  return { ...item, ...resume, captions: captionTracksJson(r.item.id, r.item.captions) };
}
