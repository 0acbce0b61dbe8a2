// Only real media earns (docs/decisions/063): the floors an item's media must reach for its views to be paid,
// measured at finalize from the audio and video samples themselves (worker/domain/media/media-floor.ts), and
// the words a member reads when an item misses one. One place, so the Worker's verdict and every screen agree.

/**
 * Bytes of audio and video samples per second of the item (12 kbit/s), for video and for audio items. Padding
 * boxes, tags and the file size do not count. A 160×120, 12 fps H.264 clip measures about 2,000–2,500 B/s, a
 * 16 kbit/s MP3 2,000 B/s; an 8 kbit/s MP3 1,000 B/s and a one-frame 16×16 clip 150 B/s.
 */
export const MIN_VIDEO_BYTES_PER_SECOND = 1_500;
export const MIN_AUDIO_BYTES_PER_SECOND = 1_500;
/** The smallest picture that earns, in either orientation: an old phone's 160×120 (or 120×160) does. */
export const MIN_PICTURE = { long: 160, short: 120 } as const;
/** Video samples per second of the video track; old phones recorded 7.5–15 fps, a slideshow of stills is 1. */
export const MIN_FRAME_RATE = 5;

/**
 * Why an item's views cannot earn, decided once at finalize (stored as content.earn_block) or, for
 * `too_short`, by the admin's current `min_earning_seconds` earning rule.
 */
/** The blocks finalize stores; `too_short` follows the earning rule, so it is never stored. */
export const MEDIA_EARN_BLOCKS = ["thin_media", "small_picture", "low_frame_rate"] as const;
export type MediaEarnBlock = (typeof MEDIA_EARN_BLOCKS)[number];
export const EARN_BLOCKS = ["too_short", ...MEDIA_EARN_BLOCKS] as const;
export type EarnBlock = (typeof EARN_BLOCKS)[number];

/** What an item's media lacks, completing "can't earn: …" (the player, the wallet) or "won't earn: …" (uploads, My Content). */
export const MEDIA_FLOOR_TEXTS: Record<MediaEarnBlock, string> = {
  thin_media: `too little audio or video data (under ${(MIN_VIDEO_BYTES_PER_SECOND * 8) / 1000} kbit/s)`,
  small_picture: `its picture is smaller than ${MIN_PICTURE.long}×${MIN_PICTURE.short}`,
  low_frame_rate: `fewer than ${MIN_FRAME_RATE} frames per second`,
};

/**
 * Why an item's views cannot earn, or null: too short by the admin's current earning rule (never stored, since
 * the rule may change), else the media floor finalize stored on it.
 */
export function itemEarnBlock(
  durationMs: number,
  stored: MediaEarnBlock | null,
  minEarningSeconds: number,
): EarnBlock | null {
  return durationMs < minEarningSeconds * 1000 ? "too_short" : stored;
}
