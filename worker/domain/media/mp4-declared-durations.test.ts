import { describe, expect, it } from "vitest";
import { fixture } from "../../test/fixtures";
import { DurationMismatchError, MediaError, NOT_PLAYABLE_MP4 } from "./media-error";
import { box, mediaError, mehd, mp4With, mvex, mvhd, patched, storedInR2, track, u32 } from "../../test/media";
import { durationsAgree } from "./mp4-declared-durations";
import { mp4DurationMs } from "./mp4-duration";
import { bytesRangeReader } from "./range-reader";

const duration = (bytes: Uint8Array) => mp4DurationMs(bytesRangeReader(bytes));

async function mismatch(bytes: Uint8Array): Promise<MediaError> {
  const error = await mediaError(duration(bytes));
  expect(error).toBeInstanceOf(DurationMismatchError);
  return error;
}

/** Where the 32-bit duration of the first version-0 `type` box (mvhd or mdhd) sits in a real file. */
function durationFieldOf(bytes: Uint8Array, type: "mvhd" | "mdhd"): number {
  const at = new TextDecoder("latin1").decode(bytes).indexOf(type);
  if (at < 0 || bytes[at + 4] !== 0) throw new Error(`no version 0 ${type} in the fixture`);
  return at + 4 + 16; // type, version/flags, creation, modification, timescale
}

const MINUTE_OF_VIDEO = {
  header: 60_000,
  media: [90_000, 90_000 * 60] as [number, number],
  samples: [[1500, 3600]] as [number, number][],
};

describe("mp4DurationMs refuses files whose declared durations disagree", () => {
  it("refuses a 60 s video whose movie header says 1 s", async () => {
    const error = await mismatch(mp4With(mvhd(1000, 1000), track(MINUTE_OF_VIDEO)));
    expect(error.message).toBe(
      "This file's declared durations disagree (movie header says 1 s, video track 60 s); re-export it and upload again",
    );
    expect(error.detail).toBe("movie header 1000 ms vs video track 60000 ms");
  });

  it("refuses a real file (moov-at-end.mp4, 4 s) whose movie header was cut to 1 s", async () => {
    const original = fixture("moov-at-end.mp4");
    const error = await mismatch(patched(original, durationFieldOf(original, "mvhd"), u32(1000)));
    expect(error.message).toMatch(/movie header says 1 s, video track 4 s/);
  });

  it("refuses a track whose header says 1 s while its media header and samples say 60 s", async () => {
    const error = await mismatch(mp4With(mvhd(1000, 1000), track({ ...MINUTE_OF_VIDEO, header: 1000 })));
    expect(error.message).toMatch(/\(video track says 1 s, video track media header 60 s\)/);
  });

  it("refuses a track whose media header says 1 s while its header and samples say 60 s", async () => {
    const error = await mismatch(mp4With(mvhd(1000, 60_000), track({ ...MINUTE_OF_VIDEO, media: [90_000, 90_000] })));
    expect(error.message).toMatch(/\(video track media header says 1 s, video track samples 60 s\)/);
  });

  it("refuses samples that last 60 s behind headers that all say 1 s", async () => {
    const file = mp4With(mvhd(1000, 1000), track({ header: 1000, media: [90_000, 90_000], samples: [[1500, 3600]] }));
    expect((await mismatch(file)).message).toMatch(/media header says 1 s, video track samples 60 s/);
  });

  it("refuses a real file (tiny.mp4) whose video media header was cut to a third", async () => {
    const original = fixture("tiny.mp4"); // video mdhd: timescale 12288, 36864 ticks = 3 s
    const error = await mismatch(patched(original, durationFieldOf(original, "mdhd"), u32(12_288)));
    expect(error.message).toMatch(/video track media header says 1 s, video track samples 3 s/);
  });

  it("refuses an audio track that lies while the video track is honest", async () => {
    const file = mp4With(
      mvhd(1000, 60_000),
      track(MINUTE_OF_VIDEO),
      track({ handler: "soun", header: 60_000, media: [48_000, 48_000], samples: [[1, 48_000 * 60]] }),
    );
    expect((await mismatch(file)).message).toMatch(/audio track media header says 1 s, audio track samples 60 s/);
  });

  it("names the track when a file has several of a kind", async () => {
    const audio = (seconds: number) =>
      track({ handler: "soun", header: 30_000, media: [48_000, 48_000 * 30], samples: [[1, 48_000 * seconds]] });
    const file = mp4With(mvhd(1000, 30_000), audio(30), audio(90));
    expect((await mismatch(file)).message).toMatch(/audio track 2 media header says 30 s, audio track 2 samples 90 s/);
  });

  it("refuses a track header that disagrees with its edit list", async () => {
    const file = mp4With(mvhd(1000, 1000), track({ ...MINUTE_OF_VIDEO, header: 1000, edits: [[60_000, 0]] }));
    expect((await mismatch(file)).message).toMatch(/video track says 1 s, video track edit list 60 s/);
  });

  it("refuses a movie header longer than every track", async () => {
    // Not a money risk (views would never qualify), but the numbers contradict each other all the same.
    const file = mp4With(mvhd(1000, 60_000), track({ header: 1000, media: [1000, 1000] }));
    expect((await mismatch(file)).message).toMatch(/movie header says 60 s, video track 1 s/);
  });
});

