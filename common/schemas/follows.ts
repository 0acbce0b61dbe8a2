import { z } from "zod";
import { ID_REGEX } from "../ids";
import { contentOut } from "./content";
import { requiredString } from "./text";

/** GET /api/me/following and GET /api/me/following/uploads: keyset pages (an opaque cursor). */
export const followPageQuery = z.object({
  cursor: z.string().max(200, "cursor: invalid pagination cursor").optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 50")
    .max(50, "limit must be between 1 and 50")
    .optional(),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** PUT/DELETE /api/creators/{id}/follow: whether the caller follows the creator now, and their follower count. */
export const followStateOut = z.object({ following: z.boolean(), followers: z.number().int() });
export type FollowStateJson = z.output<typeof followStateOut>;

/** A creator the caller follows: the public card (never the email) and since when. */
const followedCreatorOut = z.object({
  id: z.string(),
  username: z.string().nullable(),
  display_name: z.string(),
  followed_at: z.string(),
});
export const followingOut = z.object({ items: z.array(followedCreatorOut), nextCursor: z.string().nullable() });
export type FollowingJson = z.output<typeof followingOut>;

/**
 * The following feed (docs/decisions/101): the newest uploads of the creators the caller follows, the gallery's item
 * shape and whether the bell counts each as an unread upload.
 */
const followedUploadOut = contentOut.extend({ unread: z.boolean() });
export const followedUploadsOut = z.object({ items: z.array(followedUploadOut), nextCursor: z.string().nullable() });
export type FollowedUploadsJson = z.output<typeof followedUploadsOut>;

/** POST /api/me/following/uploads/read: the newest upload the feed showed; everything up to it is read. */
export const followedUploadsReadBody = z.object({
  newest_id: requiredString("newest_id").regex(ID_REGEX, "newest_id must be a content id"),
});
