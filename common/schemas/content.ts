import { z } from "zod";
import { captionTrackOut } from "./captions";
import { storyboardOut } from "./storyboards";
import { DESCRIPTION_MAX, TAG_MAX, TAGS_MAX, TITLE_MAX } from "../content-text";
import { ID_REGEX } from "../ids";
import { EARN_BLOCKS, MEDIA_EARN_BLOCKS } from "../media-floor";
import { hasUnshowable, visibleLength } from "../member-text";
import { normalizeTags } from "../tags";
import { isCalendarDateTime } from "../date-time";
import { memberText } from "./text";

const CONTENT_TYPES = ["video", "audio"] as const;

/** Tags arrive as an array (docs/product-spec.md §7) or, from older clients, a comma-separated string. */
const tagsInput = z.union([
  z.array(z.string().max(200, "each tag must be at most 200 characters")).max(100),
  z.string().max(4000),
]);

// What people type about their content; messages name the field (docs/product-spec.md §8 "clear errors").
// (docs/decisions/106: one line, no broken characters, "required" counts only what shows.)
const title = memberText({ label: "Title", min: 1, max: TITLE_MAX });
/** A draft's title: may be empty (one of only invisible characters is stored empty); the same bounds otherwise. */
const draftTitle = memberText({ label: "Title", max: TITLE_MAX }).transform((t) => (visibleLength(t) ? t : ""));
const description = memberText({ label: "Description", max: DESCRIPTION_MAX, multiline: true });
const tags = tagsInput.transform((t, ctx) => {
  const list = normalizeTags(t);
  if (list.some(hasUnshowable))
    ctx.addIssue({ code: "custom", message: "Tags contain characters that cannot be shown" });
  if (list.some((tag) => /[\n\r\u2028\u2029]/.test(tag))) {
    ctx.addIssue({ code: "custom", message: "Each tag must be on one line" });
  }
  if (list.length > TAGS_MAX) ctx.addIssue({ code: "custom", message: `At most ${TAGS_MAX} tags` });
  if (list.some((tag) => tag.length > TAG_MAX)) {
    ctx.addIssue({ code: "custom", message: `Each tag must be at most ${TAG_MAX} characters` });
  }
  return list;
});

/** Who may see an item (docs/decisions/094): listed for all, by its link only, or its creator only. */
const CONTENT_VISIBILITIES = ["public", "unlisted", "private"] as const;
const visibility = z.enum(CONTENT_VISIBILITIES, "visibility must be public, unlisted or private");
// ISO 8601 with an offset (Z or ±hh:mm), so the moment is never read in a time zone the sender did not mean.
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const publishAt = z
  .string("publish_at must be a date and time like 2026-12-24T18:00:00+01:00")
  .regex(ISO_WITH_OFFSET, "publish_at must be a date and time with its offset, like 2026-12-24T18:00:00+01:00")
  .refine(isCalendarDateTime, "publish_at is not a valid date and time");
/** A schedule makes the item private until its time, then public: it goes with no visibility, or private. */
const scheduleWithVisibility = (b: { visibility?: string; publish_at?: string | null }) =>
  !b.publish_at || b.visibility === undefined || b.visibility === "private";
const SCHEDULE_MESSAGE = {
  message: "a scheduled item is private until its time; send visibility private, or leave it out",
  path: ["publish_at"],
};

/** GET /api/content: the gallery and search, a page at a time. */
/** The gallery's and search's orders and filters (docs/decisions/100); the SPA's controls offer the same values. */
export const CONTENT_SORTS = ["relevance", "newest", "views"] as const;
export const CONTENT_LENGTHS = ["short", "medium", "long"] as const;
export const CONTENT_UPLOADED = ["today", "week", "month", "year"] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];
export type ContentLength = (typeof CONTENT_LENGTHS)[number];
export type ContentUploaded = (typeof CONTENT_UPLOADED)[number];
const oneOf = (field: string, values: readonly string[]) => `${field} must be one of ${values.join(", ")}`;

