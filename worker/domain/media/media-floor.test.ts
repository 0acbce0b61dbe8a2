import { describe, expect, it } from "vitest";
import { MIN_AUDIO_BYTES_PER_SECOND, MIN_VIDEO_BYTES_PER_SECOND } from "../../../common/media-floor";
import { fixture } from "../../test/fixtures";
import { storedInR2 } from "../../test/media";
import { mediaVerdict } from "./media-floor";
import { measureMedia } from "./media-measure";
import { mp4Movie } from "./mp4-duration";
import { mp4Samples } from "./mp4-samples";
import { bytesRangeReader } from "./range-reader";
import { checkMp4Layout } from "./whole-file";

// Only real media earns (docs/decisions/063). Payload and frame counts below are ffprobe's
// (`-show_entries packet=size`, summed; worker/test/fixtures/README.md).

const PART = 10 * 1024 * 1024;
const measure = (bytes: Uint8Array, kind: "mp4" | "mp3") => measureMedia(bytesRangeReader(bytes), kind, PART);
const verdictOf = async (name: string) =>
  mediaVerdict(await measure(fixture(name), name.endsWith(".mp3") ? "mp3" : "mp4"));

/** The file followed by a top-level `free` box of `padding` zero bytes: what makes any item any size. */
function padded(bytes: Uint8Array, padding: number) {
  const out = new Uint8Array(bytes.length + 8 + padding);
  out.set(bytes);
  new DataView(out.buffer).setUint32(bytes.length, 8 + padding);
  out.set(new TextEncoder().encode("free"), bytes.length + 4);
  return out;
}

describe("measureMedia counts the samples, not the file", () => {
  it("an old phone's 160×120, 12 fps clip: 15,036 bytes of video samples in 72 frames over 6 s", async () => {
    expect(await measure(fixture("old-phone-160x120.mp4"), "mp4")).toEqual({
      durationMs: 6000,
      payloadBytes: 15_036,
      picture: { width: 160, height: 120 },
      frameRate: 12,
    });
  });

  it("a one-frame 16×16 clip of 6 s: 907 bytes, one frame", async () => {
    expect(await measure(fixture("one-frame-16x16.mp4"), "mp4")).toEqual({
      durationMs: 6000,
      payloadBytes: 907,
      picture: { width: 16, height: 16 },
      frameRate: 1 / 6,
    });
  });

  it("a trailing free box of 2 MB adds nothing to the payload", async () => {
    const bare = await measure(fixture("one-frame-16x16.mp4"), "mp4");
    const big = padded(fixture("one-frame-16x16.mp4"), 2_000_000);
    expect(await measure(big, "mp4")).toEqual(bare);
  });

  it("reads the samples of a fragmented file from every moof's trun (R2-backed)", async () => {
    const reader = await storedInR2(fixture("fragmented-mehd.mp4"), "f.mp4");
    expect(await measureMedia(reader, "mp4", PART)).toEqual({
      durationMs: 2000,
      payloadBytes: 8219,
      picture: { width: 160, height: 120 },
      frameRate: 12,
    });
  });

  it("caps sample sizes at what the mdat boxes hold", async () => {
    const bytes = fixture("old-phone-160x120.mp4");
    const { moov } = await mp4Movie(bytesRangeReader(bytes));
    const layout = await checkMp4Layout(bytesRangeReader(bytes));
    expect(mp4Samples(moov, { ...layout, mdatBytes: 1000 }).payloadBytes).toBe(1000);
  });

  it("an MP3's payload is its audio frames: ID3 tags are not audio", async () => {
    const m = await measure(fixture("podcast-32k.mp3"), "mp3");
    expect(m.picture).toBeNull();
    expect(m.frameRate).toBeNull();
    // 32 kbit/s is 4,000 B/s, plus LAME's Info frame (a frame, counted as audio bytes, not in its own count);
    // the file is 24,364 bytes, of which the ID3v2 tag is not audio.
    expect(Math.round((m.payloadBytes * 1000) / m.durationMs)).toBe(4030);
    expect(m.payloadBytes).toBeLessThan(24_364);
  });
});

