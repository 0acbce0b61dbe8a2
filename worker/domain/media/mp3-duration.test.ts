import { describe, expect, it } from "vitest";
import { fixture } from "../../test/fixtures";
import { NOT_PLAYABLE_MP3, TOO_LONG } from "./media-error";
import {
  MPEG1_128K_FRAME_BYTES,
  MPEG1_128K_HEADER,
  ascii,
  concat,
  counted,
  id3Header,
  id3v2Length,
  mediaError,
  mp3Frames,
  outcome,
  seededBytes,
  storedInR2,
  u32,
  vbriFrame,
  xingFrame,
  survivesDamage,
} from "../../test/media";
import { mp3DurationMs } from "./mp3-duration";
import { bytesRangeReader } from "./range-reader";

const duration = (bytes: Uint8Array) => mp3DurationMs(bytesRangeReader(bytes));

/** 100 frames of 1152 samples at 44.1 kHz. */
const XING_100_FRAMES_MS = 2612;
/** A Xing header frame stating 100 frames, and the 100 frames it describes. */
const honestXing100 = () => mp3Frames(101, xingFrame(100));

describe("mp3DurationMs on real files in R2", () => {
  // Expected values: `ffprobe -v error -show_entries format=duration -of csv=p=0 <file>`, in ms. MP3 gets
  // ±50 ms: encoders pad frames, and ffprobe's constant-bitrate estimate also counts an ID3v1 tag as audio.
  it.each([
    ["tiny.mp3", 3030.204], // MPEG-1 mono 64 kbps, LAME Info header (frame count)
    ["cbr-no-xing.mp3", 5073.75], // MPEG-1 mono 32 kbps, no Xing/Info: size / bitrate, ID3v1 tag at the end
    ["vbr-xing.mp3", 4048.98], // MPEG-1 stereo VBR (-q:a 5), Xing header
    ["no-id3.mp3", 3526.531], // no ID3 tag at all: starts with a frame header
    ["mpeg2-22050.mp3", 6060.408], // MPEG-2 mono 22.05 kHz, 576 samples per frame
    ["mpeg25-8000.mp3", 7200.0], // MPEG-2.5 stereo 8 kHz
  ])("reads %s as about %f ms", async (name, expected) => {
    const bytes = fixture(name);
    const { reader, stats } = counted(await storedInR2(bytes, name));
    const ms = await mp3DurationMs(reader);
    expect(Math.abs(ms - expected)).toBeLessThanOrEqual(50);
    // ID3 header(s), one 64 KiB window, maybe the last 3 bytes: nothing else.
    expect(stats.reads).toBeLessThanOrEqual(4);
    expect(stats.bytes).toBeLessThanOrEqual(64 * 1024 + 2 * 10 + 3);
  });

  it("reads a 1 MB constant-bitrate file through a 64 KiB window and three 8 KiB samples", async () => {
    // cbr-no-xing.mp3 without its tags is whole frames; repeated, it is a longer valid CBR stream.
    const original = fixture("cbr-no-xing.mp3");
    const frames = original.subarray(id3v2Length(original), original.length - 128);
    const bytes = concat(id3Header(0), ...Array<Uint8Array>(60).fill(frames));
    const { reader, stats } = counted(await storedInR2(bytes, "long.mp3"));
    // 32 kbps = 4 bytes per millisecond.
    expect(await mp3DurationMs(reader)).toBe(Math.round((frames.length * 60) / 4));
    expect(bytes.length).toBeGreaterThan(1_000_000);
    // ID3v2 header and the check for a second one, window, ID3v1 check, three samples of the bitrate.
    expect(stats.reads).toBe(7);
    expect(stats.bytes).toBeLessThan(64 * 1024 + 3 * 8 * 1024 + 100);
  });
});

describe("mp3DurationMs headers", () => {
  it("counts frames from a Xing header", async () => {
    expect(await duration(honestXing100())).toBe(XING_100_FRAMES_MS);
  });

  it("counts frames from a VBRI header", async () => {
    const file = mp3Frames(1001, vbriFrame(1000, 1001 * MPEG1_128K_FRAME_BYTES));
    expect(await duration(file)).toBe(Math.round((1000 * 1152 * 1000) / 44_100));
  });

  it("falls back to size / bitrate when an Info header has no frame count", async () => {
    const file = mp3Frames(10, (frame) => frame.set(concat(ascii("Info"), u32(0)), 36));
    // 10 frames × 417 bytes at 128 kbps = 16 bytes per ms.
    expect(await duration(file)).toBe(Math.round((10 * MPEG1_128K_FRAME_BYTES) / 16));
  });

  it("skips an ID3v2 tag with a footer", async () => {
    // A fake frame header in the footer that pairs with one planted inside the real first frame: read from
    // the footer, the stream would have no Xing header and give a size-based estimate instead.
    const frames = mp3Frames(101, (frame) => {
      xingFrame(100)(frame);
      frame.set(MPEG1_128K_HEADER, MPEG1_128K_FRAME_BYTES - 10);
    });
    const footer = concat(MPEG1_128K_HEADER, new Uint8Array(6));
    const file = concat(id3Header(20, 0x10), new Uint8Array(20), footer, frames);
    expect(await duration(file)).toBe(XING_100_FRAMES_MS);
  });

  it("skips stacked ID3v2 tags", async () => {
    const file = concat(id3Header(30), new Uint8Array(30), id3Header(5, 0, 3), new Uint8Array(5), honestXing100());
    expect(await duration(file)).toBe(XING_100_FRAMES_MS);
  });

  it("ignores a frame sync that is not followed by another frame", async () => {
    // Junk with a valid-looking header at byte 5: taken as the first frame, there would be no Xing header.
    const junk = concat(new Uint8Array(5), MPEG1_128K_HEADER, new Uint8Array(41));
    expect(await duration(concat(junk, honestXing100()))).toBe(XING_100_FRAMES_MS);
  });

  it("does not count a trailing ID3v1 tag as audio", async () => {
    const frames = mp3Frames(10);
    const tag = concat(ascii("TAG"), new Uint8Array(125));
    expect(await duration(concat(frames, tag))).toBe(await duration(frames));
  });

  it("accepts a file of a single frame", async () => {
    expect(await duration(mp3Frames(1))).toBe(26); // 417 bytes at 16 bytes/ms
  });
});

