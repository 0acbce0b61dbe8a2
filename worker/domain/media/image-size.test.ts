import { describe, expect, it } from "vitest";
import { fixture } from "../../test/fixtures";
import { IMAGE_HEAD_BYTES, imageSize } from "./image-size";

// Real images made with ffmpeg (worker/test/fixtures/README.md), their sizes as ffprobe reads them, and bytes that
// only look like a header.

const head = (name: string) => fixture(name).subarray(0, IMAGE_HEAD_BYTES);

describe("imageSize", () => {
  it.each([
    ["image.png", 32, 24],
    ["thumb.jpg", 320, 180],
    ["image.gif", 32, 24],
    ["image.webp", 32, 24],
    ["image-lossless.webp", 33, 21],
    ["image-alpha.webp", 40, 30],
  ])("reads %s as %i × %i", (name, width, height) => {
    expect(imageSize(head(name))).toEqual({ width, height });
  });

  it("reads a JPEG whose frame header comes after 60 KB of metadata, but not one whose header is further", () => {
    const app1 = (length: number) => [0xff, 0xe1, length >> 8, length & 0xff, ...new Array<number>(length - 2).fill(0)];
    const jpeg = fixture("thumb.jpg");
    const withMetadata = (segments: number) =>
      new Uint8Array([0xff, 0xd8, ...Array.from({ length: segments }, () => app1(30_000)).flat(), ...jpeg.subarray(2)]);
    expect(imageSize(withMetadata(2).subarray(0, IMAGE_HEAD_BYTES))).toEqual({ width: 320, height: 180 });
    expect(imageSize(withMetadata(3).subarray(0, IMAGE_HEAD_BYTES))).toBeNull();
  });

  it("answers null for other files, cut headers and zero sizes", () => {
    const png = fixture("image.png");
    expect(imageSize(fixture("tiny.mp4").subarray(0, IMAGE_HEAD_BYTES))).toBeNull();
    expect(imageSize(new Uint8Array())).toBeNull();
    expect(imageSize(png.subarray(0, 20))).toBeNull();
    expect(imageSize(fixture("image.gif").subarray(0, 8))).toBeNull();
    expect(imageSize(fixture("image.webp").subarray(0, 24))).toBeNull();
    const zeroWide = png.slice(0, 24);
    zeroWide.set([0, 0, 0, 0], 16);
    expect(imageSize(zeroWide)).toBeNull();
    // A RIFF file that is not a WebP (a WAV) and a WebP whose first chunk is none of the three.
    expect(imageSize(new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt ".padEnd(40, "\0")))).toBeNull();
    expect(imageSize(new TextEncoder().encode("RIFF\0\0\0\0WEBPALPH".padEnd(40, "\0")))).toBeNull();
  });
});
