import {
  type ChildBox,
  child,
  childBoxes,
  descend,
  fail,
  timescaleAndDuration,
  uint32,
  version,
  view,
} from "./mp4-boxes";
import type { Mp4Layout } from "./whole-file";

/**
 * What an MP4's audio and video samples are, as opposed to what the file is (docs/decisions/063): the bytes of
 * the samples (stsz/stz2 in the moov, trun in each moof of a fragmented file), the video's picture size and
 * its frame rate. Padding (free, skip, unknown boxes) holds no samples, so it measures as nothing; sample
 * sizes that claim more than the mdat boxes hold are capped at what they hold.
 *
 * Everything read here was already bounds-checked by the duration parser and the layout walk except the
 * tables it alone reads; those fail as bad media like every other box.
 */

export type Mp4Samples = {
  /** Bytes of audio and video samples, at most the bytes inside the mdat boxes. */
  payloadBytes: number;
  /** The video track's picture (the smaller of what tkhd and the sample entry say), null without video. */
  picture: { width: number; height: number } | null;
  /** The video track's samples per second of its own timeline, null without video or without timing. */
  frameRate: number | null;
};

type Kind = "video" | "audio" | "other";

type TrackSamples = {
  id: number;
  kind: Kind;
  timescale: number;
  count: number;
  bytes: number;
  ticks: number;
  picture: { width: number; height: number } | null;
};

type TrackDefaults = { duration: number; size: number };

function kindOf(mdia: ChildBox[]): Kind {
  const hdlr = child(mdia, "hdlr");
  if (!hdlr || hdlr.body.length < 12) return "other";
  const handler = String.fromCharCode(...hdlr.body.subarray(8, 12));
  return handler === "vide" ? "video" : handler === "soun" ? "audio" : "other";
}

/** tkhd: track_ID after version/flags and two times (32 or 64 bits); width and height (16.16) are its last 8 bytes. */
function trackHeader(tkhd: ChildBox): { id: number; width: number; height: number } {
  const wide = version(tkhd.body, "tkhd") === 1;
  const id = uint32(tkhd.body, wide ? 20 : 12, "tkhd track id");
  const sizeAt = wide ? 88 : 76;
  const width = uint32(tkhd.body, sizeAt, "tkhd width") >>> 16;
  const height = uint32(tkhd.body, sizeAt + 4, "tkhd height") >>> 16;
  return { id, width, height };
}

/** The first visual sample entry's coded size: entry box header (8), SampleEntry (8), pre_defined/reserved (16), width, height. */
function entryPicture(stbl: ChildBox[]): { width: number; height: number } | null {
  const stsd = child(stbl, "stsd");
  if (!stsd || stsd.body.length < 8 + 36) return null;
  const data = view(stsd.body);
  return { width: data.getUint16(8 + 32), height: data.getUint16(8 + 34) };
}

/** The smaller of two stated sizes, dimension by dimension; a 0 (unstated) tkhd size leaves the sample entry's. */
function smallerPicture(header: { width: number; height: number }, entry: { width: number; height: number } | null) {
  if (!entry) return header.width && header.height ? header : null;
  if (!header.width || !header.height) return entry;
  return { width: Math.min(header.width, entry.width), height: Math.min(header.height, entry.height) };
}

/** stsz (one size for all, or one 32-bit entry per sample) or stz2 (4-, 8- or 16-bit entries). */
function sampleBytes(stbl: ChildBox[]): { count: number; bytes: number } {
  const stsz = child(stbl, "stsz");
  if (stsz) {
    const size = uint32(stsz.body, 4, "stsz sample size");
    const count = uint32(stsz.body, 8, "stsz sample count");
    if (size !== 0) return { count, bytes: size * count };
    if (stsz.body.length < 12 + count * 4) fail("stsz entries cut off");
    const data = view(stsz.body);
    let bytes = 0;
    for (let i = 0, at = 12; i < count; i++, at += 4) bytes += data.getUint32(at);
    return { count, bytes };
  }
  const stz2 = child(stbl, "stz2");
  if (!stz2) return { count: 0, bytes: 0 };
  if (stz2.body.length < 12) fail("stz2 box cut off");
  const fieldBits = stz2.body[7]!;
  if (fieldBits !== 4 && fieldBits !== 8 && fieldBits !== 16) fail(`stz2 field size ${fieldBits} is not 4, 8 or 16`);
  const count = uint32(stz2.body, 8, "stz2 sample count");
  if (stz2.body.length < 12 + Math.ceil((count * fieldBits) / 8)) fail("stz2 entries cut off");
  const data = view(stz2.body);
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    if (fieldBits === 16) bytes += data.getUint16(12 + i * 2);
    else if (fieldBits === 8) bytes += stz2.body[12 + i]!;
    else bytes += (stz2.body[12 + (i >> 1)]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
  }
  return { count, bytes };
}

/** stts: the sum of (sample count × delta) runs. */
function sampleTicks(stbl: ChildBox[]): number {
  const stts = child(stbl, "stts");
  if (!stts) return 0;
  const count = uint32(stts.body, 4, "stts entry count");
  if (stts.body.length < 8 + count * 8) fail("stts entries cut off");
  const data = view(stts.body);
  let ticks = 0;
  for (let i = 0, at = 8; i < count; i++, at += 8) ticks += data.getUint32(at) * data.getUint32(at + 4);
  return ticks;
}

