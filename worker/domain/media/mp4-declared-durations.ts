import { spokenDuration } from "./human-units";
import { DurationMismatchError, RE_EXPORT } from "./media-error";
import { isAudioOrVideo, type Track } from "./mp4-tracks";

/**
 * Cross-checks every duration an MP4 declares and picks the one we store. A file whose movie header says
 * 1 s while its video samples last 60 s would let a view qualify after 0.8 s of a minute-long video, so
 * numbers that contradict each other refuse the file instead of one of them winning.
 *
 * Which numbers must agree (a regular, non-fragmented file):
 * - per audio/video track: the media header (mdhd) with its samples (the stts sum);
 * - per audio/video track: the track header (tkhd) with its edit list when it has one, else with the media
 *   header. An edit list legitimately makes tkhd differ from mdhd: it delays a track (audio starting 2 s
 *   in), or trims the media (`ffmpeg -ss 3.3 -c copy` keeps the whole first GOP and hides 3.4 s of it).
 *   Players honour the edit list, so tkhd is then the presented length, and a trimmed track presents less
 *   than its media on purpose;
 * - the movie header (mvhd) with the longest track of any kind (subtitles included: mvhd covers them).
 * The stored duration is the longest audio or video track's presented length (tkhd; if a file leaves that
 * 0, the edit list, media header or samples in that order). For honest files that equals mvhd, which is
 * what the parser stored before these checks; a subtitle track outlasting the picture no longer stretches
 * it.
 */

/**
 * Two declared durations agree when they differ by at most 1 s or by at most 2 % of the longer one,
 * whichever allows more: 1 s up to 50 s, 1.2 s at 60 s, 72 s at an hour. Honest files differ by far less
 * (AAC priming of 1024 samples ≈ 23 ms, the last sample's length, rounding to a timescale); 2 % lets long
 * files accumulate rounding without giving a short file a loophole of more than a second.
 */
export function durationsAgree(a: number, b: number): boolean {
  const difference = Math.abs(a - b);
  return difference <= 1000 || difference * 50 <= Math.max(a, b);
}

type Declared = { label: string; ms: number };

function disagree(a: Declared, b: Declared): never {
  throw new DurationMismatchError(
    `This file's declared durations disagree (${a.label} says ${spokenDuration(a.ms)}, ` +
      `${b.label} ${spokenDuration(b.ms)}); ${RE_EXPORT}`,
    `${a.label} ${a.ms} ms vs ${b.label} ${b.ms} ms`,
  );
}

/** 0 means "not stated" (fragmented files, or a muxer that left the field empty): nothing to compare. */
function mustAgree(a: Declared, b: Declared) {
  if (a.ms > 0 && b.ms > 0 && !durationsAgree(a.ms, b.ms)) disagree(a, b);
}

const MOVIE_HEADER = "movie header";

/** How long a track is presented: the first length it states, from the most to the least specific. */
function presented(track: Track): number {
  return track.header || track.edits || track.media || track.samples;
}

export function regularMovieMs(movieMs: number, tracks: Track[]): number {
  const audioVideo = tracks.filter(isAudioOrVideo);
  for (const track of audioVideo) {
    const header = { label: track.name, ms: track.header };
    const media = { label: `${track.name} media header`, ms: track.media };
    mustAgree(media, { label: `${track.name} samples`, ms: track.samples });
    mustAgree(header, track.edits === null ? media : { label: `${track.name} edit list`, ms: track.edits });
  }
  const longest = tracks.reduce<Track | undefined>((a, b) => (a && presented(a) >= presented(b) ? a : b), undefined);
  if (longest) mustAgree({ label: MOVIE_HEADER, ms: movieMs }, { label: longest.name, ms: presented(longest) });
  return Math.max(0, ...audioVideo.map(presented));
}

/**
 * A fragmented file (moov + moof…) keeps its samples in the fragments: the moov's own mvhd, tkhd, mdhd and
 * stts describe only the samples inside the moov, which is none (ffmpeg's empty_moov: all 0) or the first
 * fragment (0.5 s of a 2-hour film). The whole length is the movie extends header (mehd), which we store.
 * So the moov's numbers may be 0 or anything shorter, and may repeat the whole length (some packagers do),
 * but may not outlast it: samples the moov itself holds cannot play longer than the movie.
 */
export function fragmentedMovieMs(movieMs: number, fragmentsMs: number, tracks: Track[]): number {
  const whole = { label: "movie fragment header", ms: fragmentsMs };
  const declared: Declared[] = [{ label: MOVIE_HEADER, ms: movieMs }];
  for (const track of tracks) {
    declared.push(
      { label: track.name, ms: track.header },
      { label: `${track.name} edit list`, ms: track.edits ?? 0 },
      { label: `${track.name} media header`, ms: track.media },
      { label: `${track.name} samples`, ms: track.samples },
    );
  }
  for (const part of declared) {
    if (part.ms > fragmentsMs) mustAgree(whole, part);
  }
  return fragmentsMs;
}
