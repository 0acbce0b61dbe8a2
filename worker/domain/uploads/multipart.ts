import type { Db } from "../../db/client";
import {
  claimMultipartCompletion,
  deleteSignedMultipart,
  findUpload,
  listParts,
  recordPart,
} from "../../db/queries/uploads/uploads";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { unwritableUpload, uploadTaken, writeClaimed } from "./claim";
import { expectedParts, partSizeFor } from "./parts";
import { storeBody } from "./store-body";
import type { StorageCall } from "../member-context";
import { checkGrant, type UploadGrant } from "./upload-token";

/** The multipart upload the grant names, still open for parts (signed), with its R2 multipart upload id. */
async function openMultipart(db: Db, grant: UploadGrant) {
  const row = await findUpload(db, grant.key);
  if (!row) throw notFound("Upload not found; please start it again");
  if (row.status !== "signed") throw uploadTaken();
  const { key, multipartUploadId } = row;
  if (!multipartUploadId) throw badRequest("This upload is not a multipart upload");
  return { key, multipartUploadId };
}

/*
 * Parts may be sent, retried and re-sent while the upload is signed; what is claimed is the completion,
 * which joins the parts into the object once. After it the row is uploaded, so late parts and a second
 * completion are refused (and R2 has no multipart upload left to write them to).
 */

/** Joins the recorded parts into the object; the one completion of this upload, or an error. */
export async function completeMultipart({ ctx, input: { grant } }: StorageCall<{ grant: UploadGrant }>) {
  checkGrant(ctx.actor, grant);
  const { db, bucket } = ctx;
  const claimed = await claimMultipartCompletion(db, grant.key);
  if (!claimed) throw await unwritableUpload(db, grant.key, "multipart");
  const { row, parts } = claimed;
  await writeClaimed(db, row.key, async () => {
    const missing = expectedParts(grant.size).filter((n) => !parts.some((p) => p.partNumber === n));
    if (missing.length) throw badRequest(`Parts missing: ${missing.slice(0, 10).join(", ")}`);
    try {
      await bucket
        .resumeMultipartUpload(row.key, row.multipartUploadId!)
        .complete(parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag })));
    } catch (err) {
      // R2 refuses when a part was re-sent while completing (its recorded ETag is stale) or the upload is gone.
      console.warn(`multipart completion of ${row.key} refused:`, (err as Error).message);
      throw conflict(
        "The parts changed while they were being joined; check the stored parts, re-send any that failed and complete again",
        "upload_parts_changed",
      );
    }
  });
  return row.key;
}

/** Abandons a signed multipart upload: the row first (so a completion cannot win afterwards), then R2's parts. */
export async function abortMultipart({ ctx, input: { grant } }: StorageCall<{ grant: UploadGrant }>) {
  checkGrant(ctx.actor, grant);
  const { db, bucket } = ctx;
  const row = await deleteSignedMultipart(db, grant.key);
  if (!row) throw await unwritableUpload(db, grant.key, "multipart");
  // If the abort fails, R2 drops the unfinished upload by itself after its retention period.
  await bucket
    .resumeMultipartUpload(row.key, row.multipartUploadId!)
    .abort()
    .catch((err: unknown) => console.warn(`multipart abort of ${row.key} failed:`, (err as Error).message));
}

/** The parts already stored of an upload still open for parts, to resume an interrupted upload. */
export async function listUploadParts({ ctx, input: { grant } }: StorageCall<{ grant: UploadGrant }>) {
  checkGrant(ctx.actor, grant);
  const row = await openMultipart(ctx.db, grant);
  return listParts(ctx.db, row.key);
}

/** Stores one part (a retry replaces the earlier attempt) while the upload is still open; returns its size. */
export async function putPart({
  ctx,
  input: { grant, part, request },
}: StorageCall<{ grant: UploadGrant; part: number; request: Request }>) {
  checkGrant(ctx.actor, grant);
  const { db, bucket } = ctx;
  const row = await openMultipart(db, grant);
  const partSize = partSizeFor(grant.size, part);
  const mpu = bucket.resumeMultipartUpload(row.key, row.multipartUploadId);
  let uploaded: R2UploadedPart;
  try {
    uploaded = await storeBody(
      request,
      { size: partSize, contentType: grant.contentType, sniff: part === 1 },
      (stream) => mpu.uploadPart(part, stream),
    );
  } catch (err) {
    // A part still in flight when the upload was completed or abandoned lands nowhere (R2 has no upload left
    // to add it to): say so, instead of asking for a retry that cannot succeed.
    if ((await findUpload(db, row.key))?.status !== "signed") throw uploadTaken();
    throw err;
  }
  await recordPart(db, { key: row.key, partNumber: part, etag: uploaded.etag, size: partSize });
  return partSize;
}
