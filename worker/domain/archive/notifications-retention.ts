// The data lifecycle's step for the bell's rows (docs/decisions/055, 057): notifications are messages about facts the
// ledger and the audit log keep, so past `notifications_keep_days` they are deleted, not archived, in bounded slices.
import { deleteNotificationsBefore, notificationsCutoff } from "../../db/queries/archive/notification-retention";
import type { LifecycleRunJson } from "../../../common/schemas/archive";
import { nowIso } from "../../lib/time";
import { errorMessage, pruneSlices, type SliceBudget } from "./prune-slices";

/** What the run deleted: the admin answer's `notifications` part (common/schemas/archive.ts). */
export type NotificationsReport = NonNullable<LifecycleRunJson["notifications"]>;

export async function pruneNotifications(
  d1: D1Database,
  nowMs: number,
  budget: SliceBudget,
): Promise<NotificationsReport> {
  const r: NotificationsReport = { removed: 0, keep_days: 0, before: "", stopped: "", error: null };
  try {
    const cutoff = await notificationsCutoff(d1, nowIso(nowMs));
    r.keep_days = cutoff.keepDays;
    r.before = cutoff.before;
    return {
      ...r,
      ...(await pruneSlices(
        (limit) => deleteNotificationsBefore(d1, cutoff, limit),
        budget,
        "no older notification is left",
      )),
    };
  } catch (e) {
    return { ...r, stopped: "error", error: errorMessage(e) };
  }
}
