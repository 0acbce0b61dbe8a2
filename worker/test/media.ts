/**
 * Test-only helpers for the media parsers: R2-backed and byte-counting readers, and builders for small
 * hand-made MP4 and MP3 files (to reach the corners real encoders never produce). Not imported by app code.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { MediaError } from "../domain/media/media-error";
import { type RangeReader, r2RangeReader } from "../domain/media/range-reader";

/** Puts the bytes into the test runtime's real R2 bucket and returns a reader over that object. */
export async function storedInR2(bytes: Uint8Array, name: string): Promise<RangeReader> {
  const key = `test/media/${crypto.randomUUID()}/${name}`;
  await env.MEDIA.put(key, bytes);
  return r2RangeReader(env.MEDIA, key, bytes.length);
}

/** Wraps a reader to count how many bytes (and reads) a parser really asked for. */
export function counted(inner: RangeReader) {
  const stats = { bytes: 0, reads: 0 };
  const reader: RangeReader = {
    size: inner.size,
    async read(offset, length) {
      const bytes = await inner.read(offset, length);
      stats.reads++;
      stats.bytes += bytes.length;
      return bytes;
    },
  };
  return { reader, stats };
}

/**
 * A virtual file of `size` zero bytes with a few patches: lets a test claim a file of gigabytes without
 * allocating it, and proves the parser never asks for the bulk of it.
 */
export function sparseReader(size: number, patches: [offset: number, bytes: Uint8Array][]): RangeReader {
  return {
    size,
    async read(offset, length) {
      const end = Math.min(size, offset + length);
      if (offset < 0 || offset >= end) return new Uint8Array(0);
      const out = new Uint8Array(end - offset);
      for (const [at, bytes] of patches) {
        for (let i = Math.max(at, offset); i < Math.min(at + bytes.length, end); i++) out[i - offset] = bytes[i - at]!;
      }
      return out;
    },
  };
}

/** "duration" for a number in (0, 24 h], "media-error" for MediaError; anything else is returned as is. */
export async function outcome(parse: Promise<number>): Promise<unknown> {
  try {
    const ms = await parse;
    return Number.isInteger(ms) && ms > 0 && ms <= 24 * 3600 * 1000 ? "duration" : `bad duration ${ms}`;
  } catch (error) {
    return error instanceof MediaError ? "media-error" : error;
  }
}

/** The MediaError a parse rejects with (fails the test when it resolves or throws something else). */
export async function mediaError(parse: Promise<unknown>): Promise<MediaError> {
  const result = await parse.then(
    (value) => new Error(`expected a MediaError, got ${String(value)}`),
    (error: unknown) => error,
  );
  if (!(result instanceof MediaError)) throw result;
  return result;
}

// ---- bytes ----

export const ascii = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function u32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

export function u64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value);
  return out;
}

/** A copy of `bytes` with `patch` written at `offset`. */
export function patched(bytes: Uint8Array, offset: number, patch: Uint8Array): Uint8Array {
  const out = bytes.slice();
  out.set(patch, offset);
  return out;
}

/** Deterministic pseudo-random bytes (mulberry32), so a failing hostile input can be reproduced. */
export function seededBytes(seed: number, length: number): Uint8Array {
  let state = seed >>> 0;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  return out;
}

// ---- MP4 boxes ----

export const box = (type: string, ...payload: Uint8Array[]) => {
  const body = concat(...payload);
  return concat(u32(8 + body.length), ascii(type), body);
};

const fullBox = (type: string, version: 0 | 1, ...payload: Uint8Array[]) =>
  box(type, new Uint8Array([version, 0, 0, 0]), ...payload);

const zeros = (length: number) => new Uint8Array(length);
const duration = (value: number | bigint, version: 0 | 1) => (version ? u64(BigInt(value)) : u32(Number(value)));
const times = (version: 0 | 1) => zeros(version ? 16 : 8);

/** mvhd: times, timescale, duration, then rate, volume, matrix and next track id (zeros here). */
export const mvhd = (timescale: number, value: number | bigint, version: 0 | 1 = 0) =>
  fullBox("mvhd", version, times(version), u32(timescale), duration(value, version), zeros(80));

