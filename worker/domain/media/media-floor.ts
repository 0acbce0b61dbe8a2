import {
  MIN_AUDIO_BYTES_PER_SECOND,
  MIN_FRAME_RATE,
  MIN_PICTURE,
  MIN_VIDEO_BYTES_PER_SECOND,
  type MediaEarnBlock,
} from "../../../common/media-floor";

/**
 * The media floor (docs/decisions/063): whether an item's measured media is real enough for its views to earn.
 * The floors themselves live in common/media-floor.ts, where the SPA words them. An item that misses one is
 * still published; its views are paid nothing (the settling statement reads content.earn_block).
 */

export type MediaMeasure = {
  durationMs: number;
  /** Bytes of audio/video samples (MP4) or of MPEG audio frames (MP3), never padding or tags. */
  payloadBytes: number;
  /** The video's picture, null for audio (an MP3, or an MP4 without a video track). */
  picture: { width: number; height: number } | null;
  /** Video frames per second, null without video. */
  frameRate: number | null;
};

/** What finalize stores on the item: the measure rounded for its columns, and the first floor it missed. */
export type MediaVerdict = {
  mediaBytesPerSecond: number;
  width: number | null;
  height: number | null;
  frameRate: number | null;
  earnBlock: MediaEarnBlock | null;
};

export function mediaVerdict(m: MediaMeasure): MediaVerdict {
  const mediaBytesPerSecond = Math.floor((m.payloadBytes * 1000) / m.durationMs);
  const frameRate = m.frameRate === null ? null : Math.round(m.frameRate * 100) / 100;
  return {
    mediaBytesPerSecond,
    width: m.picture?.width ?? null,
    height: m.picture?.height ?? null,
    frameRate,
    earnBlock: earnBlock(m, mediaBytesPerSecond),
  };
}

// Picture and frame rate first: they say what to fix in words a creator knows; thin media is the last word.
function earnBlock(m: MediaMeasure, bytesPerSecond: number): MediaEarnBlock | null {
  if (m.picture) {
    const long = Math.max(m.picture.width, m.picture.height);
    const short = Math.min(m.picture.width, m.picture.height);
    if (long < MIN_PICTURE.long || short < MIN_PICTURE.short) return "small_picture";
    if ((m.frameRate ?? 0) < MIN_FRAME_RATE) return "low_frame_rate";
  }
  const floor = m.picture ? MIN_VIDEO_BYTES_PER_SECOND : MIN_AUDIO_BYTES_PER_SECOND;
  if (bytesPerSecond < floor) return "thin_media";
  return null;
}