export const contentListQuery = z.object({
  type: z.enum(CONTENT_TYPES, oneOf("type", CONTENT_TYPES)).optional(),
  /** Relevance when `search` is given, else newest; relevance without `search` is newest (docs/decisions/100). */
  sort: z.enum(CONTENT_SORTS, oneOf("sort", CONTENT_SORTS)).optional(),
  /** short: under 4 minutes; medium: 4 to 20 minutes; long: over 20 minutes. */
  length: z.enum(CONTENT_LENGTHS, oneOf("length", CONTENT_LENGTHS)).optional(),
  /** Published within the last 24 hours, 7, 30 or 365 days. */
  uploaded: z.enum(CONTENT_UPLOADED, oneOf("uploaded", CONTENT_UPLOADED)).optional(),
  search: z.string().max(200, "search must be at most 200 characters").optional(),
  creator: z.string().regex(ID_REGEX, "creator must be a user id").optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(60).default(24),
});

/** POST /api/content/finalize: turns an uploaded file (and optional thumbnail) into content. */
export const contentFinalizeBody = z
  .object({
    r2_key: z.string().min(1, "r2_key is required").max(512),
    type: z.enum(CONTENT_TYPES, "type must be video or audio"),
    // Required, except on a draft, whose details may still be incomplete (checked below).
    title: draftTitle,
    description: description.optional().default(""),
    tags: tags.optional().default([]),
    thumbnail_key: z.string().min(1).max(512).optional(),
    /** Public when left out; with `publish_at`, private until then (docs/decisions/094). */
    visibility: visibility.optional(),
    publish_at: publishAt.optional(),
    /** Save as a draft: private, its title may be empty; a PATCH with a title and a visibility publishes it. */
    draft: z.boolean("draft must be true or false").optional(),
  })
  .refine((b) => b.draft === true || b.title.length > 0, { message: "Title is required", path: ["title"] })
  .refine((b) => !b.draft || (b.visibility === undefined && b.publish_at === undefined), {
    message: "draft: a draft is private until it is published; leave out visibility and publish_at",
    path: ["draft"],
  })
  .refine(scheduleWithVisibility, SCHEDULE_MESSAGE);
export type ContentFinalizeBody = z.input<typeof contentFinalizeBody>;

/**
 * PATCH /api/content/{id}: the creator's (or an admin's) new title, description, tags, visibility or schedule. Each
 * field sent changes; each left out stays as it is (docs/decisions/106), so tags alone change only the tags; send
 * `""` or `[]` to clear one. A visibility without `publish_at` clears any schedule (public: publish now);
 * `publish_at: null` clears it and keeps the item private.
 */
export const contentEditBody = z
  .object({
    title: title.optional(),
    description: description.optional(),
    tags: tags.optional(),
    visibility: visibility.optional(),
    publish_at: publishAt.nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: "Title is required, or a description, tags, visibility or publish_at to change",
  })
  .refine(scheduleWithVisibility, SCHEDULE_MESSAGE);
export type ContentEditBody = z.input<typeof contentEditBody>;

/** PATCH /api/content/{id}/thumbnail: an uploaded image's key. */
export const thumbnailChangeBody = z.object({ thumbnail_key: z.string().min(1, "thumbnail_key is required").max(512) });
export type ThumbnailChangeBody = z.input<typeof thumbnailChangeBody>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Why an item's views cannot earn (docs/decisions/063): too short by the earning rule, or media under a floor
 * (common/media-floor.ts). Null when they can.
 */
const earnBlockOut = z.enum(EARN_BLOCKS).nullable();

export const contentTypeOut = z.enum(["video", "audio"]);
export type ContentType = z.output<typeof contentTypeOut>;

