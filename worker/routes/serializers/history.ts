import type { HistoryEntryJson, HistoryResponse } from "../../../common/schemas/history";
import type { ContentRow } from "../../db/queries/content/content";
import { isFinished, type LastPosition, positionPercent } from "../../domain/views/resume";
import { nowIso } from "../../lib/time";
import { contentJson, type ThumbsOrigin } from "./content";

/** One history entry: the item as lists show it, and where the caller left it. */
const historyEntryJson = (row: ContentRow, p: LastPosition, thumbsOrigin: ThumbsOrigin): HistoryEntryJson => ({
  content: contentJson(row, thumbsOrigin),
  position_seconds: Math.floor(p.positionMs / 1000),
  percent: positionPercent(p),
  finished: isFinished(p),
  watched_at: nowIso(p.watchedAtMs),
});

/** A page of the caller's history (`nextCursor` null on the last). */
export const historyJson = (
  page: { entries: { item: ContentRow; position: LastPosition }[]; nextCursor: string | null },
  thumbsOrigin: ThumbsOrigin,
): HistoryResponse => ({
  items: page.entries.map((e) => historyEntryJson(e.item, e.position, thumbsOrigin)),
  nextCursor: page.nextCursor,
});
