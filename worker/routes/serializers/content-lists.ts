import type { ContentListResponse } from "../../../common/schemas/content";
import type { FollowedUploadsJson, FollowingJson } from "../../../common/schemas/follows";
import type { RecommendationsResponse, SuggestionsResponse } from "../../../common/schemas/recommendations";
import type { ContentRow } from "../../db/queries/content/content";
import type { FollowedCreatorRow, FollowedUploadRow } from "../../db/queries/follows/follows";
import type { ContentPage } from "../../domain/content/list-content";
import { contentJson, contentWithModerationJson, type ThumbsOrigin } from "./content";

/**
 * A page of content (the gallery, a search, My Content, Liked). `moderation` for the
 * caller's own uploads only: the takedown note is for the creator (docs/decisions/027).
 */
export const contentPageJson = (
  page: ContentPage,
  thumbsOrigin: ThumbsOrigin,
  { moderation = false } = {},
): ContentListResponse => ({
  items: page.items.map((row) => ({
    ...(moderation ? contentWithModerationJson(row, thumbsOrigin) : contentJson(row, thumbsOrigin)),
    ...(page.commentCounts ? { comment_count: page.commentCounts.get(row.id) ?? 0 } : {}),
  })),
  nextCursor: page.nextCursor,
  ...(page.inCaptions ? { in_captions: page.inCaptions } : {}),
});

export const recommendationsJson = (items: ContentRow[], thumbsOrigin: ThumbsOrigin): RecommendationsResponse => ({
  items: items.map((row) => contentJson(row, thumbsOrigin)),
});

export const suggestionsJson = (items: ContentRow[], thumbsOrigin: ThumbsOrigin): SuggestionsResponse => ({
  suggestions: items.map((row) => contentJson(row, thumbsOrigin)),
});

/** The creators the caller follows, a keyset page. */
export const followingJson = (page: { items: FollowedCreatorRow[]; nextCursor: string | null }): FollowingJson => ({
  items: page.items.map((r) => ({
    id: r.id,
    username: r.username,
    display_name: r.displayName,
    followed_at: r.followedAt,
  })),
  nextCursor: page.nextCursor,
});

/** A page of the following feed: the gallery's card fields and the bell's unread mark (docs/decisions/101). */
export const followedUploadsJson = (
  page: { items: FollowedUploadRow[]; nextCursor: string | null },
  thumbsOrigin: ThumbsOrigin,
): FollowedUploadsJson => ({
  items: page.items.map((row) => ({ ...contentJson(row, thumbsOrigin), unread: Boolean(row.unread) })),
  nextCursor: page.nextCursor,
});
