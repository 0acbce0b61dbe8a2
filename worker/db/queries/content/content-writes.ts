import { eq } from "drizzle-orm";
import type { Db } from "../../client";
import { content, uploads } from "../../schema";

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
