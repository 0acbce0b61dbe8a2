import { spokenDuration, spokenSize } from "./human-units";
import { DurationMismatchError, RE_EXPORT } from "./media-error";
import type { FrameCountHeader } from "./mp3-vbr-header";
import { type Layer3Frame, layer3BitrateRange } from "../../../common/mpeg-audio-frame";

/**
 * Checks the frame count of a Xing/Info or VBRI header against the audio bytes, without reading them: an
 * MP3 whose header says 40 frames (1 s) in front of a minute of audio would be stored as 1 s, and a view
 * of it would qualify after 0.8 s while the player plays on for a minute.
 *
 * What the bytes can tell without a read per frame:
 * - CBR (Info header): every frame has the stream's bitrate, so the bytes give the frame count to within
 *   a frame. The stated count may be off by 10 % of that.
 * - VBR (Xing, VBRI): frames vary from the lowest to the highest bitrate of the MPEG version, so the bytes
 *   bound the count from both sides (at 320 kbps, 1 MB holds at least 25 s). The stated count may lie up
 *   to 10 % beyond either bound. A lie inside the bounds (say half the frames of a 128 kbps file) passes:
 *   catching it would take reading frames across the whole file.
 * - A stated byte count must cover the audio to within 10 %: an encoder that wrote the header for part of
 *   the file (two files concatenated, audio appended later) describes a shorter file than players play.
 *   It may exceed the audio up to the file size (some encoders count the ID3 tag); beyond that the file
 *   was cut short, which mp3-duration.ts refuses before this.
 */

/** How far a stated count may be from what the bytes imply, as a fraction of the implied count. */
const TOLERANCE = 0.1;

export type StatedStream = {
  header: FrameCountHeader;
  /** The first frame, which carries the header and is not counted in it. */
  tagFrame: Layer3Frame;
  /**
   * The frame after it, if the window holds one of the same version and sample rate. Its bitrate is the
   * CBR stream's: LAME writes the Info frame itself at a higher bitrate when the tag does not fit a small frame.
   */
  nextFrame: Layer3Frame | null;
  /** Bytes from the first frame to the end of the audio (an ID3v1 tag is not audio). */
  audioBytes: number;
};

export function checkFrameCount({ header, tagFrame, nextFrame, audioBytes }: StatedStream): void {
  const { samplesPerFrame, sampleRate } = tagFrame;
  const bytesPerFrame = (bitrate: number) => (samplesPerFrame * bitrate) / (8 * sampleRate);
  const framesMs = (frames: number) => Math.round((frames * samplesPerFrame * 1000) / sampleRate);
  const streamBytes = Math.max(0, audioBytes - tagFrame.frameLength);
  // 10 %, but at least one frame: encoders disagree on whether the tag frame counts.
  const slack = (frames: number) => Math.max(TOLERANCE * frames, 1);
  const refuse = (audio: string, detail: string): never => {
    throw new DurationMismatchError(
      `This MP3's header says it lasts ${spokenDuration(framesMs(header.frames))}, but its audio data ${audio}; ${RE_EXPORT}`,
      `${header.kind} header states ${header.frames} frames; ${detail}`,
    );
  };

  if (header.bytes !== null && header.bytes < audioBytes * (1 - TOLERANCE)) {
    throw new DurationMismatchError(
      `This MP3's header says it holds ${spokenSize(header.bytes)} of audio, but the file holds ` +
        `${spokenSize(audioBytes)}; ${RE_EXPORT}`,
      `${header.kind} header states ${header.bytes} bytes, the audio is ${audioBytes} bytes`,
    );
  }

  if (header.kind === "Info") {
    const bitrate = nextFrame?.bitrate ?? tagFrame.bitrate;
    const frames = streamBytes / bytesPerFrame(bitrate);
    if (Math.abs(header.frames - frames) > slack(frames)) {
      refuse(
        `lasts about ${spokenDuration(framesMs(frames))}`,
        `${streamBytes} bytes at ${bitrate} bit/s hold ${frames.toFixed(1)}`,
      );
    }
    return;
  }

  const { min, max } = layer3BitrateRange(tagFrame.version);
  // Largest frames have a padding byte; smallest have none.
  const fewest = streamBytes / (Math.floor(bytesPerFrame(max)) + 1);
  const most = streamBytes / Math.floor(bytesPerFrame(min));
  if (header.frames < fewest - slack(fewest)) {
    refuse(
      `lasts at least ${spokenDuration(framesMs(fewest))}`,
      `${streamBytes} bytes hold at least ${fewest.toFixed(1)} (${max} bit/s)`,
    );
  }
  if (header.frames > most + slack(most)) {
    refuse(
      `lasts at most ${spokenDuration(framesMs(most))}`,
      `${streamBytes} bytes hold at most ${most.toFixed(1)} (${min} bit/s)`,
    );
  }
}
