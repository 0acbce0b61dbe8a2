import { eq } from "drizzle-orm";
import type { Db } from "../../client";
import { content } from "../../schema";
import { recordCopyStatement } from "./public-thumbnails";

/** A creator's change: text (title, description, tags), visibility and schedule, any of them, and the time. */
export type ContentEditParams = { id: string; updatedAt: string } & Partial<
  Pick<
    typeof content.$inferInsert,
    "title" | "description" | "tags" | "visibility" | "publishAt" | "publishedAt" | "draft"
  >
>;

export async function updateContent(db: Db, { id, ...change }: ContentEditParams) {
  await db.update(content).set(change).where(eq(content.id, id));
}

/** `publicKey`: the new image's copy in the public bucket, when one was written (docs/decisions/083). */
export type ThumbnailChange = { id: string; thumbnailKey: string; updatedAt: string; publicKey: string | null };

/**
 * Points the content at a new uploaded thumbnail and marks that upload used, in one batch; the old image's public
 * copy is no longer named, and the new one's is recorded while the item is visible. True when it was recorded.
 */
export async function replaceThumbnail(db: Db, p: ThumbnailChange): Promise<boolean> {
  const d1 = db.$client;
  const results = await d1.batch([
    d1
      .prepare("update content set thumbnail_key = ?2, updated_at = ?3, thumbnail_public_key = null where id = ?1")
      .bind(p.id, p.thumbnailKey, p.updatedAt),
    d1.prepare("update uploads set status = 'finalized' where key = ?1").bind(p.thumbnailKey),
    ...(p.publicKey
      ? [recordCopyStatement(d1, { id: p.id, thumbnailKey: p.thumbnailKey, publicKey: p.publicKey })]
      : []),
  ]);
  return results.length === 3 && results[2]!.results.length > 0;
}

export type Tombstone = { id: string; actorId: string; now: string; auditId: string };

// ?1 the item, ?2 who deletes it (its creator or an admin), ?3 now, ?4 the audit row's id (new per request).
const DONE = "exists (select 1 from audit_log where id = ?4)";
const TOMBSTONE = [
  // The record first, written only while the item is not deleted yet; what it was, for the Audit tab.
  `insert into audit_log (id, actor_id, action, entity, entity_id, before, after, created_at)
   select ?4, ?2, 'delete', 'content', c.id, json_object('title', c.title, 'created_by', c.created_by), null, ?3
   from content c where c.id = ?1 and c.deleted_at is null`,
  `update content set deleted_at = ?3, deleted_by = ?2 where id = ?1 and deleted_at is null and ${DONE}`,
  `select ${DONE} as done`,
];

/**
 * Deletes an item as a tombstone (docs/decisions/028), audited in the same batch: the row stays, and with it
 * its views, likes, reports and moderation history, which every cap, sweep rule, bonus check and member
 * record reads; its upload rows stay `finalized`, so its keys are never usable again. Search drops it (a
 * trigger, migration 0013); the cron removes its media after the grace period. False when it was already
 * deleted (two deletions at once: one applies).
 */
export async function tombstoneContent(db: Db, t: Tombstone): Promise<boolean> {
  const d1 = db.$client;
  const params = [t.id, t.actorId, t.now, t.auditId];
  const results = await d1.batch(TOMBSTONE.map((text) => d1.prepare(text).bind(...params)));
  return Boolean((results.at(-1)!.results[0] as { done: number } | undefined)?.done);
}

/** The cron's statement (?1 now): on content_publish_due_idx, only scheduled items are visited. */
export const PUBLISH_DUE_SQL = `update content set visibility = 'public', publish_at = null
  where publish_at is not null and publish_at <= ?1 and visibility = 'private'`;

/** Scheduled items whose time is at or before `now` become public, their schedule done; answers how many. */
export async function publishDueContent(db: Db, now: string): Promise<number> {
  const res = await db.$client.prepare(PUBLISH_DUE_SQL).bind(now).run();
  return res.meta.changes;
}
