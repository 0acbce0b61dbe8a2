import type { StatsRange } from "../../../common/schemas/studio";
import type { Db } from "../../db/client";
import { readContentStats } from "../../db/queries/content/content-stats";
import { notFound } from "../../lib/errors";
import { type ContentStats as StatsFromRows, rangeStart, statsFromRows } from "./stats-from-rows";

/** The studio's numbers, and the item's public comment count (docs/decisions/095). */
export type ContentStats = StatsFromRows & { commentCount: number };

/**
 * One item's studio (docs/decisions/048) for its creator or an admin; anyone else, and everyone once the item
 * is deleted, gets the same 404 as for a missing item (its existence is not told). Hidden (taken-down) items
 * stay readable by their creator, as their details do.
 */
export async function readItemStats({
  ctx,
  input,
}: {
  ctx: { db: Db; actor: { id: string; isAdmin: boolean } };
  input: { contentId: string; range: StatsRange; nowMs: number };
}): Promise<ContentStats> {
  const rows = await readContentStats(ctx.db, input.contentId, rangeStart(input.range, input.nowMs));
  const item = rows.item;
  if (!item || item.deletedAt !== null || !(ctx.actor.isAdmin || ctx.actor.id === item.createdBy))
    throw notFound("Content not found");
  return { ...statsFromRows(rows, item.title, input.range, input.nowMs), commentCount: rows.commentCount };
}