const mdhd = (timescale: number, value: number | bigint, version: 0 | 1 = 0) =>
  fullBox("mdhd", version, times(version), u32(timescale), duration(value, version), zeros(4));

/** tkhd: times, track id, reserved, duration (movie timescale), then layer, volume, matrix, size. */
export const tkhd = (value: number | bigint, version: 0 | 1 = 0) =>
  fullBox("tkhd", version, times(version), u32(1), zeros(4), duration(value, version), zeros(60));

export const mehd = (value: number | bigint, version: 0 | 1 = 0) => fullBox("mehd", version, duration(value, version));

export const trak = (...children: Uint8Array[]) => box("trak", ...children);
const mdia = (...children: Uint8Array[]) => box("mdia", ...children);
const minf = (...children: Uint8Array[]) => box("minf", ...children);
const stbl = (...children: Uint8Array[]) => box("stbl", ...children);

/** hdlr: pre_defined, the handler type ("vide", "soun", "text"…), reserved, an empty name. */
const hdlr = (handler: string) => fullBox("hdlr", 0, zeros(4), ascii(handler), zeros(12), zeros(1));

/** stts: (sample count, sample delta) runs; their sum of count × delta is the media's length in samples' time. */
const stts = (...runs: [count: number, delta: number][]) =>
  fullBox("stts", 0, u32(runs.length), ...runs.flatMap(([count, delta]) => [u32(count), u32(delta)]));

/** elst: (segment duration in the movie timescale, media time or -1 for an empty edit) entries, rate 1. */
const elst = (...entries: [segment: number, mediaTime: number][]) =>
  fullBox(
    "elst",
    0,
    u32(entries.length),
    ...entries.flatMap(([segment, mediaTime]) => [u32(segment), u32(mediaTime >>> 0), u32(0x10000)]),
  );

type TrackSpec = {
  handler?: string;
  /** tkhd duration, in the movie's timescale. */
  header: number | bigint;
  /** Edit list entries (see elst); none by default. */
  edits?: [segment: number, mediaTime: number][];
  /** mdhd timescale and duration. */
  media: [timescale: number, duration: number | bigint];
  /** stts runs; by default one sample as long as the media (or none when the media duration is 0). */
  samples?: [count: number, delta: number][];
  /** More boxes for the sample table (e.g. an stsz). */
  extra?: Uint8Array[];
  withoutStts?: boolean;
  version?: 0 | 1;
};

/** A trak with everything the duration parser reads: tkhd, edit list, mdhd, hdlr and the sample table's stts. */
export function track(spec: TrackSpec) {
  const { handler = "vide", header, edits, media, samples, extra = [], withoutStts = false, version = 0 } = spec;
  const [timescale, length] = media;
  const runs = samples ?? (Number(length) > 0 ? [[1, Number(length)] as [number, number]] : []);
  const sampleTable = stbl(...(withoutStts ? [] : [stts(...runs)]), ...extra);
  return trak(
    tkhd(header, version),
    ...(edits ? [box("edts", elst(...edits))] : []),
    mdia(mdhd(timescale, length, version), hdlr(handler), minf(sampleTable)),
  );
}

export const mvex = (...children: Uint8Array[]) => box("mvex", ...children, fullBox("trex", 0, zeros(20)));

export const ftyp = () => box("ftyp", ascii("isom"), u32(0x200), ascii("isomiso2mp41"));

/** A minimal faststart MP4: ftyp, the given moov children, and a small mdat. */
export const mp4With = (...moovChildren: Uint8Array[]) =>
  concat(ftyp(), box("moov", ...moovChildren), box("mdat", zeros(64)));

/** An honest faststart MP4: movie, track and samples all say the same (timescale 1000). */
export const mp4Of = (ms: number) => mp4With(mvhd(1000, ms), track({ header: ms, media: [1000, ms] }));

// ---- MP3 frames ----

/** MPEG-1 layer III, 128 kbps, 44.1 kHz, stereo, no padding: every frame is 417 bytes. */
export const MPEG1_128K_HEADER = new Uint8Array([0xff, 0xfb, 0x90, 0x00]);
export const MPEG1_128K_FRAME_BYTES = 417;

