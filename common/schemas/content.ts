import { z } from "zod";
import { DESCRIPTION_MAX, TAG_MAX, TAGS_MAX, TITLE_MAX } from "../content-text";
import { ID_REGEX } from "../ids";
import { normalizeTags } from "../tags";

const CONTENT_TYPES = ["video", "audio"] as const;

/** Tags arrive as an array (docs/product-spec.md §7) or, from older clients, a comma-separated string. */
const tagsInput = z.union([z.array(z.string().max(200, "each tag must be at most 200 characters")).max(100), z.string().max(4000)]);

// What people type about their content; messages name the field (docs/product-spec.md §8 "clear errors").
const title = z.string().trim().min(1, "Title is required").max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`);
const description = z.string().trim().max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`);
const tags = tagsInput.transform((t, ctx) => {
  const list = normalizeTags(t);
  if (list.length > TAGS_MAX) ctx.addIssue({ code: "custom", message: `At most ${TAGS_MAX} tags` });
  if (list.some((tag) => tag.length > TAG_MAX)) {
    ctx.addIssue({ code: "custom", message: `Each tag must be at most ${TAG_MAX} characters` });
  }
  return list;
});

/** GET /api/content: the gallery and search, a page at a time. */
export const contentListQuery = z.object({
  type: z.enum(CONTENT_TYPES).optional(),
  search: z.string().max(200, "search must be at most 200 characters").optional(),
  creator: z.string().regex(ID_REGEX, "creator must be a user id").optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(60).default(24),
});
export type ContentListQuery = z.input<typeof contentListQuery>;

/** POST /api/content/finalize: turns an uploaded file (and optional thumbnail) into content. */
export const contentFinalizeBody = z.object({
  r2_key: z.string().min(1, "r2_key is required").max(512),
  type: z.enum(CONTENT_TYPES, "type must be video or audio"),
  title,
  description: description.optional().default(""),
  tags: tags.optional().default([]),
  thumbnail_key: z.string().min(1).max(512).optional(),
});
export type ContentFinalizeBody = z.input<typeof contentFinalizeBody>;

/** PATCH /api/content/{id}: the creator's (or an admin's) new text; leaving out description or tags clears them. */
export const contentEditBody = z.object({
  title,
  description: description.default(""),
  tags: tags.default([]),
});
export type ContentEditBody = z.input<typeof contentEditBody>;

/** PATCH /api/content/{id}/thumbnail: an uploaded image's key. */
export const thumbnailChangeBody = z.object({ thumbnail_key: z.string().min(1, "thumbnail_key is required").max(512) });
export type ThumbnailChangeBody = z.input<typeof thumbnailChangeBody>;
