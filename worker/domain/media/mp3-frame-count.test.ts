import { describe, expect, it } from "vitest";
import { fixture } from "../../test/fixtures";
import { DurationMismatchError, type MediaError } from "./media-error";
import {
  MPEG1_128K_FRAME_BYTES,
  ascii,
  concat,
  id3Header,
  mediaError,
  mp3Frames,
  patched,
  storedInR2,
  u32,
  vbriFrame,
  xingFrame,
} from "../../test/media";
import { mp3DurationMs } from "./mp3-duration";
import { bytesRangeReader } from "./range-reader";

const duration = (bytes: Uint8Array) => mp3DurationMs(bytesRangeReader(bytes));

async function mismatch(bytes: Uint8Array): Promise<MediaError> {
  const error = await mediaError(duration(bytes));
  expect(error).toBeInstanceOf(DurationMismatchError);
  return error;
}

/** A minute of 128 kbps audio: 2297 frames of 417 bytes (26.12 ms each) behind the header frame. */
const MINUTE_FRAMES = 2297;
const MINUTE_BYTES = (MINUTE_FRAMES + 1) * MPEG1_128K_FRAME_BYTES;

/** Offset of the frame count in a real file's Xing/Info header (found by its tag). */
function frameCountFieldOf(bytes: Uint8Array): number {
  const decoded = new TextDecoder("latin1").decode(bytes);
  const at = Math.max(decoded.indexOf("Xing"), decoded.indexOf("Info"));
  if (at < 0) throw new Error("no Xing/Info header in the fixture");
  return at + 8;
}

describe("mp3DurationMs refuses frame counts the audio bytes contradict", () => {
  it("refuses a VBR (Xing) header that says 40 frames in front of a minute of audio", async () => {
    const error = await mismatch(mp3Frames(MINUTE_FRAMES + 1, xingFrame(40)));
    // 40 frames are 1.04 s; 958 KB of audio hold at least 24 s even if every frame were 320 kbps.
    expect(error.message).toBe(
      "This MP3's header says it lasts 1 s, but its audio data lasts at least 24 s; re-export it and upload again",
    );
    expect(error.detail).toMatch(/Xing header states 40 frames; 957849 bytes hold at least 916\.6/);
  });

  it("refuses the same lie when the Xing header states the true byte count", async () => {
    await mismatch(mp3Frames(MINUTE_FRAMES + 1, xingFrame(40, 3, MINUTE_BYTES)));
  });

  it("refuses a CBR (Info) header that says 40 frames in front of a minute of audio", async () => {
    const error = await mismatch(mp3Frames(MINUTE_FRAMES + 1, xingFrame(40, 1, undefined, "Info")));
    expect(error.message).toBe(
      "This MP3's header says it lasts 1 s, but its audio data lasts about 60 s; re-export it and upload again",
    );
  });

  it("refuses a VBRI header that says 40 frames in front of a minute of audio", async () => {
    const error = await mismatch(mp3Frames(MINUTE_FRAMES + 1, vbriFrame(40, MINUTE_BYTES)));
    expect(error.message).toMatch(/says it lasts 1 s, but its audio data lasts at least 24 s/);
    expect(error.detail).toMatch(/^VBRI header states 40 frames/);
  });

  it("refuses a VBR header that states far more frames than the bytes can hold", async () => {
    // 100 frames of 417 bytes cannot last the 10 000 frames (4 min 21 s) stated, even at 32 kbps.
    const error = await mismatch(mp3Frames(101, xingFrame(10_000)));
    expect(error.message).toMatch(/says it lasts 4 min 21 s, but its audio data lasts at most 10 s/);
  });

  it("refuses a header whose byte count covers only part of the audio (e.g. two files concatenated)", async () => {
    const first = mp3Frames(101, xingFrame(100, 3, 101 * MPEG1_128K_FRAME_BYTES));
    const error = await mismatch(concat(first, mp3Frames(100)));
    expect(error.message).toBe(
      "This MP3's header says it holds 42 KB of audio, but the file holds 84 KB; re-export it and upload again",
    );
  });

  it("refuses a real CBR file (tiny.mp3, LAME Info header of 116 frames) whose count was cut to 40", async () => {
    const original = fixture("tiny.mp3");
    const error = await mismatch(patched(original, frameCountFieldOf(original), u32(40)));
    expect(error.message).toMatch(/says it lasts 1 s, but its audio data lasts about 3 s/);
  });

  it("refuses a real VBR file (vbr-xing.mp3, 155 frames) whose count was cut to 10", async () => {
    const original = fixture("vbr-xing.mp3");
    const error = await mismatch(patched(original, frameCountFieldOf(original), u32(10)));
    expect(error.message).toMatch(/says it lasts 0\.3 s, but its audio data lasts at least 0\.6 s/);
  });
});

describe("mp3DurationMs tolerance", () => {
  // 100 frames after the header frame; CBR at 128 kbps: 417-byte frames against an average of 417.96
  // bytes, so the bytes imply 99.77 frames and 10 % of that is 9.98 frames.
  it.each([
    [100, true],
    [101, true], // encoders that count the header frame too
    [90, true],
    [89, false],
    [109, true],
    [110, false],
  ])("an Info header stating %i frames for 100 frames of CBR audio is accepted: %s", async (stated, accepted) => {
    const file = mp3Frames(101, xingFrame(stated, 1, undefined, "Info"));
    if (accepted) expect(await duration(file)).toBe(Math.round((stated * 1152 * 1000) / 44_100));
    else await mismatch(file);
  });

  it("accepts a stated byte count down to 90 % of the audio, and up to the whole file (ID3 tag counted)", async () => {
    const audio = 101 * MPEG1_128K_FRAME_BYTES;
    const withBytes = (bytes: number) =>
      concat(id3Header(1000), new Uint8Array(1000), mp3Frames(101, xingFrame(100, 3, bytes)));
    expect(await duration(withBytes(Math.ceil(audio * 0.9)))).toBe(2612);
    expect(await duration(withBytes(audio + 1010))).toBe(2612);
    await mismatch(withBytes(Math.floor(audio * 0.9) - 1));
  });

  it("takes a CBR stream's bitrate from the frame after the Info frame", async () => {
    // LAME writes the Info frame at a higher bitrate when its tag does not fit: 64 kbps tag frame, 32 kbps stream.
    const tagFrame = new Uint8Array(208); // MPEG-1, 64 kbps, 44.1 kHz, mono: 208 bytes
    tagFrame.set([0xff, 0xfb, 0x50, 0xc0]);
    tagFrame.set(concat(ascii("Info"), u32(1), u32(100)), 4 + 17);
    const frame = new Uint8Array(104); // 32 kbps mono: 104 bytes (104.49 on average with padding)
    frame.set([0xff, 0xfb, 0x10, 0xc0]);
    const file = concat(tagFrame, ...Array<Uint8Array>(100).fill(frame));
    expect(await duration(file)).toBe(2612);
  });
});

describe("mp3DurationMs still reads honest files as before", () => {
  // The values the parser stored before frame counts were checked (and ffprobe's, within 50 ms).
  it.each([
    ["tiny.mp3", 3030],
    ["cbr-no-xing.mp3", 5042],
    ["vbr-xing.mp3", 4049],
    ["no-id3.mp3", 3527],
    ["mpeg2-22050.mp3", 6060],
    ["mpeg25-8000.mp3", 7200],
  ])("%s: %i ms", async (name, ms) => {
    expect(await mp3DurationMs(await storedInR2(fixture(name), name))).toBe(ms);
  });
});