describe("mp4DurationMs tolerance: 1 s or 2 % of the longer duration, whichever is larger", () => {
  it.each([
    [10_000, 11_000, true], // 1 s apart
    [10_000, 11_001, false],
    [100_000, 102_040, true], // 2 % of 102.04 s = 2.0408 s
    [100_000, 102_041, false],
    [3_600_000, 3_673_469, true], // 2 % of the longer, not of the shorter: 73.469 s ≤ 73.469 s
    [3_600_000, 3_673_470, false],
  ])("%i ms and %i ms agree: %s", async (movie, trackMs, agree) => {
    expect(durationsAgree(movie, trackMs)).toBe(agree);
    expect(durationsAgree(trackMs, movie)).toBe(agree);
    const file = mp4With(mvhd(1000, movie), track({ header: trackMs, media: [1000, trackMs] }));
    if (agree) expect(await duration(file)).toBe(trackMs);
    else await mismatch(file);
  });
});

describe("mp4DurationMs accepts honest layouts", () => {
  it("stores the longest audio or video track", async () => {
    const file = mp4With(
      mvhd(1000, 12_000),
      track({ header: 10_000, media: [12_800, 128_000] }),
      track({
        handler: "soun",
        header: 12_000,
        media: [48_000, 577_024],
        samples: [
          [563, 1024],
          [1, 512],
        ],
      }),
    );
    expect(await duration(file)).toBe(12_000);
  });

  it("lets a subtitle track outlast the picture (mvhd covers it) but stores the picture's length", async () => {
    // Like ffmpeg's mov_text output: the subtitle's last cue ends after the video.
    const file = mp4With(
      mvhd(1000, 20_000),
      track({ header: 12_000, media: [12_800, 153_600] }),
      track({ handler: "sbtl", header: 20_000, media: [1000, 20_000] }),
    );
    expect(await duration(file)).toBe(12_000);
  });

  it("accepts a delayed track whose edit list starts with an empty edit", async () => {
    // ffmpeg -itsoffset 2 on 8 s of audio: tkhd 10 s = 1.976 s empty edit + 8.024 s of media.
    const file = mp4With(
      mvhd(1000, 10_000),
      track({ header: 10_000, media: [12_800, 128_000] }),
      track({
        handler: "soun",
        header: 10_000,
        edits: [
          [1976, -1],
          [8024, 0],
        ],
        media: [44_100, 353_824],
      }),
    );
    expect(await duration(file)).toBe(10_000);
  });

  it("accepts a stream-copy cut whose edit list hides the start of the first GOP", async () => {
    // ffmpeg -ss 3.3 -c copy: 23.4 s of video media, of which the edit list presents 20.1 s.
    const file = mp4With(
      mvhd(1000, 20_100),
      track({ header: 20_100, edits: [[20_100, 43_264]], media: [12_800, 299_520], samples: [[585, 512]] }),
    );
    expect(await duration(file)).toBe(20_100);
  });

  it("accepts a 64-bit (version 1) track", async () => {
    const ticks = 90_000n * 3600n;
    const file = mp4With(
      mvhd(1000, 3_600_000),
      track({ header: 3_600_000n, media: [90_000, ticks], samples: [[90_000, 3600]], version: 1 }),
    );
    expect(await duration(file)).toBe(3_600_000);
  });

  it.each([
    ["tiny.mp4", 3000],
    ["moov-at-end.mp4", 4000],
    // Video: tkhd 4.7 s over 8 s of media (a stream-copy cut); audio: tkhd 5 s, 1.95 s of it an empty edit
    // before 3.05 s of media. ffprobe: 5.000000.
    ["edit-lists.mp4", 5000],
  ])("still reads %s as %i ms from R2", async (name, ms) => {
    expect(await mp4DurationMs(await storedInR2(fixture(name), name))).toBe(ms);
  });
});

