import { eq, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { content, contentStoryboards, users } from "../../schema";
import { ITEM_STANDING_COLUMNS } from "../content/content";

export type StoryboardRow = typeof contentStoryboards.$inferSelect;

/** An item's storyboard with what serving it needs to know about its item's standing (docs/decisions/027, 094). */
export async function findStoryboard(db: Db, contentId: string) {
  const [row] = await db
    .select({
      r2Key: contentStoryboards.r2Key,
      updatedAt: contentStoryboards.updatedAt,
      ...ITEM_STANDING_COLUMNS,
    })
    .from(contentStoryboards)
    .innerJoin(content, eq(content.id, contentStoryboards.contentId))
    .innerJoin(users, eq(users.id, content.createdBy))
    .where(eq(contentStoryboards.contentId, contentId));
  return row ?? null;
}

/** The item's storyboard row, or null. */
export async function storyboardOf(db: Db, contentId: string): Promise<StoryboardRow | null> {
  const [row] = await db.select().from(contentStoryboards).where(eq(contentStoryboards.contentId, contentId));
  return row ?? null;
}

/**
 * Marks the upload used, only if it is still `uploaded`: of two requests attaching the same upload, one wins.
 * True when this call took it.
 */
export async function takeUpload(db: Db, key: string): Promise<boolean> {
  const rows = await db.all(sql`update uploads set status = 'finalized' where key = ${key} and status = 'uploaded'
    returning 1 as taken`);
  return rows.length > 0;
}

/** Adds or replaces the item's storyboard. */
export async function upsertStoryboard(db: Db, row: StoryboardRow) {
  const { contentId: _, ...change } = row;
  await db
    .insert(contentStoryboards)
    .values(row)
    .onConflictDoUpdate({ target: contentStoryboards.contentId, set: change });
}

/** Removes the item's storyboard; its R2 key, or null when it had none. */
export async function deleteStoryboardRow(db: Db, contentId: string): Promise<string | null> {
  const [row] = await db
    .delete(contentStoryboards)
    .where(eq(contentStoryboards.contentId, contentId))
    .returning({ r2Key: contentStoryboards.r2Key });
  return row?.r2Key ?? null;
}
