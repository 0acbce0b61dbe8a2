import { and, asc, eq, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import type { Db } from "../../client";
import { uploadParts, uploads } from "../../schema";

export type NewUpload = typeof uploads.$inferInsert;

export async function findUpload(db: Db, key: string) {
  return (await db.select().from(uploads).where(eq(uploads.key, key)).get()) ?? null;
}

/** How an upload's bytes arrive: one PUT, or parts joined by a multipart completion. */
export type UploadWay = "single" | "multipart";

const claimable = (key: string, way: UploadWay) =>
  and(
    eq(uploads.key, key),
    eq(uploads.status, "signed"),
    way === "multipart" ? isNotNull(uploads.multipartUploadId) : isNull(uploads.multipartUploadId),
  );

/**
 * Claims a signed upload for its one writer: signed → uploading in a single conditional UPDATE, so of
 * concurrent callers exactly one gets the row back; the others get null and must not write.
 */
export async function claimUpload(db: Db, key: string, way: UploadWay) {
  const [row] = await db.update(uploads).set({ status: "uploading" }).where(claimable(key, way)).returning();
  return row ?? null;
}

/**
 * The claim of a multipart completion and the parts to join, in one round trip: the parts are read after
 * the claim, in the same transaction.
 */
export async function claimMultipartCompletion(db: Db, key: string) {
  const [claimed, parts] = await db.batch([
    db.update(uploads).set({ status: "uploading" }).where(claimable(key, "multipart")).returning(),
    db.select().from(uploadParts).where(eq(uploadParts.key, key)).orderBy(asc(uploadParts.partNumber)),
  ]);
  return claimed[0] ? { row: claimed[0], parts } : null;
}

/** Hands a claim back after a failed write (uploading → signed), so the same signed URL can be retried. */
export async function releaseClaim(db: Db, key: string) {
  await db
    .update(uploads)
    .set({ status: "signed" })
    .where(and(eq(uploads.key, key), eq(uploads.status, "uploading")));
}

/** Marks the claimed upload's bytes stored; from here on nothing writes to its key again. */
export async function markUploaded(db: Db, key: string, at: string) {
  await db
    .update(uploads)
    .set({ status: "uploaded", uploadedAt: at })
    .where(and(eq(uploads.key, key), eq(uploads.status, "uploading")));
}

/** Drops a signed multipart upload the client abandons; null when it is not (or no longer) signed. */
export async function deleteSignedMultipart(db: Db, key: string) {
  const [row] = await db.delete(uploads).where(claimable(key, "multipart")).returning();
  return row ?? null;
}

export type StoredPart = { key: string; partNumber: number; etag: string; size: number };

/** A retried part replaces the earlier attempt's record. */
export async function recordPart(db: Db, part: StoredPart) {
  await db
    .insert(uploadParts)
    .values(part)
    .onConflictDoUpdate({
      target: [uploadParts.key, uploadParts.partNumber],
      set: { etag: part.etag, size: part.size },
    });
}

export async function listParts(db: Db, key: string) {
  return db.select().from(uploadParts).where(eq(uploadParts.key, key)).orderBy(asc(uploadParts.partNumber));
}

/**
 * Uploads never finalized within the grace period, oldest first (served by uploads_status_created_idx).
 * `uploading` rows are included: a Worker killed mid-write never hands its claim back.
 */
export async function findAbandonedUploads(db: Db, before: string, limit: number) {
  return db
    .select()
    .from(uploads)
    .where(and(inArray(uploads.status, ["signed", "uploading", "uploaded"]), lt(uploads.createdAt, before)))
    .orderBy(asc(uploads.createdAt))
    .limit(limit);
}

export async function deleteUploads(db: Db, keys: string[]) {
  if (keys.length) await db.delete(uploads).where(inArray(uploads.key, keys));
}
