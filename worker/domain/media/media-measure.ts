import type { MediaMeasure } from "./media-floor";
import { mp3Audio } from "./mp3-duration";
import { mp4Movie } from "./mp4-duration";
import { mp4Samples } from "./mp4-samples";
import type { RangeReader } from "./range-reader";
import { checkMp3Frames, checkMp4Layout } from "./whole-file";

/**
 * Everything finalize learns from a stored upload: its duration (mp4-duration.ts / mp3-duration.ts), that the
 * whole object is that kind of media (whole-file.ts, docs/decisions/030) and what its samples are (the media
 * floor, docs/decisions/063). Throws MediaError, with a message fit for the uploader, when the file is not usable.
 */
export async function measureMedia(reader: RangeReader, kind: "mp4" | "mp3", stride: number): Promise<MediaMeasure> {
  if (kind === "mp3") {
    const audio = await mp3Audio(reader);
    await checkMp3Frames(reader, stride);
    return { durationMs: audio.ms, payloadBytes: audio.audioBytes, picture: null, frameRate: null };
  }
  const movie = await mp4Movie(reader);
  const samples = mp4Samples(movie.moov, await checkMp4Layout(reader));
  return { durationMs: movie.ms, ...samples };
}
