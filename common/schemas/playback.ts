import { z } from "zod";
import { PLAYBACK_COUNTING_CODES, PLAYBACK_NOT_EARNING_CODES } from "../earning-policy";
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
  second_mark: z
    .number()
    .min(0, "second_mark must be 0 or more")
    .max(7 * 24 * 3600),
  /**
   * Where the player is now, in seconds, when it differs from the furthest position (`second_mark`): after a
   * rewind. Kept only to resume where the viewer stopped (docs/decisions/097); the money rules never read it.
   */
  playhead_seconds: z
    .number()
    .min(0, "playhead_seconds must be 0 or more")
    .max(7 * 24 * 3600, "playhead_seconds must be at most a week")
    .optional(),
});
export type PlaybackEventBody = z.input<typeof playbackEventBody>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Why a view that starts now cannot earn, as far as the start knows (the daily caps are told by the wallet).
 * `item_daily_cap` / `daily_cap`: the day's earnable places (per item, in all) were already taken at the start.
 * `thin_media` / `small_picture` / `low_frame_rate`: the item's media is under a floor (docs/decisions/063).
 */
const playbackNotEarningReasonOut = z.enum(PLAYBACK_NOT_EARNING_CODES);
export type PlaybackNotEarningReason = z.output<typeof playbackNotEarningReasonOut>;

/** Why the last event added no watched time, when the view is to blame: it ran ahead of the pace, or a newer start stopped it. */
const playbackCountingReasonOut = z.enum(PLAYBACK_COUNTING_CODES);
export type PlaybackCountingReason = z.output<typeof playbackCountingReasonOut>;

/** POST /api/playback-events: the new view, and whether it can earn (what the player's indicator says from the start). */
export const playbackStartOut = z.discriminatedUnion("earnable", [
  z.object({ view_id: z.string(), earnable: z.literal(true) }),
  z.object({ view_id: z.string(), earnable: z.literal(false), reason: playbackNotEarningReasonOut }),
]);
export type PlaybackStartResponse = z.output<typeof playbackStartOut>;

/** POST /api/events/playback: how the event was judged. */
export const playbackEventOut = z.object({
  view_id: z.string(),
  accepted: z.boolean(),
  qualified: z.boolean(),
  /** This event added watched time toward the 80 % that earns. */
  counting: z.boolean(),
  reason: playbackCountingReasonOut.optional(),
  /** Watched time counted so far, whole percent of the item (rounded down); 80 earns once the bytes were served. */
  watched_percent: z.number().int(),
});
export type PlaybackEventResponse = z.output<typeof playbackEventOut>;
