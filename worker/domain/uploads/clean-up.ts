import { deleteUploads, findAbandonedUploads } from "../../db/queries/uploads/uploads";
import { addMs } from "../../lib/time";
import type { MediaJobCall } from "../job-context";

/** Uploads not finalized within a day are abandoned: their bytes are removed from R2 and the rows dropped. */
const ABANDONED_AFTER_MS = 24 * 3600 * 1000;
const BATCH = 50;

export async function removeAbandonedUploads({ ctx: { db, env }, input: { now } }: MediaJobCall<{ now: string }>) {
  const bucket = env.MEDIA;
  const rows = await findAbandonedUploads(db, addMs(now, -ABANDONED_AFTER_MS), BATCH);
  // Unjoined parts of multipart uploads; one left `uploading` died mid-completion (abort is a no-op if it joined).
  for (const row of rows.filter((r) => r.multipartUploadId && (r.status === "signed" || r.status === "uploading"))) {
    await bucket
      .resumeMultipartUpload(row.key, row.multipartUploadId!)
      .abort()
      .catch(() => undefined);
  }
  if (rows.length) await bucket.delete(rows.map((r) => r.key));
  await deleteUploads(
    db,
    rows.map((r) => r.key),
  );
  return rows.length;
}
