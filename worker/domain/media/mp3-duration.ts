import { MAX_DURATION_MS, MediaError, NOT_PLAYABLE_MP3, TOO_LONG } from "./media-error";
import { type Layer3Frame, parseLayer3Header } from "./mpeg-audio-frame";
import type { RangeReader } from "./range-reader";

/**
 * Duration of an MP3 file from its first audio frame: the frame count of a Xing/Info or VBRI header when
 * there is one, else the constant-bitrate estimate from the file size. Reads the ID3 header(s), one window
 * after them, and possibly the last 128 bytes: never the whole file.
 */

/** How far past the ID3 tag we look for the first frame. Encoders put it right there; 64 KiB is generous. */
const SCAN_BYTES = 64 * 1024;
/** Some taggers stack several ID3v2 tags; more than this is not a real file. */
const MAX_ID3_TAGS = 8;
const ID3V1_BYTES = 128;

function fail(detail: string): never {
  throw new MediaError(NOT_PLAYABLE_MP3, detail);
}

const text = (bytes: Uint8Array, at: number, length: number) =>
  at + length <= bytes.length ? String.fromCharCode(...bytes.subarray(at, at + length)) : "";

const uint32 = (bytes: Uint8Array, at: number) =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at);

/** Where the audio starts: after any ID3v2 tags (10-byte header, syncsafe size, optional 10-byte footer). */
async function skipId3v2(reader: RangeReader): Promise<number> {
  let offset = 0;
  for (let tags = 0; tags < MAX_ID3_TAGS; tags++) {
    const header = await reader.read(offset, 10);
    if (header.length < 10 || text(header, 0, 3) !== "ID3") return offset;
    const sizeBytes = header.subarray(6, 10);
    if (sizeBytes.some((b) => b >= 0x80)) fail("ID3 tag size is not syncsafe");
    const size = (sizeBytes[0]! << 21) | (sizeBytes[1]! << 14) | (sizeBytes[2]! << 7) | sizeBytes[3]!;
    const hasFooter = (header[5]! & 0x10) !== 0;
    offset += 10 + size + (hasFooter ? 10 : 0);
    if (offset >= reader.size) fail("ID3 tag extends to or past the end of the file");
  }
  fail("too many ID3 tags");
}

/**
 * The first frame header in `window` that is followed by another matching header (a lone 0xFF 0xE? inside
 * tag padding or album art is a false sync), or that ends the file.
 */
function findFirstFrame(window: Uint8Array, windowStart: number, fileSize: number) {
  for (let at = 0; at + 4 <= window.length; at++) {
    const frame = parseLayer3Header(window, at);
    if (!frame) continue;
    const next = at + frame.frameLength;
    if (next + 4 <= window.length) {
      const following = parseLayer3Header(window, next);
      if (following && following.version === frame.version && following.sampleRate === frame.sampleRate) {
        return { at, frame };
      }
    } else if (windowStart + window.length === fileSize && windowStart + next <= fileSize) {
      // The window reaches the end of the file and this frame ends in its last bytes (maybe an ID3v1 tag).
      if (fileSize - (windowStart + next) <= ID3V1_BYTES) return { at, frame };
    }
  }
  return null;
}

/**
 * Frame count (and stream length in bytes, when stated) from a Xing/Info header, which sits right after the
 * side info of the first frame, or from a VBRI header, which is always 32 bytes after the frame header.
 */
function vbrHeader(window: Uint8Array, at: number, frame: Layer3Frame): { frames: number; bytes: number | null } | null {
  const xing = at + 4 + frame.sideInfoLength;
  const tag = text(window, xing, 4);
  if ((tag === "Xing" || tag === "Info") && xing + 8 <= window.length) {
    // Flags say which optional fields follow, in order: frames (1), bytes (2).
    const flags = uint32(window, xing + 4);
    if (flags & 1 && xing + 12 <= window.length) {
      const hasBytes = (flags & 2) !== 0 && xing + 16 <= window.length;
      return { frames: uint32(window, xing + 8), bytes: hasBytes ? uint32(window, xing + 12) : null };
    }
  }
  const vbri = at + 4 + 32;
  if (text(window, vbri, 4) === "VBRI" && vbri + 18 <= window.length) {
    // VBRI: id, version (2), delay (2), quality (2), bytes (4), frames (4).
    return { frames: uint32(window, vbri + 14), bytes: uint32(window, vbri + 10) };
  }
  return null;
}

export async function mp3DurationMs(reader: RangeReader): Promise<number> {
  const audioStart = await skipId3v2(reader);
  const window = await reader.read(audioStart, SCAN_BYTES);
  const found = findFirstFrame(window, audioStart, reader.size);
  if (!found) fail("no MPEG audio layer III frame found");
  const { at, frame } = found;

  let ms: number;
  const vbr = vbrHeader(window, at, frame);
  if (vbr) {
    // The header states the length of the stream; a file shorter than that was cut off (a failed upload).
    // Compared with the whole file, not just the audio, since some encoders count the ID3 tag as well.
    if (vbr.bytes !== null && vbr.bytes > reader.size) fail("file is shorter than its Xing/VBRI header says");
    ms = Math.round((vbr.frames * frame.samplesPerFrame * 1000) / frame.sampleRate);
  } else {
    // No frame count: assume constant bitrate over everything from the first frame to the end of the audio.
    // A trailing ID3v1 tag ("TAG" + 125 bytes) is not audio.
    const firstFrame = audioStart + at;
    let audioEnd = reader.size;
    const tagAt = reader.size - ID3V1_BYTES;
    if (tagAt >= firstFrame && text(await reader.read(tagAt, 3), 0, 3) === "TAG") audioEnd = tagAt;
    ms = Math.round(((audioEnd - firstFrame) * 8 * 1000) / frame.bitrate);
  }
  if (ms <= 0) fail("duration is 0");
  if (ms > MAX_DURATION_MS) throw new MediaError(TOO_LONG, `MP3 duration ${ms} ms is longer than 24 hours`);
  return ms;
}
