import { z } from "zod";
import { ID_REGEX } from "../ids";
import { DISCOVERY_METHODS } from "../playback";

const contentId = z.string().regex(ID_REGEX, "content_id must be a content id");

/** POST /api/playback-events: starts a view of an item. */
export const playbackStartBody = z.object({
  content_id: contentId,
  event_type: z.literal("start").default("start"),
  second_mark: z.number().min(0).max(0).default(0),
  discovery_method: z.enum(DISCOVERY_METHODS).default("browse"),
  device_fingerprint: z.string().max(128, "device_fingerprint must be at most 128 characters").default(""),
});
export type PlaybackStartBody = z.input<typeof playbackStartBody>;

/** POST /api/events/playback: the player's position in a started view. */
export const playbackEventBody = z.object({
  content_id: contentId,
  view_id: z.string().regex(ID_REGEX, "view_id must be a view id").optional(),
  event_type: z.enum(["start", "progress", "complete"]),
  second_mark: z.number().min(0, "second_mark must be 0 or more").max(7 * 24 * 3600),
});
export type PlaybackEventBody = z.input<typeof playbackEventBody>;
