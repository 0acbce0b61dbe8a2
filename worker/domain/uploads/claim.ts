import type { Db } from "../../db/client";
import { claimUpload, findUpload, markUploaded, releaseClaim, type UploadWay } from "../../db/queries/uploads/uploads";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { nowIso } from "../../lib/time";

/*
 * One signed upload is written once (docs/architecture.md §4 "Uploads"). Its writer first claims the row
 * (signed → uploading, one conditional UPDATE), so of two requests racing on the same signed URL exactly one
 * writes and the other is refused before it touches R2. A failed write hands the claim back; a finished one
 * moves the row to uploaded, after which nothing writes to the key again, so the bytes finalize measures are
 * the bytes that stay.
 */

export const uploadTaken = () =>
  conflict("This upload is already in progress or finished; sign a new upload", "upload_taken");

/** Why `key` cannot be written the `way` asked, as the error the client should see. */
export async function unwritableUpload(db: Db, key: string, way: UploadWay) {
  const row = await findUpload(db, key);
  if (!row) return notFound("Upload not found; please start it again");
  if (Boolean(row.multipartUploadId) !== (way === "multipart")) {
    return badRequest(
      way === "multipart"
        ? "This upload is not a multipart upload"
        : "This upload goes in parts; use its multipart URLs",
    );
  }
  return uploadTaken();
}

/** Claims the upload for this request or refuses with the reason (not found, invalid for the wrong route, conflict when taken). */
export async function claimForWriting(db: Db, key: string, way: UploadWay) {
  const row = await claimUpload(db, key, way);
  if (!row) throw await unwritableUpload(db, key, way);
  return row;
}

/**
 * Runs the one write of a claimed upload. `write` must only settle once storage has settled (store-body
 * waits for both ends), so when a failure (refused bytes, wrong size, lost connection) hands the claim back,
 * no earlier attempt is still writing and the same signed URL can be retried. Success freezes the upload.
 */
export async function writeClaimed<T>(db: Db, key: string, write: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await write();
  } catch (err) {
    // If even the hand-back fails, the row stays `uploading`: the client is told to sign again (a conflict) and
    // the clean-up job removes the row later. The write's own error is the one worth answering with.
    await releaseClaim(db, key).catch((e: unknown) =>
      console.warn(`upload claim of ${key} not released:`, (e as Error).message),
    );
    throw err;
  }
  await markUploaded(db, key, nowIso());
  return result;
}
