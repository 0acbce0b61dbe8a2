// Every upload limit in one place (docs/architecture.md §4 "Uploads").
export const MiB = 1024 * 1024;
export const MAX_MEDIA_BYTES = 2 * 1024 * MiB;
export const MAX_IMAGE_BYTES = 10 * MiB;
/** Above this, media goes through R2 multipart upload. */
export const MULTIPART_THRESHOLD = 50 * MiB;
/** Every part but the last has this size (R2 wants equal parts of at least 5 MiB). */
export const PART_SIZE = 10 * MiB;
export const UPLOAD_TOKEN_SECONDS = 3600;

export type UploadKind = "media" | "thumbnail";

/**
 * Accepted content types and what they are for. A Map, not an object literal: the content type is the
 * caller's text, and a lookup by "constructor" or "__proto__" on a plain object finds Object.prototype.
 */
const ACCEPTED_TYPES: ReadonlyMap<string, UploadKind> = new Map([
  ["video/mp4", "media"],
  ["audio/mpeg", "media"],
  ["audio/mp3", "media"],
  ["image/jpeg", "thumbnail"],
  ["image/png", "thumbnail"],
  ["image/webp", "thumbnail"],
  ["image/gif", "thumbnail"],
]);

/** What an accepted content type is for; null for any other text. */
export const uploadKindOf = (contentType: string): UploadKind | null => ACCEPTED_TYPES.get(contentType) ?? null;

/** `type/subtype` as RFC 6838 allows it; anything else is not a content type at all (invalid input, not unsupported media). */
export const MIME_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/i;

export const maxBytes = (kind: UploadKind) => (kind === "media" ? MAX_MEDIA_BYTES : MAX_IMAGE_BYTES);

export const mediaTypeOf = (contentType: string): "video" | "audio" =>
  contentType.startsWith("video/") ? "video" : "audio";