/** MPEG-1 layer III, 44.1 kHz, stereo, no padding, at the lowest (32 kbps, 104 bytes) and highest (320 kbps, 1044 bytes) bitrate. */
export const MPEG1_32K = { header: new Uint8Array([0xff, 0xfb, 0x10, 0x00]), bytes: 104 };
export const MPEG1_320K = { header: new Uint8Array([0xff, 0xfb, 0xe0, 0x00]), bytes: 1044 };

/** `count` frames of silence-ish filler behind a frame header, optionally starting with a special first frame. */
export function framesOf(
  kind: { header: Uint8Array; bytes: number },
  count: number,
  first?: (frame: Uint8Array) => void,
): Uint8Array {
  const frames: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const frame = new Uint8Array(kind.bytes);
    frame.set(kind.header);
    if (i === 0) first?.(frame);
    frames.push(frame);
  }
  return concat(...frames);
}

/** `count` 128 kbps frames (see MPEG1_128K_HEADER), optionally starting with a special first frame. */
export const mp3Frames = (count: number, first?: (frame: Uint8Array) => void) =>
  framesOf({ header: MPEG1_128K_HEADER, bytes: MPEG1_128K_FRAME_BYTES }, count, first);

/** Writes a Xing (VBR) or Info (CBR) header into such a first frame: flags, frame count, optionally the byte count. */
export const xingFrame =
  (frames: number, flags = 1, bytes?: number, tag: "Xing" | "Info" = "Xing") =>
  (frame: Uint8Array) => {
    const fields = concat(ascii(tag), u32(flags), u32(frames), bytes === undefined ? zeros(0) : u32(bytes));
    frame.set(fields, 4 + 32); // after the header and 32 bytes of MPEG-1 stereo side info
  };

/** Writes a VBRI header (always 32 bytes after the frame header): version 1, delay, quality, bytes, frames. */
export const vbriFrame = (frames: number, bytes: number) => (frame: Uint8Array) => {
  frame.set(concat(ascii("VBRI"), new Uint8Array([0, 1, 0, 0, 0, 75]), u32(bytes), u32(frames)), 4 + 32);
};

/** An ID3v2 tag header for a tag body of `size` bytes (syncsafe), with `flags`. */
export function id3Header(size: number, flags = 0, version = 4): Uint8Array {
  return new Uint8Array([
    0x49,
    0x44,
    0x33,
    version,
    0,
    flags,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
}

/** Where an ID3v2-tagged file's audio starts (for stripping tags off a fixture). */
export function id3v2Length(bytes: Uint8Array): number {
  if (String.fromCharCode(...bytes.subarray(0, 3)) !== "ID3") return 0;
  const s = bytes.subarray(6, 10);
  return 10 + ((s[0]! << 21) | (s[1]! << 14) | (s[2]! << 7) | s[3]!) + (bytes[5]! & 0x10 ? 10 : 0);
}

/**
 * The property both parsers keep on damaged real files: a duration or a MediaError, never a hang or another
 * error. `reach` is how far from either end the damage may land (where the parser looks).
 */
export async function survivesDamage(
  files: Uint8Array[],
  reach: { head: number; tail: number },
  duration: (bytes: Uint8Array) => Promise<number>,
) {
  const damage = fc.record({
    file: fc.constantFrom(...files),
    edits: fc.array(
      fc.tuple(
        fc.oneof(
          fc.nat(reach.head),
          fc.nat(reach.tail).map((n) => -1 - n),
        ),
        fc.nat(255),
      ),
      {
        minLength: 1,
        maxLength: 8,
      },
    ),
    cut: fc.option(fc.nat(), { nil: undefined }),
  });
  await fc.assert(
    fc.asyncProperty(damage, async ({ file, edits, cut }) => {
      const bytes = file.slice(0, cut === undefined ? undefined : cut % (file.length + 1));
      for (const [at, value] of edits) {
        const index = at < 0 ? bytes.length + at : at;
        if (index >= 0 && index < bytes.length) bytes[index] = value;
      }
      const result = await outcome(duration(bytes));
      return result === "duration" || result === "media-error";
    }),
    { seed: 4242, numRuns: 400 },
  );
}
