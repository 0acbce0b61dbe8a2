import { jpegSize } from "../storyboards/jpeg-size";

// An image's width and height from its first bytes (docs/decisions/105), for the oEmbed answer's thumbnail size:
// the formats a thumbnail or avatar may be (common/uploads.ts THUMBNAIL_CONTENT_TYPES). Only headers are read,
// never pixels, so the first IMAGE_HEAD_BYTES of the object are enough for all but a JPEG whose metadata
// (EXIF, an ICC profile) pushes its frame header further: then the size is unknown (null), never guessed.

/** How much of the object is read: the size lies in its first bytes (a JPEG's after its metadata segments). */
export const IMAGE_HEAD_BYTES = 64 * 1024;

export type ImageSize = { width: number; height: number };

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

const sized = (width: number, height: number): ImageSize | null => (width > 0 && height > 0 ? { width, height } : null);

/** PNG: the signature, then the IHDR chunk, always first, with the width and height (big-endian). */
function pngSize(b: Uint8Array) {
  if (b.length < 24 || !ascii(b, 12, "IHDR")) return null;
  return sized(u32be(b, 16), u32be(b, 20));
}

/** GIF: the logical screen's width and height (little-endian) right after "GIF87a" or "GIF89a". */
const gifSize = (b: Uint8Array) => (b.length < 10 ? null : sized(u16le(b, 6), u16le(b, 8)));

/** WebP: RIFF, "WEBP", then the first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X, the canvas). */
function webpSize(b: Uint8Array) {
  if (b.length < 30) return null;
  if (ascii(b, 12, "VP8 ")) {
    // The key frame's start code, then 14-bit width and height (the top 2 bits are the scaling).
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return sized(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (ascii(b, 12, "VP8L")) {
    if (b[20] !== 0x2f) return null;
    // 14 bits of width − 1, then 14 bits of height − 1, little-endian bit order.
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(b, 12, "VP8X")) return sized(u24le(b, 24) + 1, u24le(b, 27) + 1);
  return null;
}

/** The image's size from its first bytes, or null when they are not a PNG, JPEG, GIF or WebP header we can read. */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  if (bytes[0] === 0x89 && ascii(bytes, 1, "PNG\r\n\x1a\n")) return pngSize(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  if (ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a")) return gifSize(bytes);
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return webpSize(bytes);
  return null;
}
