import { parseLayer3Header } from "./mpeg-audio-frame";

/**
 * What a file really is, judged by its first bytes. Uploads check this against the declared content type so
 * that a renamed file (a text file called .mp4, a JPEG sent as audio) is refused before anyone plays it: the
 * upload screens when the file is picked, before any request (src/components/upload/media-check.ts), and the
 * Worker again on the bytes it stores (worker/domain/uploads/sniffed-stream.ts). One rule, here, for both
 * (docs/decisions/038).
 */
export type FileKind = "mp4" | "mp3" | "jpeg" | "png" | "webp" | "gif";

/** How many leading bytes callers must pass to sniffFileKind (fewer only when the file is shorter). */
export const SNIFF_BYTES = 16;

const KIND_BY_CONTENT_TYPE = {
  "video/mp4": "mp4",
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
} as const satisfies Record<string, FileKind>;

type SniffableContentType = keyof typeof KIND_BY_CONTENT_TYPE;

/**
 * The kind each accepted upload content type must turn out to be. Typed for lookups by any string; note that
 * inherited keys ("constructor") return non-kinds, so compare the result or use expectedKind().
 */
export const EXPECTED_KIND: Readonly<Record<string, FileKind | undefined>> = KIND_BY_CONTENT_TYPE;

/** EXPECTED_KIND for an arbitrary string, own keys only; null for content types we do not accept. */
export function expectedKind(contentType: string): FileKind | null {
  return Object.hasOwn(KIND_BY_CONTENT_TYPE, contentType)
    ? KIND_BY_CONTENT_TYPE[contentType as SniffableContentType]
    : null;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(head: Uint8Array, expected: ArrayLike<number>, at = 0): boolean {
  if (head.length < at + expected.length) return false;
  for (let i = 0; i < expected.length; i++) if (head[at + i] !== expected[i]) return false;
  return true;
}

const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));

export function sniffFileKind(head: Uint8Array): FileKind | null {
  // MP4 (ISO BMFF): the first box is `ftyp`; its 4-byte size comes first. Any brand (isom, mp42, M4V…).
  if (startsWith(head, ascii("ftyp"), 4)) return "mp4";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, PNG)) return "png";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "webp";
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) return "gif";
  // MP3: an ID3v2 tag, or a bare stream that begins with a layer III frame header.
  if (startsWith(head, ascii("ID3")) || parseLayer3Header(head, 0)) return "mp3";
  return null;
}
