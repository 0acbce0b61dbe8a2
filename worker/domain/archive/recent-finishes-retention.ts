// The data lifecycle's step for the recommender's week of finished items (docs/decisions/060): days before the
// RECENT_FINISHES_KEEP_DAYS it keeps (today and the seven before) are deleted, in bounded slices.
import { RECENT_FINISHES_KEEP_DAYS } from "../../../common/data-lifecycle";
import type { LifecycleRunJson } from "../../../common/schemas/archive";
import { deleteFinishesBefore } from "../../db/queries/recommendations/recent-finishes";
import { dayNumberOf } from "../../db/queries/archive/kept-numbers";
import { addDays, dayOf } from "../../lib/days";
import { errorMessage, pruneSlices, type SliceBudget } from "./prune-slices";

/** What the run deleted: the admin answer's `recent_finishes` part (common/schemas/archive.ts). */
export type RecentFinishesReport = NonNullable<LifecycleRunJson["recent_finishes"]>;

export async function pruneRecentFinishes(
  d1: D1Database,
  nowMs: number,
  budget: SliceBudget,
): Promise<RecentFinishesReport> {
  const firstKept = addDays(dayOf(nowMs), 1 - RECENT_FINISHES_KEEP_DAYS);
  const r: RecentFinishesReport = { removed: 0, before_day: firstKept, stopped: "", error: null };
  try {
    const before = dayNumberOf(firstKept);
    return {
      ...r,
      ...(await pruneSlices((limit) => deleteFinishesBefore(d1, before, limit), budget, "no older day is left")),
    };
  } catch (e) {
    return { ...r, stopped: "error", error: errorMessage(e) };
  }
}
