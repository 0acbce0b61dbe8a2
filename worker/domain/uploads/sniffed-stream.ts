import { unsupportedMedia } from "../../lib/errors";
import { expectedKind, SNIFF_BYTES, sniffFileKind } from "../../../common/media-sniff";

/**
 * Reads just enough of the request body to check its magic bytes against the signed content type, then
 * returns a stream that replays those bytes followed by the rest. A mismatch is refused (unsupported media)
 * before a single byte reaches R2, so nothing is kept.
 */
export async function sniffedStream(body: ReadableStream<Uint8Array>, contentType: string) {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let have = 0;
  while (have < SNIFF_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    head.push(value);
    have += value.byteLength;
  }
  const joined = new Uint8Array(have);
  let at = 0;
  for (const chunk of head) {
    joined.set(chunk, at);
    at += chunk.byteLength;
  }
  const kind = sniffFileKind(joined.subarray(0, SNIFF_BYTES));
  if (!kind || kind !== expectedKind(contentType)) {
    await reader.cancel();
    throw unsupportedMedia(`The file's contents are not ${describe(contentType)}`, "unsupported_media");
  }
  let replayed = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!replayed) {
        replayed = true;
        if (joined.byteLength) controller.enqueue(joined);
        return;
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

function describe(contentType: string) {
  if (contentType === "video/mp4") return "an MP4 video";
  if (contentType.startsWith("audio/")) return "an MP3 audio file";
  return `a ${contentType.replace("image/", "").toUpperCase()} image`;
}

/**
 * Pipes the body through a stream of exactly `size` bytes: a body longer or shorter than what was signed
 * makes the write fail instead of storing a different file.
 */
export function exactLength(body: ReadableStream<Uint8Array>, size: number, signal?: AbortSignal) {
  const fixed = new FixedLengthStream(size);
  const done = body.pipeTo(fixed.writable, { signal });
  return { stream: fixed.readable, done };
}
