// What may be uploaded and how large (docs/architecture.md §4 "Uploads"): the upload screens refuse a file
// before sending it, the Worker refuses it again when signing and storing.

export const MiB = 1024 * 1024;
export const MAX_MEDIA_BYTES = 2 * 1024 * MiB;
const MAX_IMAGE_BYTES = 10 * MiB;
/** Above this, media goes through R2 multipart upload. */
export const MULTIPART_THRESHOLD = 50 * MiB;
/** Every part but the last has this size (R2 wants equal parts of at least 5 MiB). */
export const PART_SIZE = 10 * MiB;

export type UploadKind = "media" | "thumbnail";

export const MEDIA_CONTENT_TYPES = ["video/mp4", "audio/mpeg", "audio/mp3"] as const;
export const THUMBNAIL_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;

/**
 * Accepted content types and what they are for. A Map, not an object literal: the content type is the
 * caller's text, and a lookup by "constructor" or "__proto__" on a plain object finds Object.prototype.
 */
const ACCEPTED_TYPES: ReadonlyMap<string, UploadKind> = new Map([
  ...MEDIA_CONTENT_TYPES.map((type) => [type, "media"] as const),
  ...THUMBNAIL_CONTENT_TYPES.map((type) => [type, "thumbnail"] as const),
]);

/** What an accepted content type is for; null for any other text. */
export const uploadKindOf = (contentType: string): UploadKind | null => ACCEPTED_TYPES.get(contentType) ?? null;

export const maxBytes = (kind: UploadKind) => (kind === "media" ? MAX_MEDIA_BYTES : MAX_IMAGE_BYTES);

/** Video when the content type is a video type, else audio. */
export const mediaTypeOf = (contentType: string): "video" | "audio" =>
  contentType.startsWith("video/") ? "video" : "audio";

/** `type/subtype` as RFC 6838 allows it; anything else is not a content type at all (invalid input, not unsupported media). */
export const MIME_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/i;