function readTrack(trak: ChildBox): TrackSamples | null {
  const parts = childBoxes(trak.body);
  const mdiaBox = child(parts, "mdia");
  const tkhd = child(parts, "tkhd");
  if (!mdiaBox || !tkhd) return null;
  const mdia = childBoxes(mdiaBox.body);
  const kind = kindOf(mdia);
  const mdhd = child(mdia, "mdhd");
  if (kind === "other" || !mdhd) return null;
  const stblBox = descend(mdia, "minf", "stbl");
  const stbl = stblBox ? childBoxes(stblBox.body) : [];
  const header = trackHeader(tkhd);
  const { count, bytes } = sampleBytes(stbl);
  return {
    id: header.id,
    kind,
    timescale: timescaleAndDuration(mdhd.body, "mdhd").timescale,
    count,
    bytes,
    ticks: sampleTicks(stbl),
    picture: kind === "video" ? smallerPicture(header, entryPicture(stbl)) : null,
  };
}

/** trex: the defaults a fragment's samples fall back on (track_ID, description index, duration, size, flags). */
function trackDefaults(moov: ChildBox[]): Map<number, TrackDefaults> {
  const defaults = new Map<number, TrackDefaults>();
  const mvex = child(moov, "mvex");
  for (const trex of mvex ? childBoxes(mvex.body).filter((b) => b.type === "trex") : []) {
    defaults.set(uint32(trex.body, 4, "trex track id"), {
      duration: uint32(trex.body, 12, "trex default duration"),
      size: uint32(trex.body, 16, "trex default size"),
    });
  }
  return defaults;
}

/** tfhd: track_ID, then optional fields by its flags; the default duration (0x8) and size (0x10) override trex's. */
function fragmentDefaults(tfhd: ChildBox, fallback: TrackDefaults | undefined) {
  const flags = uint32(tfhd.body, 0, "tfhd flags") & 0xffffff;
  const id = uint32(tfhd.body, 4, "tfhd track id");
  let at = 8;
  if (flags & 0x1) at += 8;
  if (flags & 0x2) at += 4;
  const duration = flags & 0x8 ? uint32(tfhd.body, at, "tfhd default duration") : (fallback?.duration ?? 0);
  if (flags & 0x8) at += 4;
  const size = flags & 0x10 ? uint32(tfhd.body, at, "tfhd default size") : (fallback?.size ?? 0);
  return { id, duration, size };
}

/** trun: sample count, optional data offset and first-sample flags, then per sample the fields its flags name. */
function runSamples(trun: ChildBox, defaults: TrackDefaults) {
  const flags = uint32(trun.body, 0, "trun flags") & 0xffffff;
  const count = uint32(trun.body, 4, "trun sample count");
  let at = 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
  const hasDuration = (flags & 0x100) !== 0;
  const hasSize = (flags & 0x200) !== 0;
  const fields = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length;
  if (trun.body.length < at + count * fields * 4) fail("trun entries cut off");
  const data = view(trun.body);
  let bytes = 0;
  let ticks = 0;
  for (let i = 0; i < count; i++, at += fields * 4) {
    ticks += hasDuration ? data.getUint32(at) : defaults.duration;
    bytes += hasSize ? data.getUint32(at + (hasDuration ? 4 : 0)) : defaults.size;
  }
  return { count, bytes, ticks };
}

/** Adds every trun of every traf of the moofs to its track (fragments of tracks the moov lacks are ignored). */
function addFragments(tracks: TrackSamples[], moov: ChildBox[], moofs: Uint8Array[]) {
  if (moofs.length === 0) return;
  const byId = new Map(tracks.map((t) => [t.id, t]));
  const trex = trackDefaults(moov);
  for (const moof of moofs) {
    for (const traf of childBoxes(moof).filter((b) => b.type === "traf")) {
      const parts = childBoxes(traf.body);
      const tfhd = child(parts, "tfhd");
      if (!tfhd) fail("traf has no tfhd");
      const defaults = fragmentDefaults(tfhd, trex.get(uint32(tfhd.body, 4, "tfhd track id")));
      const track = byId.get(defaults.id);
      if (!track) continue;
      for (const trun of parts.filter((b) => b.type === "trun")) {
        const run = runSamples(trun, defaults);
        track.count += run.count;
        track.bytes += run.bytes;
        track.ticks += run.ticks;
      }
    }
  }
}

/** The samples of a moov (already checked by mp4Movie) and of the fragments the layout walk found. */
export function mp4Samples(moov: ChildBox[], layout: Mp4Layout): Mp4Samples {
  const tracks = moov.filter((b) => b.type === "trak").flatMap((trak) => readTrack(trak) ?? []);
  addFragments(tracks, moov, layout.moofs);
  const declared = tracks.reduce((sum, t) => sum + t.bytes, 0);
  // The largest picture among video tracks stands for the item; its own samples give its frame rate.
  const video = tracks
    .filter((t) => t.kind === "video")
    .sort(
      (a, b) =>
        (b.picture ? b.picture.width * b.picture.height : 0) - (a.picture ? a.picture.width * a.picture.height : 0),
    )[0];
  return {
    payloadBytes: Math.min(declared, layout.mdatBytes),
    picture: video ? (video.picture ?? { width: 0, height: 0 }) : null,
    frameRate: video && video.ticks > 0 ? (video.count * video.timescale) / video.ticks : video ? 0 : null,
  };
}
