import type { ContentListResponse } from "../../../common/schemas/content";
import type { FollowingJson } from "../../../common/schemas/follows";
import type { RecommendationsResponse, SuggestionsResponse } from "../../../common/schemas/recommendations";
import type { ContentRow } from "../../db/queries/content/content";
import type { FollowedCreatorRow } from "../../db/queries/follows/follows";
import type { ContentPage } from "../../domain/content/list-content";
import { contentJson, contentWithModerationJson } from "./content";

/**
 * A page of content (the gallery, a search, My Content, Liked, followed creators' uploads). `moderation` for the
 * caller's own uploads only: the takedown note is for the creator (docs/decisions/027).
 */
export const contentPageJson = (page: ContentPage, { moderation = false } = {}): ContentListResponse => ({
  items: page.items.map(moderation ? contentWithModerationJson : contentJson),
  nextCursor: page.nextCursor,
  ...(page.inCaptions ? { in_captions: page.inCaptions } : {}),
});

export const recommendationsJson = (items: ContentRow[]): RecommendationsResponse => ({
  items: items.map(contentJson),
});

export const suggestionsJson = (items: ContentRow[]): SuggestionsResponse => ({ suggestions: items.map(contentJson) });

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
