// How long the bell's rows stay (docs/decisions/055): a notification dated (`at`, the latest event it tells)
// more than `notifications_keep_days` ago is deleted, read or unread, a bounded slice per statement along
// notifications_day_idx (the UTC day of `at`, which never changes: decision 089). Nothing counts notifications in a row of its own (the bell counts the member's unread rows when
// it is read, docs/decisions/086), so deleting rows leaves no count to correct.
import { NOTIFICATIONS_UPLOAD_MARK_MIN_DAYS } from "../../../../common/data-lifecycle";
import { NOTIFICATIONS_KEEP_DAYS_SQL } from "./archive-settings";

/**
 * The keep window as it applies now, the instant before which a notification goes, and the one before which an
 * upload's read mark goes (never while the bell may still tell the upload: decision 057).
 */
export async function notificationsCutoff(d1: D1Database, now: string) {
  const at = (days: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ?1, '-' || ${days} || ' days')`;
  return (await d1
    .prepare(
      `select ${NOTIFICATIONS_KEEP_DAYS_SQL} as keepDays, ${at(NOTIFICATIONS_KEEP_DAYS_SQL)} as before,
         ${at(`max(${NOTIFICATIONS_KEEP_DAYS_SQL}, ${NOTIFICATIONS_UPLOAD_MARK_MIN_DAYS})`)} as uploadsBefore`,
    )
    .bind(now)
    .first<{ keepDays: number; before: string; uploadsBefore: string }>())!;
}

/** ?1 the instant before which a notification goes, ?2 the slice, ?3 the instant before which an upload's read mark goes. */
export const DELETE_NOTIFICATIONS_SQL = `delete from notifications where id in (
    select n.id from notifications n
    where n.day <= substr(?1, 1, 10) and n.at < ?1 and (n.kind <> 'upload' or n.at < ?3)
      and not (n.kind = 'bonus_held' and exists (select 1 from bonuses b where b.id = n.ref and b.status = 'pending'))
    order by n.day limit ?2)`;

/**
 * Deletes up to `limit` notifications dated before `before` (an upload's read mark only before `uploadsBefore`),
 * oldest first; returns how many it deleted. Run again, it goes on where the last one stopped, and deletes nothing
 * once none is left.
 *
 * A sign-on bonus held for review is told by every earnings job run while it waits (`on conflict do nothing`
 * keeps it to one row), so its notice stays while the bonus is pending: deleted earlier, the next run would
 * write it again as new and unread.
 */
export async function deleteNotificationsBefore(
  d1: D1Database,
  cutoff: { before: string; uploadsBefore: string },
  limit: number,
) {
  const res = await d1.prepare(DELETE_NOTIFICATIONS_SQL).bind(cutoff.before, limit, cutoff.uploadsBefore).run();
  return res.meta.changes ?? 0;
}