describe("mp4DurationMs on fragmented files", () => {
  const fragmented = (movieMs: number, fragmentsMs: number, ...tracks: Uint8Array[]) =>
    mp4With(mvhd(1000, movieMs), ...tracks, mvex(mehd(fragmentsMs)));

  it("accepts an empty moov (mvhd, tkhd, mdhd 0, no samples) and stores mehd", async () => {
    expect(await duration(fragmented(0, 12_345, track({ header: 0, media: [10_240, 0] })))).toBe(12_345);
  });

  it("accepts a moov that holds only the first fragment", async () => {
    // ffmpeg -movflags frag_keyframe: mvhd 0.526 s, tracks 0.5 s, of a 60 s movie.
    const file = fragmented(
      526,
      60_000,
      track({ header: 500, media: [10_240, 5120], samples: [[5, 1024]] }),
      track({
        handler: "soun",
        header: 526,
        media: [22_050, 11_578],
        samples: [
          [7, 1024],
          [1, 4410],
        ],
      }),
    );
    expect(await duration(file)).toBe(60_000);
  });

  it("accepts a moov that repeats the whole length", async () => {
    expect(
      await duration(fragmented(60_000, 60_000, track({ header: 60_000, media: [1000, 60_000], samples: [] }))),
    ).toBe(60_000);
  });

  it("refuses a movie fragment header shorter than the samples inside the moov", async () => {
    const error = await mismatch(fragmented(0, 1000, track(MINUTE_OF_VIDEO)));
    expect(error.message).toMatch(/movie fragment header says 1 s, video track 60 s/);
  });

  it("refuses a movie fragment header shorter than the movie header", async () => {
    const error = await mismatch(fragmented(60_000, 1000, track({ header: 0, media: [10_240, 0] })));
    expect(error.message).toMatch(/movie fragment header says 1 s, movie header 60 s/);
  });
});

describe("mp4DurationMs needs an audio or video track", () => {
  it.each([
    ["no track at all", mp4With(mvhd(1000, 5000))],
    ["only a subtitle track", mp4With(mvhd(1000, 5000), track({ handler: "sbtl", header: 5000, media: [1000, 5000] }))],
    ["a fragmented file with no tracks", mp4With(mvhd(1000, 0), mvex(mehd(5000)))],
  ])("refuses %s", async (_label, bytes) => {
    const error = await mediaError(duration(bytes));
    expect(error.message).toBe(NOT_PLAYABLE_MP4);
    expect(error.detail).toMatch(/no audio or video track/);
  });

  it("refuses samples beyond the ones stts times (a player would play them all)", async () => {
    const samples = box("stsz", new Uint8Array(4), u32(0), u32(1500));
    const file = mp4With(
      mvhd(1000, 1000),
      track({ header: 1000, media: [1000, 1000], samples: [[40, 25]], extra: [samples] }),
    );
    const error = await mediaError(duration(file));
    expect(error.message).toBe(NOT_PLAYABLE_MP4);
    expect(error.detail).toMatch(/stts times 40 samples, the sample size table lists 1500/);
  });

  it("refuses an audio or video track without stts", async () => {
    const file = mp4With(mvhd(1000, 1000), track({ header: 1000, media: [1000, 1000], withoutStts: true }));
    expect((await mediaError(duration(file))).detail).toMatch(/video track has no stts/);
  });
});
