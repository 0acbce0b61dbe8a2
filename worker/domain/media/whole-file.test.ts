import { describe, expect, it } from "vitest";
import { fixture } from "../../test/fixtures";
import { NOT_PLAYABLE_MP3, NOT_PLAYABLE_MP4 } from "./media-error";
import { counted, mediaError } from "../../test/media";
import { bytesRangeReader } from "./range-reader";
import { checkMp3Frames, checkMp4Layout, MAX_LAYOUT_BOXES } from "./whole-file";

// Parts after the first were never sniffed, so finalize checks the whole object (docs/decisions/030).

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const junk = (n: number, seed = 7) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);
const box = (type: string, payload = 0) => {
  const bytes = new Uint8Array(8 + payload);
  new DataView(bytes.buffer).setUint32(0, 8 + payload);
  bytes.set(new TextEncoder().encode(type), 4);
  return bytes;
};

describe("checkMp4Layout", () => {
  it.each(["tiny.mp4", "clip-6s.mp4", "moov-at-end.mp4", "fragmented.mp4", "edit-lists.mp4"])(
    "accepts %s",
    async (name) => {
      await expect(checkMp4Layout(bytesRangeReader(fixture(name)))).resolves.toMatchObject({
        mdatBytes: expect.any(Number),
      });
    },
  );

  it("accepts padding and unknown boxes that look like boxes, reading one window per hop", async () => {
    const bytes = concat(fixture("tiny.mp4"), box("free", 200_000), box("abcd", 10));
    const { reader, stats } = counted(bytesRangeReader(bytes));
    await checkMp4Layout(reader);
    expect(stats.reads).toBeLessThanOrEqual(3);
  });

  it.each([
    ["junk after the last box", () => concat(fixture("tiny.mp4"), junk(100_000))],
    ["a few stray bytes at the end", () => concat(fixture("tiny.mp4"), junk(5))],
    ["a box reaching past the end", () => concat(fixture("tiny.mp4"), box("free", 100).subarray(0, 50))],
    ["two moov boxes", () => concat(fixture("tiny.mp4"), fixture("tiny.mp4").subarray(32, 32 + 3634))],
    ["no mdat", () => fixture("tiny.mp4").subarray(0, 32 + 3634)],
  ])("refuses %s", async (_case, bytes) => {
    const error = await mediaError(checkMp4Layout(bytesRangeReader(bytes())));
    expect(error.message).toBe(NOT_PLAYABLE_MP4);
  });

  it("stops after MAX_LAYOUT_BOXES top-level boxes", async () => {
    const many = concat(fixture("tiny.mp4"), ...Array.from({ length: MAX_LAYOUT_BOXES }, () => box("free")));
    const error = await mediaError(checkMp4Layout(bytesRangeReader(many)));
    expect(error.detail).toBe(`more than ${MAX_LAYOUT_BOXES} top-level boxes`);
  });
});

describe("checkMp3Frames", () => {
  it.each(["tiny.mp3", "vbr-xing.mp3", "cbr-no-xing.mp3", "mpeg25-8000.mp3", "no-id3.mp3"])(
    "finds frames at every stride of %s",
    async (name) => {
      await expect(checkMp3Frames(bytesRangeReader(fixture(name)), 1024)).resolves.toBeUndefined();
    },
  );

  it("refuses audio with junk spliced in where a part would begin", async () => {
    const audio = fixture("vbr-xing.mp3");
    const bytes = concat(audio.subarray(0, 10_000), junk(9_000), audio.subarray(10_000));
    const error = await mediaError(checkMp3Frames(bytesRangeReader(bytes), 10_000));
    expect(error.message).toBe(NOT_PLAYABLE_MP3);
    expect(error.detail).toBe(`no MPEG audio frames at 10000 of ${bytes.length} bytes`);
  });
});
