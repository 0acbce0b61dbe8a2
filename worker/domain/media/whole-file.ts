import { MediaError, NOT_PLAYABLE_MP3 } from "./media-error";
import { fail, parseBoxHeader } from "./mp4-boxes";
import { RUN, SAMPLE_BYTES, walk } from "./mp3-constant-bitrate";
import { skipId3v2 } from "./mp3-duration";
import { parseLayer3Header } from "../../../common/mpeg-audio-frame";
import type { RangeReader } from "./range-reader";

/*
 * The whole stored object, not only its first bytes (docs/decisions/030). An upload is sniffed as its first
 * bytes arrive, and the duration parsers read only the headers they need, so until this check the bytes after
 * the first part of a multipart upload (or after the first megabytes of one PUT) were never looked at: a
 * valid MP4 or MP3 head followed by anything at all was stored and published.
 *
 * - MP4: every top-level box, from the first byte to the last: each one a plausible box type, the chain
 *   ending exactly at the end of the object, one moov and at least one mdat. What a box declares as its
 *   payload (the coded samples of an mdat, a free box's padding) stays opaque, as it is to any check short of
 *   decoding; the storage quota bounds what that can cost.
 * - MP3: a run of MPEG audio frames at every `stride` bytes of the audio (the part size, so every part of a
 *   multipart upload is looked at), where junk has no frames.
 */

/** The top-level boxes of real files; any other type must at least look like a four-character code. */
const TOP_LEVEL = new Set([
  "ftyp",
  "styp",
  "pdin",
  "moov",
  "moof",
  "mfra",
  "mdat",
  "free",
  "skip",
  "wide",
  "meta",
  "uuid",
  "sidx",
  "ssix",
  "prft",
  "emsg",
  "udta",
]);
const FOUR_CC = /^[a-z0-9 ]{4}$/;
/**
 * Regular files have a handful of top-level boxes; a fragmented one has two per fragment. Each read is an R2
 * subrequest, so the walk reads a window per hop and stops at this many boxes.
 */
export const MAX_LAYOUT_BOXES = 512;
const WINDOW = 64 * 1024;

/** A moof holds only sample tables (a few KB); one this large is not a real fragment header. */
const MAX_MOOF_BYTES = 1024 * 1024;

/**
 * What the walk saw that the media floor needs (docs/decisions/063): the bytes inside mdat boxes (no sample
 * can be larger than them all) and the bodies of the moof boxes of a fragmented file, whose trun tables list
 * the samples after the moov's. A moof inside the window already read costs no further read.
 */
export type Mp4Layout = { mdatBytes: number; moofs: Uint8Array[] };

export async function checkMp4Layout(reader: RangeReader): Promise<Mp4Layout> {
  let moovs = 0;
  let mdats = 0;
  let boxes = 0;
  let mdatBytes = 0;
  const moofs: Uint8Array[] = [];
  for (let offset = 0; offset < reader.size;) {
    const window = await reader.read(offset, Math.min(WINDOW, reader.size - offset));
    // Every header that lies inside this window is parsed from it; the first one outside needs the next read.
    let at = 0;
    do {
      if (++boxes > MAX_LAYOUT_BOXES) fail(`more than ${MAX_LAYOUT_BOXES} top-level boxes`);
      const box = parseBoxHeader(window, at, reader.size - offset - at);
      if (!TOP_LEVEL.has(box.type) && !FOUR_CC.test(box.type))
        fail(`top-level box at ${offset + at} is not a box (${JSON.stringify(box.type)})`);
      if (box.type === "moov") moovs++;
      if (box.type === "mdat") {
        mdats++;
        mdatBytes += box.size - box.headerLength;
      }
      if (box.type === "moof") {
        if (box.size > MAX_MOOF_BYTES) fail(`moof box of ${box.size} bytes is larger than 1 MiB`);
        const end = at + box.size;
        moofs.push(
          end <= window.length
            ? window.subarray(at + box.headerLength, end)
            : await moofBody(reader, offset + at, box.headerLength, box.size),
        );
      }
      at += box.size;
    } while (at + 16 <= window.length);
    offset += at;
  }
  if (moovs !== 1) fail(moovs ? "more than one moov box" : "no moov box");
  if (mdats === 0) fail("no mdat box");
  return { mdatBytes, moofs };
}

async function moofBody(reader: RangeReader, offset: number, headerLength: number, size: number): Promise<Uint8Array> {
  const bytes = await reader.read(offset + headerLength, size - headerLength);
  if (bytes.length !== size - headerLength) fail("file is shorter than its stated size");
  return bytes;
}

/** A run of RUN frames of one stream somewhere in `sample` (which starts mid-frame). */
function hasFrames(sample: Uint8Array) {
  for (let at = 0; at + 4 <= sample.length; at++) {
    const frame = parseLayer3Header(sample, at);
    if (frame && walk(sample, at, frame).frames >= RUN) return true;
  }
  return false;
}

export async function checkMp3Frames(reader: RangeReader, stride: number): Promise<void> {
  const audioStart = await skipId3v2(reader);
  for (let offset = Math.ceil((audioStart + 1) / stride) * stride; offset < reader.size; offset += stride) {
    const sample = await reader.read(offset, SAMPLE_BYTES);
    // The last bytes of a file may be too few for a run (and may be an ID3v1 tag); that much cannot hide anything.
    if (sample.length < SAMPLE_BYTES) break;
    if (!hasFrames(sample)) {
      throw new MediaError(NOT_PLAYABLE_MP3, `no MPEG audio frames at ${offset} of ${reader.size} bytes`);
    }
  }
}
