/**
 * Server-measured duration of an uploaded media file (finalize stores it; view qualification relies on it).
 *
 * docs/architecture.md §2 names `mp4box` and `music-metadata` for this. We use our own small parsers instead: both
 * libraries read sequentially from a buffer or a Node stream, while we want ranged reads of only the bytes
 * we need from R2 (box headers and the moov of an MP4; the ID3 header and the first frame of an MP3) and no
 * Node stream shims in the Worker.
 */
import { mp3DurationMs } from "./mp3-duration";
import { mp4DurationMs } from "./mp4-duration";
import type { RangeReader } from "./range-reader";

export { MediaError } from "./media-error";

/** Milliseconds of playback; throws MediaError (with a message fit for the uploader) when the file is not usable. */
export function mediaDurationMs(reader: RangeReader, kind: "mp4" | "mp3"): Promise<number> {
  return kind === "mp4" ? mp4DurationMs(reader) : mp3DurationMs(reader);
}
