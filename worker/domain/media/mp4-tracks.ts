import {
  type ChildBox,
  child,
  childBoxes,
  descend,
  fail,
  readDuration,
  timescaleAndDuration,
  toMs,
  uint32,
  version,
  view,
} from "./mp4-boxes";

/**
 * What each `trak` of a moov declares about its length. A track states it up to four times, in three
 * timescales, and nothing in the format forces them to agree; a player may go by any of them (or by the
 * samples alone), so the parser reads them all and lets mp4-declared-durations.ts judge.
 */

type TrackKind = "video" | "audio" | "subtitle" | "data";

/** Durations in milliseconds; 0 means the file does not state that one (fragmented files leave most at 0). */
export type Track = {
  kind: TrackKind;
  /** "video track", or "audio track 2" when a file has several of a kind: used in messages to the uploader. */
  name: string;
  /** tkhd: how long the track is presented, in the movie's timescale (with the edit list applied). */
  header: number;
  /** Sum of the edit list's segments (movie timescale), or null when the track has no edit list. */
  edits: number | null;
  /** mdhd: the length of the media, in the track's own timescale. */
  media: number;
  /** stts: the sum of every sample's duration (track timescale), i.e. what the samples really take to play. */
  samples: number;
};

// A Map: the handler type is four bytes of an uploaded file, never to be looked up on a plain object.
const KIND_BY_HANDLER: ReadonlyMap<string, TrackKind> = new Map([
  ["vide", "video"],
  ["soun", "audio"],
  ["sbtl", "subtitle"],
  ["subt", "subtitle"],
  ["text", "subtitle"],
]);

export const isAudioOrVideo = (track: Track) => track.kind === "video" || track.kind === "audio";

/** The track's kind from its hdlr (handler type after version/flags and pre_defined). */
function kindOf(mdia: ChildBox[]): TrackKind {
  const hdlr = child(mdia, "hdlr");
  if (!hdlr) return "data";
  if (hdlr.body.length < 12) fail("hdlr box cut off");
  return KIND_BY_HANDLER.get(String.fromCharCode(...hdlr.body.subarray(8, 12))) ?? "data";
}

/** tkhd: version/flags, creation, modification (32/64), track id, reserved, then duration (32/64). */
function headerTicks(tkhd: ChildBox): bigint {
  const wide = version(tkhd.body, "tkhd") === 1;
  return readDuration(tkhd.body, wide ? 28 : 20, wide);
}

/** elst: entry count, then per entry a segment duration (32/64 bits), a media time (same) and a rate (32). */
function editTicks(elst: ChildBox): number {
  const wide = version(elst.body, "elst") === 1;
  const count = uint32(elst.body, 4, "elst entry count");
  const entryLength = wide ? 20 : 12;
  if (elst.body.length < 8 + count * entryLength) fail("elst entries cut off");
  const data = view(elst.body);
  let ticks = 0;
  for (let i = 0, at = 8; i < count; i++, at += entryLength) {
    ticks += wide ? Number(data.getBigUint64(at)) : data.getUint32(at);
  }
  return ticks;
}

/** stts: entry count, then (sample count, sample delta) runs. Sums in floating point: past 2^53 ticks it is beyond 24 h anyway. */
function sampleTicks(stts: ChildBox): { samples: number; ticks: number } {
  const count = uint32(stts.body, 4, "stts entry count");
  if (stts.body.length < 8 + count * 8) fail("stts entries cut off");
  const data = view(stts.body);
  let samples = 0;
  let ticks = 0;
  for (let i = 0, at = 8; i < count; i++, at += 8) {
    const run = data.getUint32(at);
    samples += run;
    ticks += run * data.getUint32(at + 4);
  }
  return { samples, ticks };
}

/** The sample count of stsz or stz2 (both keep it right after version/flags and a 32-bit size field). */
function sampleCount(stbl: ChildBox[]): number | null {
  const sizes = child(stbl, "stsz") ?? child(stbl, "stz2");
  return sizes ? uint32(sizes.body, 8, `${sizes.type} sample count`) : null;
}

function readTrack(trak: ChildBox, movieTimescale: number): Omit<Track, "name"> {
  const parts = childBoxes(trak.body);
  const mdiaBox = child(parts, "mdia");
  const mdia = mdiaBox ? childBoxes(mdiaBox.body) : [];
  const kind = kindOf(mdia);
  const tkhd = child(parts, "tkhd");
  const header = tkhd ? toMs(headerTicks(tkhd), movieTimescale) : 0;
  // Only audio and video decide the duration; other tracks count just for the movie header's length.
  if (kind !== "video" && kind !== "audio") return { kind, header, edits: null, media: 0, samples: 0 };

  if (!tkhd) fail(`${kind} track has no tkhd`);
  const mdhd = child(mdia, "mdhd");
  if (!mdhd) fail(`${kind} track has no mdhd`);
  const media = timescaleAndDuration(mdhd.body, "mdhd");
  const stbl = descend(mdia, "minf", "stbl");
  const stts = stbl && child(childBoxes(stbl.body), "stts");
  // Without stts the samples have no timing at all; the format requires it, and it is the one number a
  // player cannot ignore, so a track without it is not one we can measure.
  if (!stbl || !stts) fail(`${kind} track has no stts`);
  const timing = sampleTicks(stts);
  const count = sampleCount(childBoxes(stbl.body));
  // Samples beyond the ones stts times would still be played (players reuse the last delta): a file could
  // time 40 samples in stts and carry 1500.
  if (count !== null && count !== timing.samples) {
    fail(`${kind} track: stts times ${timing.samples} samples, the sample size table lists ${count}`);
  }
  const elst = descend(parts, "edts", "elst");
  return {
    kind,
    header,
    edits: elst ? toMs(editTicks(elst), movieTimescale) : null,
    media: toMs(media.duration, media.timescale),
    samples: toMs(timing.ticks, media.timescale),
  };
}

/** Every trak of the moov, named for messages ("audio track 2" only when there are several audio tracks). */
export function readTracks(moov: ChildBox[], movieTimescale: number): Track[] {
  const tracks = moov.filter((box) => box.type === "trak").map((trak) => readTrack(trak, movieTimescale));
  const total = (kind: TrackKind) => tracks.filter((t) => t.kind === kind).length;
  const seen: Partial<Record<TrackKind, number>> = {};
  return tracks.map((track) => {
    const n = (seen[track.kind] = (seen[track.kind] ?? 0) + 1);
    return { ...track, name: total(track.kind) > 1 ? `${track.kind} track ${n}` : `${track.kind} track` };
  });
}
