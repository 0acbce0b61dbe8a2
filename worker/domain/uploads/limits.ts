// The upload rules both sides apply (types, sizes, multipart parts) are common/uploads.ts; these are the
// Worker's own (docs/architecture.md §4 "Uploads").
export {
  MAX_IMAGE_BYTES,
  MAX_MEDIA_BYTES,
  maxBytes,
  mediaTypeOf,
  MiB,
  MULTIPART_THRESHOLD,
  PART_SIZE,
  uploadKindOf,
  type UploadKind,
} from "../../../common/uploads";

export const UPLOAD_TOKEN_SECONDS = 3600;

/** `type/subtype` as RFC 6838 allows it; anything else is not a content type at all (invalid input, not unsupported media). */
export const MIME_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/i;
