import { z } from "zod";

// oEmbed (https://oembed.com, docs/decisions/099): what another site asks about one of our pages, and the answer
// it turns into a card or a player.

const dimension = (field: string) =>
  z
    .string()
    // Any size is room enough: a site with more than the default gets the default (embedSize).
    .regex(/^\d{1,12}$/, `${field} must be a positive whole number of pixels`)
    .transform(Number)
    .refine((n) => n > 0, `${field} must be a positive whole number of pixels`)
    .optional();

/** GET /api/oembed: the page's address, the largest size the site has room for, and the format (json only). */
export const oembedQuery = z.object({
  url: z
    .string({ message: "url is required: the address of an item, a creator or a playlist" })
    .min(1, "url is required: the address of an item, a creator or a playlist")
    .max(2000, "url must be at most 2000 characters")
    .refine((value) => URL.canParse(value), "url must be a full address (https://…)"),
  maxwidth: dimension("maxwidth"),
  maxheight: dimension("maxheight"),
  format: z.string().max(20, "format must be json").optional(),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

const common = {
  version: z.literal("1.0"),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  provider_name: z.literal("Reelpay"),
  provider_url: z.string(),
  /**
   * The page's picture (an item's or playlist's thumbnail, a creator's avatar), absolute. oEmbed 1.0: the three
   * come together or not at all, so a picture whose size cannot be read from its header is left out
   * (docs/decisions/105).
   */
  thumbnail_url: z.string().optional(),
  /** In pixels, read from the image's own header. */
  thumbnail_width: z.number().int().positive().optional(),
  thumbnail_height: z.number().int().positive().optional(),
};

/** An item: a player (`html`, an iframe of /embed/{id}) at `width` × `height`. */
const oembedVideoOut = z.object({
  type: z.literal("video"),
  ...common,
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/** A creator or a playlist: a link card. */
const oembedLinkOut = z.object({ type: z.literal("link"), ...common });

export const oembedOut = z.discriminatedUnion("type", [oembedVideoOut, oembedLinkOut]);
export type OembedJson = z.output<typeof oembedOut>;
