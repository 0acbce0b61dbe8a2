// The upload rules both sides apply (types, sizes, multipart parts) are common/uploads.ts; these are the
// Worker's own (docs/architecture.md §4 "Uploads").
export {
  maxBytes,
  mediaTypeOf,
  MiB,
  MULTIPART_THRESHOLD,
  PART_SIZE,
  uploadKindOf,
  type UploadKind,
} from "../../../common/uploads";

export const UPLOAD_TOKEN_SECONDS = 3600;