describe("mp3DurationMs refuses broken files with MediaError", () => {
  const cases: [string, Uint8Array, RegExp][] = [
    ["empty file", new Uint8Array(0), /no MPEG audio/],
    ["text file", new TextEncoder().encode("This is not an MP3 file at all. ".repeat(20)), /no MPEG audio/],
    ["ID3 size past the end", concat(id3Header(1000), new Uint8Array(20)), /past the end/],
    ["ID3 tag and nothing else", concat(id3Header(20), new Uint8Array(20)), /past the end/],
    [
      "ID3 size not syncsafe",
      concat(
        id3Header(0).map((b, i) => (i === 9 ? 0x80 : b)),
        mp3Frames(3),
      ),
      /syncsafe/,
    ],
    ["too many ID3 tags", concat(...Array<Uint8Array>(9).fill(id3Header(0)), mp3Frames(3)), /too many ID3/],
    [
      "ID3 tag followed by junk",
      concat(
        id3Header(0),
        seededBytes(3, 3000).map((b) => b & 0x7f),
      ),
      /no MPEG audio/,
    ],
    ["Xing says 0 frames", mp3Frames(3, xingFrame(0)), /duration is 0/],
    ["Xing says more bytes than the file has", mp3Frames(3, xingFrame(100, 3, 100_000)), /shorter than its Xing/],
    ["layer II frames", mp3Frames(3).map((b, i) => (i % MPEG1_128K_FRAME_BYTES === 1 ? 0xfd : b)), /no MPEG audio/],
  ];
  it.each(cases)("%s", async (_label, bytes, detail) => {
    const error = await mediaError(duration(bytes));
    expect(error.message).toBe(NOT_PLAYABLE_MP3);
    expect(error.detail).toMatch(detail);
  });

  it("refuses more than 24 hours with its own message", async () => {
    const error = await mediaError(duration(mp3Frames(3, xingFrame(0xffffffff))));
    expect(error.message).toBe(TOO_LONG);
  });

  it.each(["tiny.mp3", "vbr-xing.mp3", "no-id3.mp3", "mpeg2-22050.mp3", "mpeg25-8000.mp3"])(
    "refuses %s cut short (its Xing/Info header states the full length)",
    async (name) => {
      const bytes = fixture(name);
      expect((await mediaError(duration(bytes.subarray(0, 100)))).detail).toMatch(/no MPEG audio/);
      expect((await mediaError(duration(bytes.subarray(0, bytes.length >> 1)))).detail).toMatch(/shorter than/);
    },
  );

  it("measures a cut-short constant-bitrate file by what is left of it", async () => {
    const bytes = fixture("cbr-no-xing.mp3");
    await expect(duration(bytes.subarray(0, 100))).rejects.toThrow(NOT_PLAYABLE_MP3);
    const half = await duration(bytes.subarray(0, bytes.length >> 1));
    expect(Math.abs(half - (await duration(bytes)) / 2)).toBeLessThan(50);
  });

  it("never hangs or throws anything but MediaError on random bytes", async () => {
    for (let seed = 1; seed <= 300; seed++) {
      const bytes = seededBytes(seed, [0, 1, 3, 4, 9, 10, 11, 100, 1000, 70_000][seed % 10]!);
      expect(["duration", "media-error"], `seed ${seed}`).toContain(await outcome(duration(bytes)));
    }
  });

  it("never hangs or throws anything but MediaError on damaged real files", async () => {
    // Damage goes where the parser looks: the ID3 header, the first frames, the ID3v1 tag.
    await survivesDamage(
      ["tiny.mp3", "cbr-no-xing.mp3", "vbr-xing.mp3", "vbr-no-xing.mp3", "no-id3.mp3", "mpeg2-22050.mp3"].map(fixture),
      { head: 2048, tail: 128 },
      duration,
    );
  });
});
