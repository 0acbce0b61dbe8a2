import type { Db } from "../../client";
import { itemUnavailableSql, suspendedSql } from "./visibility";

// Which items have their current thumbnail in the public bucket (content.thumbnail_public_key, docs/decisions/083).
// The column is set only after the copy is written and only while the item is visible, and cleared before a
// hidden or deleted item's copy is removed: a page names the public copy only when it is there.

export type ThumbnailCopy = { id: string; thumbnailKey: string; publicKey: string };

/**
 * The statement that records a copy of `thumbnailKey` under `publicKey`, while that image is still the item's and
 * the item is visible; it answers the item's id when it applies.
 */
export const recordCopyStatement = (d1: D1Database, p: ThumbnailCopy) =>
  d1
    .prepare(
      `update content set thumbnail_public_key = ?3
       where id = ?1 and thumbnail_key = ?2 and not ${itemUnavailableSql("content")} returning id`,
    )
    .bind(p.id, p.thumbnailKey, p.publicKey);

/**
 * Records copies in one batch; the ids of the items it applied to. The others had a newer image, or were hidden
 * or deleted, first: the caller removes those copies.
 */
export async function recordPublishedThumbnail(db: Db, copies: readonly ThumbnailCopy[]): Promise<Set<string>> {
  const d1 = db.$client;
  const results = await d1.batch(copies.map((c) => recordCopyStatement(d1, c)));
  return new Set(results.flatMap((r) => (r.results as { id: string }[]).map((row) => row.id)));
}

/**
 * Forgets the public copies of the items a change hid or deleted (one item, or every item of a creator), and
 * answers their keys for the caller to delete. Only items that are hidden or deleted now: a concurrent restore
 * keeps its copy.
 */
export async function forgetHiddenThumbnails(db: Db, of: { id: string } | { creator: string }): Promise<string[]> {
  const [column, value] = "id" in of ? ["id", of.id] : ["created_by", of.creator];
  const which = `${column} = ?1 and thumbnail_public_key is not null and ${itemUnavailableSql("content")}`;
  // RETURNING answers the values after the update: the keys are read first, in the same batch (one transaction).
  const d1 = db.$client;
  const [read] = await d1.batch([
    d1.prepare(`select thumbnail_public_key as publicKey from content where ${which}`).bind(value),
    d1.prepare(`update content set thumbnail_public_key = null where ${which}`).bind(value),
  ]);
  return (read!.results as { publicKey: string }[]).map((r) => r.publicKey);
}

/**
 * A creator's visible items whose current thumbnail has no public copy, newest first (a reinstatement publishes
 * them): served by content_creator_created_idx.
 */
export async function unpublishedThumbnailsOf(db: Db, creator: string, limit: number) {
  const { results } = await db.$client
    .prepare(
      `select id, thumbnail_key as thumbnailKey from content
       where created_by = ?1 and thumbnail_key is not null and thumbnail_public_key is null
         and deleted_at is null and removed_at is null and not ${suspendedSql("?1")}
       order by created_at desc limit ?2`,
    )
    .bind(creator, limit)
    .all<{ id: string; thumbnailKey: string }>();
  return results;
}
