import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { content, uploads } from "../schema";

export type ContentEditParams = { id: string; title: string; description: string; tags: string; updatedAt: string };

export async function updateContentText(db: Db, p: ContentEditParams) {
  await db
    .update(content)
    .set({ title: p.title, description: p.description, tags: p.tags, updatedAt: p.updatedAt })
    .where(eq(content.id, p.id));
}

export type ThumbnailChange = { id: string; thumbnailKey: string; updatedAt: string };

/** Points the content at a new uploaded thumbnail and marks that upload used, in one batch. */
export async function replaceThumbnail(db: Db, p: ThumbnailChange) {
  await db.batch([
    db.update(content).set({ thumbnailKey: p.thumbnailKey, updatedAt: p.updatedAt }).where(eq(content.id, p.id)),
    db.update(uploads).set({ status: "finalized" }).where(eq(uploads.key, p.thumbnailKey)),
  ]);
}

/**
 * Removes the content row (likes, views and playback events go with it by cascade) and the upload rows of
 * its objects. Earnings, bonuses and payments do not reference content, so nobody's money changes.
 */
export async function deleteContentRow(db: Db, id: string, objectKeys: string[]) {
  await db.batch([
    db.delete(content).where(eq(content.id, id)),
    db.delete(uploads).where(and(inArray(uploads.key, objectKeys.length ? objectKeys : [""]))),
  ]);
}
