import type { ContentJson, ContentListResponse } from "../../common/schemas/content";
import { ava } from "./fixtures";

// Content items as GET /api/content returns them, for gallery, player and creator screen tests.

let sequence = 0;

/** A unique item per call (so lists never collide by accident); override what a test is about. */
export function makeContent(overrides: Partial<ContentJson> = {}): ContentJson {
  sequence += 1;
  const id = `01J0000000000000000000C${sequence.toString().padStart(3, "0")}`;
  return {
    id,
    title: `Item ${sequence}`,
    description: `Description of item ${sequence}`,
    type: "video",
    tags: "",
    thumbnail_key: null,
    thumbnail_url: null,
    created_by: ava.id,
    creator_name: "ava",
    creator_avatar_url: null,
    duration: 95,
    r2_key: `media/${id}.mp4`,
    like_count: 0,
    view_count: 0,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    visibility: "public",
    published_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export const contentPage = (items: ContentJson[], nextCursor: string | null = null): ContentListResponse => ({
  items,
  nextCursor,
});
