import { describe, expect, it } from "vitest";
import { fixture } from "../../test/fixtures";
import { DurationMismatchError } from "./media-error";
import {
  MPEG1_320K,
  MPEG1_32K,
  concat,
  counted,
  framesOf,
  id3Header,
  id3v2Length,
  mediaError,
  storedInR2,
  xingFrame,
} from "../../test/media";
import { mp3DurationMs } from "./mp3-duration";
import { bytesRangeReader } from "./range-reader";

const duration = (bytes: Uint8Array) => mp3DurationMs(bytesRangeReader(bytes));

/** A minute of 32 kbps frames (26.12 ms each). */
const MINUTE_AT_32K = framesOf(MPEG1_32K, 2297);

describe("mp3DurationMs refuses a size-based length when the bitrate is not constant", () => {
  it("refuses a 320 kbps first frame in front of a minute of 32 kbps audio, with no frame count", async () => {
    // Measured by the first frame, this would be 240 KB at 320 kbps: 6 s.
    const error = await mediaError(duration(concat(framesOf(MPEG1_320K, 1), MINUTE_AT_32K)));
    expect(error).toBeInstanceOf(DurationMismatchError);
    expect(error.message).toBe(
      "This MP3's bitrate is not constant (320 kbps at the start, about 32 kbps on average) and no header " +
        "states its length; re-export it and upload again",
    );
  });

  it("refuses a file that is 320 kbps for its first 64 KiB and 32 kbps after (seen by the samples)", async () => {
    const file = concat(framesOf(MPEG1_320K, 64), MINUTE_AT_32K, MINUTE_AT_32K);
    const { reader, stats } = counted(bytesRangeReader(file));
    const error = await mediaError(mp3DurationMs(reader));
    expect(error).toBeInstanceOf(DurationMismatchError);
    expect(error.message).toMatch(/320 kbps at the start, about \d\d kbps on average/);
    expect(stats.reads).toBe(6); // ID3v2 check, window, ID3v1 check, three samples
  });

  it("refuses an Info (CBR) header whose count fits 320 kbps when most of the audio is 32 kbps", async () => {
    // 64 frames at 320 kbps fill the window; the Info count matches them and the 32 kbps frames as if 320 kbps.
    const tail = concat(MINUTE_AT_32K, MINUTE_AT_32K);
    const asIf320k = 64 + Math.round(tail.length / MPEG1_320K.bytes);
    const file = concat(framesOf(MPEG1_320K, 65, xingFrame(asIf320k, 1, undefined, "Info")), tail);
    const error = await mediaError(duration(file));
    expect(error).toBeInstanceOf(DurationMismatchError);
    expect(error.message).toMatch(
      /^This MP3's header says its bitrate is constant, but it is not \(320 kbps at the start/,
    );
  });

  it("refuses a real VBR file ffmpeg wrote without a Xing header (measured by its first frame: 1 s of 5 s)", async () => {
    const error = await mediaError(mp3DurationMs(await storedInR2(fixture("vbr-no-xing.mp3"), "vbr-no-xing.mp3")));
    expect(error).toBeInstanceOf(DurationMismatchError);
    expect(error.message).toMatch(
      /^This MP3's bitrate is not constant \(160 kbps at the start, about 33 kbps on average\)/,
    );
  });

  it("accepts a long constant-bitrate file without a header, wherever the samples fall", async () => {
    const original = fixture("cbr-no-xing.mp3");
    const frames = original.subarray(id3v2Length(original), original.length - 128);
    const file = concat(id3Header(0), ...Array<Uint8Array>(60).fill(frames));
    for (let run = 0; run < 20; run++) expect(await duration(file)).toBe(Math.round((frames.length * 60) / 4));
  });

  it("accepts a short file entirely inside the first window without sampling", async () => {
    const { reader, stats } = counted(bytesRangeReader(framesOf(MPEG1_32K, 100)));
    expect(await mp3DurationMs(reader)).toBe(Math.round((100 * 104 * 8) / 32));
    expect(stats.reads).toBe(3);
  });
});
