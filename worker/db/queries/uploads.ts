import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../client";
import { uploadParts, uploads } from "../schema";

export type NewUpload = typeof uploads.$inferInsert;

export async function createUpload(db: Db, row: NewUpload) {
  await db.insert(uploads).values(row);
}

export async function findUpload(db: Db, key: string) {
  return (await db.select().from(uploads).where(eq(uploads.key, key)).get()) ?? null;
}

/** Marks the bytes stored; only a signed (or re-sent, not yet used) upload can move to "uploaded". */
export async function markUploaded(db: Db, key: string, at: string) {
  await db
    .update(uploads)
    .set({ status: "uploaded", uploadedAt: at })
    .where(and(eq(uploads.key, key), eq(uploads.status, "signed")));
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

export async function deleteUpload(db: Db, key: string) {
  await db.delete(uploads).where(eq(uploads.key, key));
}

/** Uploads never finalized within the grace period, oldest first (served by uploads_status_created_idx). */
export async function findAbandonedUploads(db: Db, before: string, limit: number) {
  return db
    .select()
    .from(uploads)
    .where(and(inArray(uploads.status, ["signed", "uploaded"]), lt(uploads.createdAt, before)))
    .orderBy(asc(uploads.createdAt))
    .limit(limit);
}

export async function deleteUploads(db: Db, keys: string[]) {
  if (keys.length) await db.delete(uploads).where(inArray(uploads.key, keys));
}
