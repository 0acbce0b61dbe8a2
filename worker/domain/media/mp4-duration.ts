import { MAX_DURATION_MS, MediaError, NOT_PLAYABLE_MP4, TOO_LONG } from "./media-error";
import type { RangeReader } from "./range-reader";

/**
 * Duration of an MP4 (ISO BMFF) file from its `moov` box, reading only box headers and the moov itself.
 * An upload may be gigabytes of `mdat` with the moov at either end, so we hop from header to header with
 * ranged reads instead of reading the file front to back.
 */

/** Real files have a handful of top-level boxes; each one costs an R2 read (a subrequest), so the walk stops early. */
const MAX_TOP_LEVEL_BOXES = 64;
/** A moov this large would be hours of tiny samples or garbage; we will not pull it into memory. */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;

type Box = { type: string; headerLength: number; size: number };

function fail(detail: string): never {
  throw new MediaError(NOT_PLAYABLE_MP4, detail);
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The box header at `at` in `bytes`, given how many bytes remain in its container (or file) from `at`.
 * Size 0 means "to the end of the container"; size 1 means a 64-bit size follows the type.
 */
function parseBoxHeader(bytes: Uint8Array, at: number, available: number): Box {
  if (available < 8 || at + 8 > bytes.length) fail("box header cut off");
  const data = view(bytes);
  const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
  let size = data.getUint32(at);
  let headerLength = 8;
  if (size === 1) {
    if (available < 16 || at + 16 > bytes.length) fail(`64-bit size of ${type} box cut off`);
    const large = data.getBigUint64(at + 8);
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) fail(`${type} box has an impossible 64-bit size`);
    size = Number(large);
    headerLength = 16;
  } else if (size === 0) {
    size = available;
  }
  if (size < headerLength) fail(`${type} box size ${size} is smaller than its header`);
  if (size > available) fail(`${type} box extends past the end of its container`);
  return { type, headerLength, size };
}

/** A read that must return every byte asked for (the caller already checked the range is inside the file). */
async function readExactly(reader: RangeReader, offset: number, length: number): Promise<Uint8Array> {
  const bytes = await reader.read(offset, length);
  if (bytes.length !== length) fail("file is shorter than its stated size");
  return bytes;
}

/** Children of the container box whose body is bytes[start, end): each with its body range. */
function childBoxes(bytes: Uint8Array, start: number, end: number) {
  const boxes: { type: string; body: Uint8Array }[] = [];
  // Every child is at least 8 bytes long, so this loop ends.
  for (let at = start; at < end; ) {
    const box = parseBoxHeader(bytes, at, end - at);
    boxes.push({ type: box.type, body: bytes.subarray(at + box.headerLength, at + box.size) });
    at += box.size;
  }
  return boxes;
}

const child = (boxes: { type: string; body: Uint8Array }[], type: string) => boxes.find((b) => b.type === type);

/** A duration field: 32 or 64 bits by the full box's version. All ones means "unknown", which we treat as 0. */
function readDuration(body: Uint8Array, at: number, wide: boolean): bigint {
  if (body.length < at + (wide ? 8 : 4)) fail("duration field cut off");
  const value = wide ? view(body).getBigUint64(at) : BigInt(view(body).getUint32(at));
  return value === (wide ? 0xffffffffffffffffn : 0xffffffffn) ? 0n : value;
}

function version(body: Uint8Array, type: string): 0 | 1 {
  const v = body[0];
  if (v !== 0 && v !== 1) fail(`${type} box has unknown version ${v}`);
  return v;
}

/**
 * mvhd and mdhd share a layout: version/flags, creation and modification times (32 or 64 bits),
 * a 32-bit timescale, then the duration (32 or 64 bits).
 */
function timescaleAndDuration(body: Uint8Array, type: string): { timescale: number; duration: bigint } {
  const wide = version(body, type) === 1;
  const at = wide ? 20 : 12;
  if (body.length < at + 4) fail(`${type} box cut off`);
  const timescale = view(body).getUint32(at);
  if (timescale === 0) fail(`${type} timescale is 0`);
  return { timescale, duration: readDuration(body, at + 4, wide) };
}

/** Milliseconds, rounded. Past 2^53 ticks precision no longer matters: that is beyond 24 hours at any timescale. */
function toMs(duration: bigint, timescale: number): number {
  return Math.round((Number(duration) * 1000) / timescale);
}

/** Longest track, for files whose mvhd leaves the duration at 0: tkhd (movie timescale) or mdhd (track timescale). */
function longestTrackMs(moov: { type: string; body: Uint8Array }[], movieTimescale: number): number {
  let longest = 0;
  for (const trak of moov.filter((b) => b.type === "trak")) {
    const parts = childBoxes(trak.body, 0, trak.body.length);
    const tkhd = child(parts, "tkhd");
    if (tkhd) {
      // tkhd: version/flags, creation, modification (32/64), track id, reserved, then duration (32/64).
      const wide = version(tkhd.body, "tkhd") === 1;
      longest = Math.max(longest, toMs(readDuration(tkhd.body, wide ? 28 : 20, wide), movieTimescale));
    }
    const mdia = child(parts, "mdia");
    const mdhd = mdia && child(childBoxes(mdia.body, 0, mdia.body.length), "mdhd");
    if (mdhd) {
      const { timescale, duration } = timescaleAndDuration(mdhd.body, "mdhd");
      longest = Math.max(longest, toMs(duration, timescale));
    }
  }
  return longest;
}

/** Where the moov box is, found by walking top-level box headers. */
async function findMoov(reader: RangeReader): Promise<{ offset: number; box: Box }> {
  let moov: { offset: number; box: Box } | undefined;
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

export async function mp4DurationMs(reader: RangeReader): Promise<number> {
  const moov = await findMoov(reader);
  if (moov.box.size > MAX_MOOV_BYTES) fail(`moov box of ${moov.box.size} bytes is larger than 64 MiB`);
  const bytes = await readExactly(reader, moov.offset, moov.box.size);
  const boxes = childBoxes(bytes, moov.box.headerLength, bytes.length);

  const mvhd = child(boxes, "mvhd");
  if (!mvhd) fail("moov has no mvhd box");
  const movie = timescaleAndDuration(mvhd.body, "mvhd");

  let ms: number;
  const mvex = child(boxes, "mvex");
  if (mvex) {
    // Fragmented MP4: mvhd covers only the samples inside the moov (often none). mehd holds the length of
    // the whole movie; without it the only source is every fragment's sample table, which we refuse to walk.
    const mehd = child(childBoxes(mvex.body, 0, mvex.body.length), "mehd");
    if (!mehd) fail("fragmented MP4 without mehd (total duration unknown)");
    ms = toMs(readDuration(mehd.body, 4, version(mehd.body, "mehd") === 1), movie.timescale);
  } else {
    ms = movie.duration > 0n ? toMs(movie.duration, movie.timescale) : longestTrackMs(boxes, movie.timescale);
  }
  if (ms <= 0) fail("duration is 0");
  if (ms > MAX_DURATION_MS) throw new MediaError(TOO_LONG, `MP4 duration ${ms} ms is longer than 24 hours`);
  return ms;
}
