import type { Layer3Frame } from "../../../common/mpeg-audio-frame";

/**
 * The frame count an encoder writes into the first frame of an MP3: a Xing header (VBR), the same layout
 * named Info (LAME's CBR files), or a VBRI header (Fraunhofer's VBR encoder). Players take the duration
 * from it, so mp3-frame-count.ts checks it against the audio bytes before we do too.
 */
export type FrameCountHeader = {
  kind: "Xing" | "Info" | "VBRI";
  /** Audio frames, not counting the frame that carries this header (LAME's convention). */
  frames: number;
  /** Length of the stream in bytes, when stated. */
  bytes: number | null;
};

const text = (bytes: Uint8Array, at: number, length: number) =>
  at + length <= bytes.length ? String.fromCharCode(...bytes.subarray(at, at + length)) : "";

const uint32 = (bytes: Uint8Array, at: number) =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at);

/**
 * The header in the frame at `at` of `window`: a Xing/Info tag sits right after the frame's side info, a
 * VBRI tag always 32 bytes after the frame header. Null when neither is there or no frame count is stated.
 */
export function frameCountHeader(window: Uint8Array, at: number, frame: Layer3Frame): FrameCountHeader | null {
  const xing = at + 4 + frame.sideInfoLength;
  const tag = text(window, xing, 4);
  if ((tag === "Xing" || tag === "Info") && xing + 8 <= window.length) {
    // Flags say which optional fields follow, in order: frames (1), bytes (2).
    const flags = uint32(window, xing + 4);
    if (flags & 1 && xing + 12 <= window.length) {
      const hasBytes = (flags & 2) !== 0 && xing + 16 <= window.length;
      return { kind: tag, frames: uint32(window, xing + 8), bytes: hasBytes ? uint32(window, xing + 12) : null };
    }
  }
  const vbri = at + 4 + 32;
  if (text(window, vbri, 4) === "VBRI" && vbri + 18 <= window.length) {
    // VBRI: id, version (2), delay (2), quality (2), bytes (4), frames (4).
    return { kind: "VBRI", frames: uint32(window, vbri + 14), bytes: uint32(window, vbri + 10) };
  }
  return null;
}
