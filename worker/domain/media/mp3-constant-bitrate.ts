import { DurationMismatchError, RE_EXPORT } from "./media-error";
import { type Layer3Frame, parseLayer3Header } from "../../../common/mpeg-audio-frame";
import type { RangeReader } from "./range-reader";

/**
 * An MP3 without a frame count is measured as size / bitrate, and an Info (CBR) header's count is checked
 * the same way: both take the bitrate of one frame to be the bitrate of every frame. A VBR stream without
 * a Xing header breaks that (ffmpeg writes one at 192 kbps when it cannot seek back to add the header:
 * 20 s of audio measured as 3.4 s), and so does a file that puts a 320 kbps frame in front of 32 kbps audio.
 * So we measure the average frame size where we can see frames: the whole window already read after the
 * ID3 tag, and a few small samples at random points of the rest (random, so a file cannot be built to
 * look constant exactly where we look). If that average is more than 10 % off the assumed bitrate, the
 * file cannot be measured from its size and is refused.
 */

const SAMPLES = 3;
/** Enough for a run of frames at any bitrate (a 320 kbps MPEG-1 frame is 1045 bytes). */
export const SAMPLE_BYTES = 8 * 1024;
/** Frames in a row that make a frame sync found in the middle of audio data believable. */
export const RUN = 3;
const TOLERANCE = 0.1;

type Tally = { frames: number; bytes: number };

/** Whole frames of the stream of `like` (same version and sample rate) following each other from `at`. */
export function walk(bytes: Uint8Array, at: number, like: Layer3Frame): Tally {
  const tally = { frames: 0, bytes: 0 };
  for (;;) {
    const pos = at + tally.bytes;
    const frame = parseLayer3Header(bytes, pos);
    if (!frame || frame.version !== like.version || frame.sampleRate !== like.sampleRate) return tally;
    if (pos + frame.frameLength > bytes.length) return tally;
    tally.frames++;
    tally.bytes += frame.frameLength;
  }
}

/** The first run of at least RUN frames in a sample taken at an arbitrary offset (it starts mid-frame). */
function runIn(sample: Uint8Array, like: Layer3Frame): Tally {
  for (let at = 0; at + 4 <= sample.length; at++) {
    const tally = walk(sample, at, like);
    if (tally.frames >= RUN) return tally;
  }
  return { frames: 0, bytes: 0 };
}

export type AssumedBitrate = {
  reader: RangeReader;
  /** The bytes already read after the ID3 tag, starting at file offset `windowStart`. */
  window: Uint8Array;
  windowStart: number;
  /** Index in `window` of the first frame of the stream (after an Info frame, which has its own bitrate). */
  streamAt: number;
  /** That frame: its bitrate is the one assumed for every frame. */
  frame: Layer3Frame;
  /** File offset where the audio ends (before an ID3v1 tag). */
  audioEnd: number;
  /** Whether an Info header claims the constant bitrate (else the file states no length at all). */
  infoHeader: boolean;
};

export async function checkConstantBitrate(assumed: AssumedBitrate): Promise<void> {
  const { reader, window, windowStart, streamAt, frame, audioEnd, infoHeader } = assumed;
  const seen = walk(window, streamAt, frame);
  const walkedTo = windowStart + streamAt + seen.bytes;
  const unseen = audioEnd - SAMPLE_BYTES - walkedTo;
  if (unseen > 0) {
    for (let i = 0; i < SAMPLES; i++) {
      const run = runIn(await reader.read(walkedTo + Math.floor(Math.random() * unseen), SAMPLE_BYTES), frame);
      seen.frames += run.frames;
      seen.bytes += run.bytes;
    }
  }
  if (seen.frames === 0) return;
  const averageBitrate = ((seen.bytes / seen.frames) * 8 * frame.sampleRate) / frame.samplesPerFrame;
  if (Math.abs(averageBitrate - frame.bitrate) > TOLERANCE * frame.bitrate) {
    const kbps = (bitrate: number) => Math.round(bitrate / 1000);
    const found = `${kbps(frame.bitrate)} kbps at the start, about ${kbps(averageBitrate)} kbps on average`;
    throw new DurationMismatchError(
      infoHeader
        ? `This MP3's header says its bitrate is constant, but it is not (${found}); ${RE_EXPORT}`
        : `This MP3's bitrate is not constant (${found}) and no header states its length; ${RE_EXPORT}`,
      `assumed ${frame.bitrate} bit/s, ${seen.frames} frames seen average ${Math.round(averageBitrate)} bit/s`,
    );
  }
}
