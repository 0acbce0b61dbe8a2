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

/** PUT /api/uploads/multipart/part: the token and the part's number (R2 allows up to 10,000 parts). */
export const uploadPartQuery = uploadTokenQuery.extend({ part: z.coerce.number().int().min(1).max(10_000) });

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Multipart plan: every part but the last is `partSize` bytes; `token` is the signed upload token.
 *   GET    /api/uploads/multipart?token=…              → UploadPartsResponse (parts already stored: resume)
 *   PUT    /api/uploads/multipart/part?token=…&part=N  → { part, size } (N from 1 to partCount; retry freely)
 *   POST   /api/uploads/multipart/complete?token=…     → { key }
 *   DELETE /api/uploads/multipart?token=…              → { ok: true } (abort)
 */
const uploadMultipartPlanOut = z.object({ token: z.string(), partSize: z.number().int(), partCount: z.number().int() });
export type UploadMultipartPlan = z.output<typeof uploadMultipartPlanOut>;

/**
 * POST /api/uploads/sign. Small files (`multipart` null): PUT the whole file to `uploadUrl` with its
 * content type. Files above the multipart threshold: follow `multipart` (the R2 multipart upload is
 * already created by the sign step).
 */
export const uploadSignOut = z.object({
  key: z.string(),
  uploadUrl: z.string(),
  multipart: uploadMultipartPlanOut.nullable(),
});
export type UploadSignResponse = z.output<typeof uploadSignOut>;

/** PUT /api/uploads/put and POST /api/uploads/multipart/complete: the stored object's key, for finalize. */
export const uploadKeyOut = z.object({ key: z.string() });
export type UploadKeyResponse = z.output<typeof uploadKeyOut>;

/** PUT /api/uploads/multipart/part: the part stored, and its size in bytes. */
export const uploadPartOut = z.object({ part: z.number().int(), size: z.number().int() });
export type UploadPartResponse = z.output<typeof uploadPartOut>;

/** GET /api/uploads/multipart: the parts already stored, to resume. */
export const uploadPartsOut = z.object({ parts: z.array(uploadPartOut) });
export type UploadPartsResponse = z.output<typeof uploadPartsOut>;
