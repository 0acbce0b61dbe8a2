import { MAX_DURATION_MS, MediaError, TOO_LONG } from "./media-error";
import {
  type BoxHeader,
  type ChildBox,
  child,
  childBoxes,
  fail,
  parseBoxHeader,
  readDuration,
  timescaleAndDuration,
  toMs,
  version,
} from "./mp4-boxes";
import { fragmentedMovieMs, regularMovieMs } from "./mp4-declared-durations";
import { isAudioOrVideo, readTracks } from "./mp4-tracks";
import type { RangeReader } from "./range-reader";

/**
 * Duration of an MP4 (ISO BMFF) file from its `moov` box, reading only box headers and the moov itself.
 * An upload may be gigabytes of `mdat` with the moov at either end, so we hop from header to header with
 * ranged reads instead of reading the file front to back. Every duration the moov declares is cross-checked
 * (mp4-declared-durations.ts) before one is stored.
 */

/** Real files have a handful of top-level boxes; each one costs an R2 read (a subrequest), so the walk stops early. */
const MAX_TOP_LEVEL_BOXES = 64;
/** A moov this large would be hours of tiny samples or garbage; we will not pull it into memory. */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;

/** A read that must return every byte asked for (the caller already checked the range is inside the file). */
async function readExactly(reader: RangeReader, offset: number, length: number): Promise<Uint8Array> {
  const bytes = await reader.read(offset, length);
  if (bytes.length !== length) fail("file is shorter than its stated size");
  return bytes;
}

/** Where the moov box is, found by walking top-level box headers. */
async function findMoov(reader: RangeReader): Promise<{ offset: number; box: BoxHeader }> {
  let moov: { offset: number; box: BoxHeader } | undefined;
  let offset = 0;
  for (let count = 0; offset < reader.size; count++) {
    if (count >= MAX_TOP_LEVEL_BOXES) fail("too many top-level boxes");
    const head = await readExactly(reader, offset, Math.min(16, reader.size - offset));
    const box = parseBoxHeader(head, 0, reader.size - offset);
    if (box.type === "moov") {
      if (moov) fail("more than one moov box");
      moov = { offset, box };
    } else if (moov && box.type === "mdat") {
      // With the moov in front (faststart, or fragmented files), the first mdat after it is the last box we
      // check: it fits the file, so the upload is not cut short, and we do not hop through thousands of
      // fragments of a long fragmented file.
      break;
    }
    offset += box.size;
  }
  if (!moov) fail("no moov box");
  return moov;
}

/** The moov's child boxes and the duration they state, checked (finalize also measures the samples from them). */
export type Mp4Movie = { ms: number; moov: ChildBox[] };

export async function mp4DurationMs(reader: RangeReader): Promise<number> {
  return (await mp4Movie(reader)).ms;
}

export async function mp4Movie(reader: RangeReader): Promise<Mp4Movie> {
  const moov = await findMoov(reader);
  if (moov.box.size > MAX_MOOV_BYTES) fail(`moov box of ${moov.box.size} bytes is larger than 64 MiB`);
  const bytes = await readExactly(reader, moov.offset, moov.box.size);
  const boxes = childBoxes(bytes, moov.box.headerLength, bytes.length);

  const mvhd = child(boxes, "mvhd");
  if (!mvhd) fail("moov has no mvhd box");
  const movie = timescaleAndDuration(mvhd.body, "mvhd");
  const movieMs = toMs(movie.duration, movie.timescale);

  // Fragmented MP4: the moov covers only its own samples (often none); mehd holds the length of the whole
  // movie. Without it the only source is every fragment's sample table, which we refuse to walk.
  const mvex = child(boxes, "mvex");
  const mehd = mvex && child(childBoxes(mvex.body), "mehd");
  if (mvex && !mehd) fail("fragmented MP4 without mehd (total duration unknown)");

  const tracks = readTracks(boxes, movie.timescale);
  // A file without audio or video plays nothing, whatever its headers say.
  if (!tracks.some(isAudioOrVideo)) fail("no audio or video track");

  const ms = mehd
    ? fragmentedMovieMs(
        movieMs,
        toMs(readDuration(mehd.body, 4, version(mehd.body, "mehd") === 1), movie.timescale),
        tracks,
      )
    : regularMovieMs(movieMs, tracks);
  if (ms <= 0) fail("duration is 0");
  if (ms > MAX_DURATION_MS) throw new MediaError(TOO_LONG, `MP4 duration ${ms} ms is longer than 24 hours`);
  return { ms, moov: boxes };
}
