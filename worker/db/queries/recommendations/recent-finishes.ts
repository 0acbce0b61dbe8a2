// The recommender's week of finished items (recent_finishes, docs/decisions/060): not evidence, so the data lifecycle
// deletes the days before the ones it keeps, a slice at a time along the primary key (day first).

/** Deletes up to `limit` rows of days before `beforeDay` (a day number), oldest first; returns how many. */
export async function deleteFinishesBefore(d1: D1Database, beforeDay: number, limit: number) {
  const res = await d1
    .prepare(
      `delete from recent_finishes where (day, viewer_num, content_id) in (
         select day, viewer_num, content_id from recent_finishes where day < ?1 order by day, viewer_num, content_id limit ?2)`,
    )
    .bind(beforeDay, limit)
    .run();
  return res.meta.changes ?? 0;
}
