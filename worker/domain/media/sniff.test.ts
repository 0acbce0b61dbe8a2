import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixture } from "../../test/fixtures";
import { ascii, concat, seededBytes } from "../../test/media";
import { EXPECTED_KIND, SNIFF_BYTES, expectedKind, sniffFileKind } from "../../../common/media-sniff";

const head = (name: string) => fixture(name).subarray(0, SNIFF_BYTES);

describe("sniffFileKind", () => {
  it.each([
    ["tiny.mp4", "mp4"],
    ["moov-at-end.mp4", "mp4"],
    ["fragmented.mp4", "mp4"],
    ["tiny.mp3", "mp3"],
    ["cbr-no-xing.mp3", "mp3"],
    ["vbr-xing.mp3", "mp3"],
    ["no-id3.mp3", "mp3"],
    ["mpeg2-22050.mp3", "mp3"],
    ["mpeg25-8000.mp3", "mp3"],
    ["thumb.jpg", "jpeg"],
    ["image.png", "png"],
    ["image.webp", "webp"],
    ["image.gif", "gif"],
  ])("classifies %s as %s from its first SNIFF_BYTES bytes", (name, kind) => {
    expect(SNIFF_BYTES).toBe(16);
    expect(sniffFileKind(head(name))).toBe(kind);
  });

  it("recognises a bare MP3 (no ID3 tag) by its frame header", () => {
    const bytes = head("no-id3.mp3");
    expect(ascii("ID3")).not.toEqual(bytes.subarray(0, 3));
    expect(sniffFileKind(bytes)).toBe("mp3");
  });

  it("refuses a text file named .mp4", () => {
    expect(sniffFileKind(head("not-media.mp4"))).toBeNull();
  });

  it("tells an MP4 sent as MP3 and an MP3 sent as MP4 apart", () => {
    expect(sniffFileKind(head("tiny.mp4"))).not.toBe(EXPECTED_KIND["audio/mpeg"]);
    expect(sniffFileKind(head("tiny.mp3"))).not.toBe(EXPECTED_KIND["video/mp4"]);
    expect(sniffFileKind(head("no-id3.mp3"))).not.toBe(EXPECTED_KIND["video/mp4"]);
    expect(sniffFileKind(head("thumb.jpg"))).not.toBe(EXPECTED_KIND["audio/mpeg"]);
  });

  it("returns null for empty and too-short input", () => {
    expect(sniffFileKind(new Uint8Array(0))).toBeNull();
    expect(sniffFileKind(head("image.png").subarray(0, 7))).toBeNull();
    expect(sniffFileKind(head("tiny.mp4").subarray(0, 7))).toBeNull();
    expect(sniffFileKind(head("image.gif").subarray(0, 5))).toBeNull();
    expect(sniffFileKind(new Uint8Array([0xff, 0xfb, 0x90]))).toBeNull();
  });

  it("returns null for seeded random bytes", () => {
    for (let seed = 1; seed <= 200; seed++) {
      expect(sniffFileKind(seededBytes(seed, SNIFF_BYTES)), `seed ${seed}`).toBeNull();
    }
  });

  it("never claims a kind for bytes that carry none of the signatures", () => {
    const noSignature = fc.uint8Array({ minLength: 0, maxLength: 32 }).filter((b) => {
      const text = String.fromCharCode(...b.subarray(0, 12));
      return (
        b[0] !== 0xff &&
        b[0] !== 0x89 &&
        !text.startsWith("RIFF") &&
        !text.startsWith("GIF") &&
        !text.startsWith("ID3") &&
        text.slice(4, 8) !== "ftyp"
      );
    });
    fc.assert(
      fc.property(noSignature, (b) => sniffFileKind(b) === null),
      { seed: 42, numRuns: 2000 },
    );
  });

  it("demands a RIFF container to say WEBP", () => {
    const wav = concat(ascii("RIFF"), new Uint8Array(4), ascii("WAVEfmt "));
    expect(sniffFileKind(wav)).toBeNull();
  });

  it.each([
    ["valid MPEG-1 layer III", [0xff, 0xfb, 0x90, 0x00], "mp3"],
    ["valid MPEG-2 layer III", [0xff, 0xf3, 0x48, 0xc0], "mp3"],
    ["valid MPEG-2.5 layer III", [0xff, 0xe3, 0x28, 0x00], "mp3"],
    ["reserved MPEG version", [0xff, 0xeb, 0x90, 0x00], null],
    ["layer II", [0xff, 0xfd, 0x90, 0x00], null],
    ["layer I", [0xff, 0xff, 0x90, 0x00], null],
    ["free-format bitrate", [0xff, 0xfb, 0x00, 0x00], null],
    ["bad bitrate index 15", [0xff, 0xfb, 0xf0, 0x00], null],
    ["reserved sample rate", [0xff, 0xfb, 0x9c, 0x00], null],
    ["incomplete sync", [0xff, 0xdb, 0x90, 0x00], null],
  ])("frame header check: %s", (_label, bytes, kind) => {
    expect(sniffFileKind(concat(new Uint8Array(bytes), new Uint8Array(12)))).toBe(kind);
  });
});

describe("EXPECTED_KIND", () => {
  it("maps every accepted upload type to the kind its bytes must have", () => {
    expect(EXPECTED_KIND).toEqual({
      "video/mp4": "mp4",
      "audio/mpeg": "mp3",
      "audio/mp3": "mp3",
      "image/jpeg": "jpeg",
      "image/png": "png",
      "image/webp": "webp",
      "image/gif": "gif",
    });
  });

  it("expectedKind ignores types we do not accept, including inherited object keys", () => {
    expect(expectedKind("audio/mp3")).toBe("mp3");
    expect(expectedKind("text/plain")).toBeNull();
    expect(expectedKind("constructor")).toBeNull();
    expect(expectedKind("__proto__")).toBeNull();
  });
});