/** One item as lists and pages show it (docs/product-spec.md §3 "Content"). */
export const contentOut = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: contentTypeOut,
  /** Comma-separated, as the spec speaks of tags. */
  tags: z.string(),
  thumbnail_key: z.string().nullable(),
  /** The image at its current version (`?v=`: the image, the last change, whether the item is public), or null. */
  thumbnail_url: z.string().nullable(),
  created_by: z.string(),
  /** The creator's username, else the part of their email before the at-sign. */
  creator_name: z.string(),
  /** The creator's avatar (docs/decisions/091), or null: the card shows their initial. */
  creator_avatar_url: z.string().nullable(),
  /** Seconds, measured on the server from the file itself. */
  duration: z.number(),
  r2_key: z.string(),
  like_count: z.number().int(),
  /** Qualified views by others than the creator, less reversed ones (docs/decisions/047). */
  view_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Only to the creator and admins (My Content): moderators took it down, with the note shown to the creator. */
  removed: z.boolean().optional(),
  removed_note: z.string().nullable().optional(),
  /**
   * Only to the creator and admins (My Content, the studio): the media floor the item missed at upload
   * (docs/decisions/063), null when its media earns. `too_short` is never here: it follows the earning rule.
   */
  earn_block: z.enum(MEDIA_EARN_BLOCKS).nullable().optional(),
  /**
   * Only in My Content: the comments the public sees under the item (not deleted, not taken down, not by
   * suspended members), the player's count for a signed-out visitor (docs/decisions/095).
   */
  comment_count: z.number().int().nonnegative().optional(),
  /**
   * Who may see it (docs/decisions/094). Others only ever see public or unlisted items; a scheduled item reads
   * private, with `publish_at`, until its time.
   */
  visibility: z.enum(CONTENT_VISIBILITIES),
  /** Only to the creator and admins: when a scheduled item becomes public; null unless scheduled. */
  publish_at: z.string().nullable().optional(),
  /** Only to the creator and admins: saved as a draft, not yet published (private until then). */
  draft: z.boolean().optional(),
  /** When it first became public (scheduled: will); null while it never was. Lists order by it. */
  published_at: z.string().nullable(),
});
export type ContentJson = z.output<typeof contentOut>;

/**
 * GET /api/content/{id}: the item, with where the signed-in caller left it (docs/decisions/045).
 * `resume_at_seconds` is null for a visitor, for an item never played (or cleared from the history) and for
 * one played to its end or nearly (≥ 95 %); `resume_skips_preroll` is true when the caller played the item
 * within the admin's window (ad setting `preroll_skip_minutes`), so the player shows no pre-roll again.
 */
export const contentItemOut = contentOut.extend({
  resume_at_seconds: z.number().int().nonnegative().nullable(),
  resume_skips_preroll: z.boolean(),
  /** The item's WebVTT caption tracks, by language tag (docs/decisions/049); empty when it has none. */
  captions: z.array(captionTrackOut),
  /** The item's seek previews (docs/decisions/102): the sprite's address and layout; null when it has none. */
  storyboard: storyboardOut.nullable(),
});
export type ContentItemJson = z.output<typeof contentItemOut>;

/** GET /api/content, /api/content/mine, /api/content/liked. */
export const contentListOut = z.object({
  items: z.array(contentOut),
  nextCursor: z.string().nullable(),
  /** A search only: the ids of this page's items that matched in their captions alone (docs/decisions/049). */
  in_captions: z.array(z.string()).optional(),
});
export type ContentListResponse = z.output<typeof contentListOut>;

/** POST /api/content/finalize: the new item's id, and whether it can earn (it is published either way). */
export const finalizeOut = z.object({ id: z.string(), earn_block: earnBlockOut });
export type FinalizeResponse = z.output<typeof finalizeOut>;

/** GET /api/content/{id}/like-status, POST and DELETE /api/content/{id}/like: the caller's like and the item's count. */
export const likeStatusOut = z.object({ liked: z.boolean(), like_count: z.number().int() });
export type LikeStatusResponse = z.output<typeof likeStatusOut>;
