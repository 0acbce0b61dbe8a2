import { splitTags } from "../../../common/tags";
import { MEDIA_CONTENT_TYPES, THUMBNAIL_CONTENT_TYPES } from "../../../common/uploads";
import type { ContentType, ContentFinalizeBody } from "../../../common/schemas/content";
import { contentTypeOf } from "../../lib/upload-file";

// What may be uploaded and how a form becomes a finalize request (docs/product-spec.md §5 "Upload").

/** For the file picker; the check below is what counts, as pickers let any file through. */
export const MEDIA_ACCEPT = [...MEDIA_CONTENT_TYPES, ".mp4", ".mp3"].join(",");
const MEDIA_TYPES: readonly string[] = MEDIA_CONTENT_TYPES;
export const MEDIA_REJECTED = "Only MP4 video and MP3 audio files can be uploaded.";

// The server stores these image types only (docs/architecture.md §4), so others are refused when picked
// rather than failing the whole upload later.
export const THUMBNAIL_ACCEPT = THUMBNAIL_CONTENT_TYPES.join(",");
const THUMBNAIL_TYPES: readonly string[] = THUMBNAIL_CONTENT_TYPES;
export const THUMBNAIL_REJECTED = "Thumbnails must be JPEG, PNG, WebP or GIF images.";

export const isAcceptedMedia = (file: File) => MEDIA_TYPES.includes(contentTypeOf(file));
export const isAcceptedThumbnail = (file: File) => THUMBNAIL_TYPES.includes(file.type);

/** Video when the file type begins with "video", else audio. */
export const mediaTypeOf = (file: File): ContentType => (contentTypeOf(file).startsWith("video") ? "video" : "audio");

/** The default title: the file name without its extension. */
export const titleFromFileName = (name: string) => name.replace(/\.[^.]*$/, "") || name;

/** Thumbnails are stored under a name with a `thumb_` prefix (docs/product-spec.md §7). */
export function asThumbnailFile(image: Blob, mediaName: string): File {
  if (image instanceof File) return new File([image], `thumb_${image.name}`, { type: image.type });
  return new File([image], `thumb_${titleFromFileName(mediaName)}.jpg`, { type: image.type || "image/jpeg" });
}

export type UploadDetails = { title: string; description: string; tags: string };

/** Description only when not empty; tags (trimmed, empties dropped) only when there is at least one. */
export function finalizeRequest(
  media: { key: string; file: File; thumbnailKey?: string },
  details: UploadDetails,
): ContentFinalizeBody {
  const request: ContentFinalizeBody = {
    r2_key: media.key,
    type: mediaTypeOf(media.file),
    title: details.title.trim(),
  };
  const description = details.description.trim();
  if (description) request.description = description;
  const tags = splitTags(details.tags);
  if (tags.length) request.tags = tags;
  if (media.thumbnailKey) request.thumbnail_key = media.thumbnailKey;
  return request;
}
