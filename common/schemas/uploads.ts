import { z } from "zod";
import { MIME_TYPE_PATTERN } from "../uploads";

// Type and size are bounded here as text and numbers only: which types are accepted and how large each may
// be (common/uploads.ts) is answered by the Worker with 415 and 413, not with a validation 400.

/** POST /api/uploads/sign. */
export const uploadSignBody = z.object({
  filename: z.string().trim().min(1, "filename is required").max(255, "filename must be at most 255 characters"),
  contentType: z
    .string("contentType is required")
    .min(1, "contentType is required")
    .max(128, "contentType must be at most 128 characters")
    .regex(MIME_TYPE_PATTERN, "contentType must be a MIME type such as video/mp4"),
  fileSize: z.number().int("fileSize must be a whole number of bytes").min(0).max(Number.MAX_SAFE_INTEGER),
});
export type UploadSignBody = z.input<typeof uploadSignBody>;

/** PUT /api/uploads/put and the multipart calls but the part upload: the signed upload token. */
export const uploadTokenQuery = z.object({ token: z.string().min(1, "token is required").max(4096) });
export type UploadTokenQuery = z.input<typeof uploadTokenQuery>;

/** PUT /api/uploads/multipart/part: the token and the part's number (R2 allows up to 10,000 parts). */
export const uploadPartQuery = uploadTokenQuery.extend({ part: z.coerce.number().int().min(1).max(10_000) });
export type UploadPartQuery = z.input<typeof uploadPartQuery>;
