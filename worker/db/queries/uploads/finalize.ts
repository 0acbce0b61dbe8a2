import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../client";
import { content, uploads } from "../../schema";

export type NewContent = typeof content.$inferInsert;

/**
 * Creates the content and marks its uploads used, atomically. The unique r2_key makes a second finalize of
 * the same upload fail as a whole (D1 runs a batch as one transaction).
 */
export async function insertFinalizedContent(db: Db, row: NewContent, uploadKeys: string[]) {
  await db.batch([
    db
      .update(uploads)
      .set({ status: "finalized" })
      .where(and(inArray(uploads.key, uploadKeys), eq(uploads.status, "uploaded"))),
    db.insert(content).values(row),
  ]);
}