describe("mediaVerdict: the floors", () => {
  it.each([
    ["old-phone-160x120.mp4", 2506, 12],
    ["clip-6s.mp4", 3380, 10],
  ])("%s earns (%i B/s, %i fps)", async (name, bytesPerSecond, fps) => {
    const v = await verdictOf(name);
    expect(v).toMatchObject({ earnBlock: null, mediaBytesPerSecond: bytesPerSecond, frameRate: fps });
    expect(v.mediaBytesPerSecond).toBeGreaterThan(MIN_VIDEO_BYTES_PER_SECOND);
  });

  it("a 32 kbit/s mono podcast earns", async () => {
    const v = await verdictOf("podcast-32k.mp3");
    expect(v).toEqual({ mediaBytesPerSecond: 4030, width: null, height: null, frameRate: null, earnBlock: null });
    expect(v.mediaBytesPerSecond).toBeGreaterThan(MIN_AUDIO_BYTES_PER_SECOND);
  });

  it("the one-frame 16×16 clip does not earn: small picture", async () => {
    expect(await verdictOf("one-frame-16x16.mp4")).toEqual({
      mediaBytesPerSecond: 151,
      width: 16,
      height: 16,
      frameRate: 0.17,
      earnBlock: "small_picture",
    });
  });

  it("nor does it padded to 2 MB with a free box", async () => {
    const v = mediaVerdict(await measure(padded(fixture("one-frame-16x16.mp4"), 2_000_000), "mp4"));
    expect(v).toMatchObject({ mediaBytesPerSecond: 151, earnBlock: "small_picture" });
  });

  it("a 1 fps slideshow at 160×120 does not earn: low frame rate", async () => {
    expect(await verdictOf("slideshow-1fps.mp4")).toMatchObject({
      width: 160,
      height: 120,
      frameRate: 1,
      earnBlock: "low_frame_rate",
    });
  });

  it("6 s of black at 160×120, 12 fps (295 B/s) does not earn: thin media", async () => {
    expect(await verdictOf("black-160x120.mp4")).toMatchObject({
      mediaBytesPerSecond: 295,
      frameRate: 12,
      earnBlock: "thin_media",
    });
  });

  it("an 8 kbit/s MP3 (about 1,000 B/s) does not earn: thin media", async () => {
    const v = await verdictOf("thin-8k.mp3");
    expect(v.earnBlock).toBe("thin_media");
    expect(v.mediaBytesPerSecond).toBeLessThan(MIN_AUDIO_BYTES_PER_SECOND);
  });

  it("a portrait picture counts in either orientation; the floor's own edges", () => {
    const base = { durationMs: 6000, payloadBytes: 6000 * 2, frameRate: 12 };
    expect(mediaVerdict({ ...base, picture: { width: 120, height: 160 } }).earnBlock).toBeNull();
    expect(mediaVerdict({ ...base, picture: { width: 159, height: 120 } }).earnBlock).toBe("small_picture");
    expect(mediaVerdict({ ...base, picture: { width: 160, height: 119 } }).earnBlock).toBe("small_picture");
    expect(mediaVerdict({ ...base, picture: { width: 160, height: 120 }, frameRate: 4.99 }).earnBlock).toBe(
      "low_frame_rate",
    );
    expect(mediaVerdict({ ...base, picture: { width: 160, height: 120 }, frameRate: 5 }).earnBlock).toBeNull();
    const atFloor = { ...base, payloadBytes: 6 * MIN_VIDEO_BYTES_PER_SECOND, picture: { width: 160, height: 120 } };
    expect(mediaVerdict(atFloor).earnBlock).toBeNull();
    expect(mediaVerdict({ ...atFloor, payloadBytes: atFloor.payloadBytes - 6 }).earnBlock).toBe("thin_media");
  });
});
