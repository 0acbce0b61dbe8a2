import { MAX_DURATION_MS, MediaError, NOT_PLAYABLE_MP3, TOO_LONG } from "./media-error";
import { checkConstantBitrate } from "./mp3-constant-bitrate";
import { checkFrameCount } from "./mp3-frame-count";
import { frameCountHeader } from "./mp3-vbr-header";
import { parseLayer3Header } from "../../../common/mpeg-audio-frame";
import type { RangeReader } from "./range-reader";

/**
 * Duration of an MP3 file from its first audio frame: the frame count of a Xing/Info or VBRI header when
 * there is one (checked against the audio bytes, see mp3-frame-count.ts), else the constant-bitrate
 * estimate from the file size (checked for a constant bitrate, see mp3-constant-bitrate.ts). Reads the
 * ID3 header(s), one window after them, possibly the first 3 bytes of an ID3v1 tag, and for size-based
 * lengths three 8 KiB samples of a file longer than the window: never the whole file.
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

/** Where the audio starts: after any ID3v2 tags (10-byte header, syncsafe size, optional 10-byte footer). */
export async function skipId3v2(reader: RangeReader): Promise<number> {
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

/** Where the audio ends: the end of the file, or the start of an ID3v1 tag ("TAG" + 125 bytes), which is not audio. */
async function endOfAudio(reader: RangeReader, firstFrame: number): Promise<number> {
  const tagAt = reader.size - ID3V1_BYTES;
  if (tagAt >= firstFrame && text(await reader.read(tagAt, 3), 0, 3) === "TAG") return tagAt;
  return reader.size;
}

export async function mp3DurationMs(reader: RangeReader): Promise<number> {
  return (await mp3Audio(reader)).ms;
}

/**
 * The duration and the bytes of audio frames it was measured from (first frame to the end of the audio; ID3
 * tags are not audio). Both are checked against each other above, so bytes per second is the stream's bitrate.
 */
export async function mp3Audio(reader: RangeReader): Promise<{ ms: number; audioBytes: number }> {
  const audioStart = await skipId3v2(reader);
  const window = await reader.read(audioStart, SCAN_BYTES);
  const found = findFirstFrame(window, audioStart, reader.size);
  if (!found) fail("no MPEG audio layer III frame found");
  const { at, frame } = found;
  const firstFrame = audioStart + at;
  const audioBytes = (await endOfAudio(reader, firstFrame)) - firstFrame;

  let ms: number;
  const header = frameCountHeader(window, at, frame);
  if (header) {
    // The header states the length of the stream; a file shorter than that was cut off (a failed upload).
    // Compared with the whole file, not just the audio, since some encoders count the ID3 tag as well.
    if (header.bytes !== null && header.bytes > reader.size) fail("file is shorter than its Xing/VBRI header says");
    ms = Math.round((header.frames * frame.samplesPerFrame * 1000) / frame.sampleRate);
  } else {
    // No frame count: assume constant bitrate over everything from the first frame to the end of the audio.
    ms = Math.round((audioBytes * 8 * 1000) / frame.bitrate);
  }
  if (ms <= 0) fail("duration is 0");
  if (ms > MAX_DURATION_MS) throw new MediaError(TOO_LONG, `MP3 duration ${ms} ms is longer than 24 hours`);

  // The frame after the first is where a CBR stream's own bitrate shows (an Info frame may have another).
  const next = parseLayer3Header(window, at + frame.frameLength);
  const nextFrame = next && next.version === frame.version && next.sampleRate === frame.sampleRate ? next : null;
  if (header) checkFrameCount({ header, tagFrame: frame, nextFrame, audioBytes });

  // Wherever one frame's bitrate stands for the whole file (no frame count, or a CBR Info header), check
  // that the other frames have it too.
  const audio = { reader, window, windowStart: audioStart, audioEnd: firstFrame + audioBytes };
  if (!header) await checkConstantBitrate({ ...audio, streamAt: at, frame, infoHeader: false });
  else if (header.kind === "Info" && nextFrame) {
    await checkConstantBitrate({ ...audio, streamAt: at + frame.frameLength, frame: nextFrame, infoHeader: true });
  }
  return { ms, audioBytes };
}
