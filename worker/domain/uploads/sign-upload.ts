import type { UploadSignResponse } from "../../../common/schemas/uploads";
import { createUploadWithinQuota } from "../../db/queries/content/storage-quota";
import { badRequest, tooLarge, unsupportedMedia } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { maxBytes, MiB, MULTIPART_THRESHOLD, PART_SIZE, uploadKindOf } from "./limits";
import { fitsInQuota, storageQuotaRefusal } from "./storage-quota";
import type { StorageCall } from "../member-context";
import { signUploadToken } from "./upload-token";

/** `secret` signs the upload token (the app's session secret). */
export type SignInput = { secret: string; filename: string; contentType: string; fileSize: number };

/** Object keys keep a readable, safe form of the file name after a unique id. */
const safeName = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[^\w.-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(-100) || "file";

/** Signs an upload for the caller (ctx.actor): the key, the quota and the token are theirs. */
export async function signUpload({ ctx, input }: StorageCall<SignInput>): Promise<UploadSignResponse> {
  const p = { ...input, db: ctx.db, bucket: ctx.bucket, userId: ctx.actor.id };
  const kind = uploadKindOf(p.contentType);
  if (!kind) {
    throw unsupportedMedia(
      "contentType: only MP4 video, MP3 audio and JPEG, PNG, WebP or GIF images are accepted",
      "unsupported_media",
    );
  }
  const limit = maxBytes(kind);
  if (p.fileSize > limit) {
    throw tooLarge(`fileSize: ${kind === "media" ? "media" : "images"} can be at most ${limit / MiB} MiB`, "too_large");
  }
  if (p.fileSize <= 0) throw badRequest("fileSize: the file is empty");
  const key = `uploads/${p.userId}/${newId()}/${safeName(p.filename)}`;
  const multipart = kind === "media" && p.fileSize > MULTIPART_THRESHOLD;
  // The storage quota (docs/decisions/030) is enforced by the insert below, so concurrent signatures cannot
  // share the same free space. A multipart upload is checked once before, too, so a refused file never
  // creates an R2 multipart upload (a single PUT creates nothing until its bytes come).
  if (multipart && !(await fitsInQuota(p.db, p.userId, p.fileSize)))
    throw await storageQuotaRefusal(p.db, p.userId, p.fileSize);
  const mpu = multipart
    ? await p.bucket.createMultipartUpload(key, { httpMetadata: { contentType: p.contentType } })
    : null;
  const recorded = await createUploadWithinQuota(p.db, {
    key,
    userId: p.userId,
    kind,
    contentType: p.contentType,
    size: p.fileSize,
    status: "signed",
    multipartUploadId: mpu?.uploadId ?? null,
    createdAt: nowIso(),
  });
  if (!recorded) {
    // Another signature took the space meanwhile; R2 drops an unfinished upload by itself if this abort fails.
    await mpu?.abort().catch(() => {});
    throw await storageQuotaRefusal(p.db, p.userId, p.fileSize);
  }
  const token = await signUploadToken(p.secret, {
    key,
    userId: p.userId,
    contentType: p.contentType,
    size: p.fileSize,
  });
  const qs = `token=${encodeURIComponent(token)}`;
  return {
    key,
    uploadUrl: multipart ? `/api/uploads/multipart?${qs}` : `/api/uploads/put?${qs}`,
    multipart: multipart ? { token, partSize: PART_SIZE, partCount: Math.ceil(p.fileSize / PART_SIZE) } : null,
  };
}
