import { z } from "zod";
import { COMMENT_MAX, COMMENT_SORTS } from "../comments";
import { ID_REGEX } from "../ids";
import { memberText } from "./text";

// Comments under items (docs/decisions/093). Messages name the field (docs/product-spec.md §8).

const text = memberText({
  label: "Comment",
  min: 1,
  max: COMMENT_MAX,
  multiline: true,
  messages: {
    required: "Comment text is required",
    max: `Comment must be at most ${COMMENT_MAX.toLocaleString("en-US")} characters`,
  },
});

/** POST /api/content/{id}/comments: a top comment, or with `parent_id` a reply (to a reply: to its top comment). */
export const commentCreateBody = z.object({
  text,
  parent_id: z.string("parent_id must be a comment id").regex(ID_REGEX, "parent_id must be a comment id").optional(),
});
export type CommentCreateBody = z.input<typeof commentCreateBody>;

/** PATCH /api/comments/{id}: the new text (the comment is then marked edited). */
export const commentEditBody = z.object({ text });

/**
 * GET /api/content/{id}/comments: a page of top comments (`sort` newest or top), or with `parent_id` a page of
 * that comment's replies, oldest first.
 */
export const commentPageQuery = z.object({
  sort: z.enum(COMMENT_SORTS, "sort must be newest or top").default("newest"),
  cursor: z.string().max(200, "cursor: invalid pagination cursor").optional(),
  parent_id: z.string().regex(ID_REGEX, "parent_id must be a comment id").optional(),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

const commentFields = z.object({
  id: z.string(),
  content_id: z.string(),
  /** The top comment a reply belongs to; null for a top comment. */
  parent_id: z.string().nullable(),
  author_id: z.string(),
  author_name: z.string(),
  author_avatar_url: z.string().nullable(),
  /** Empty when the comment was removed (a removed top comment is only listed while it has replies). */
  text: z.string(),
  /** Whether links in the text may be made clickable: false while its author's account is younger than 7 days. */
  links_clickable: z.boolean(),
  created_at: z.string(),
  /** When its author last changed the text (shown as "edited"), or null. */
  edited_at: z.string().nullable(),
  removed: z.boolean(),
  /**
   * Only for its author and admins: moderators took it down (docs/decisions/095). Hidden from everyone else, its
   * text still shown to the author with "Removed by moderators" and the note, and appealable.
   */
  taken_down: z.boolean(),
  taken_down_note: z.string().nullable(),
  pinned: z.boolean(),
  reply_count: z.number().int(),
  /** The caller wrote it (may edit and delete it). */
  is_mine: z.boolean(),
});
export const commentOut = commentFields;
export type CommentJson = z.output<typeof commentOut>;

const threadOut = commentFields.extend({
  /** Its first replies, oldest first (more with `parent_id`). */
  replies: z.array(commentFields),
});
export type CommentThreadJson = z.output<typeof threadOut>;

/** GET /api/content/{id}/comments. */
export const commentPageOut = z.object({
  items: z.array(threadOut),
  nextCursor: z.string().nullable(),
  /** Comments shown on the item (top comments and replies), for "N comments". */
  count: z.number().int(),
  /** The caller is the item's creator: may pin and remove any comment. */
  is_creator: z.boolean(),
});
export type CommentPageJson = z.output<typeof commentPageOut>;
