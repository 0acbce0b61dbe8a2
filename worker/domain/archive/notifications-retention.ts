// The data lifecycle's step for the bell's rows (docs/decisions/055, 057): notifications are messages about facts the
// ledger and the audit log keep, so past `notifications_keep_days` they are deleted, not archived. Bounded like a
// dataset's parts: at most `partsPerRun` slices of `rowsPerPart` rows a run, oldest first; the next run goes on.
import { deleteNotificationsBefore, notificationsCutoff } from "../../db/queries/notification-retention";
import type { LifecycleRunJson } from "../../../common/schemas/archive";
import { nowIso } from "../../lib/time";

/** What the run deleted: the admin answer's `notifications` part (common/schemas/archive.ts). */
export type NotificationsReport = NonNullable<LifecycleRunJson["notifications"]>;

export async function pruneNotifications(d1: D1Database, nowMs: number, budget: { rowsPerPart: number; partsPerRun: number }): Promise<NotificationsReport> {
  const r: NotificationsReport = { removed: 0, keep_days: 0, before: "", stopped: "", error: null };
  try {
    const cutoff = await notificationsCutoff(d1, nowIso(nowMs));
    r.keep_days = cutoff.keepDays;
    r.before = cutoff.before;
    for (let slice = 0; slice < budget.partsPerRun; slice++) {
      const removed = await deleteNotificationsBefore(d1, cutoff, budget.rowsPerPart);
      r.removed += removed;
      if (removed < budget.rowsPerPart) return { ...r, stopped: "no older notification is left" };
    }
    return { ...r, stopped: "slice budget used; the next run goes on" };
  } catch (e) {
    // Like a dataset's failure: reported, and the cron goes on to the sweep.
    return { ...r, stopped: "error", error: e instanceof Error ? e.message : String(e) };
  }
}
