import type { Db } from "../../client";
import { earningHeldSql } from "../wallet/balance-parts";

export type PurgeableMedia = { id: string; r2Key: string; thumbnailKey: string | null };

// ?1 deleted before (now − grace), ?2 now, ?3 limit. Deleted items whose objects are still stored, oldest
// deletion first (content_purge_idx), that nothing still needs: no reward of one of its views pending (in
// its hold or under an open fraud flag: views_content_idx, then each view's earnings) and no open report
// (reports_open_content_idx). Media of an item someone is still deciding about stays until they decided.
const PURGEABLE = `select c.id, c.r2_key as r2Key, c.thumbnail_key as thumbnailKey from content c
  where c.deleted_at is not null and c.media_purged_at is null and c.deleted_at < ?1
    and not exists (select 1 from views v join earnings e on e.view_id = v.id
      where v.content_id = c.id and ${earningHeldSql("e", "?2")})
    and not exists (select 1 from reports r where r.content_id = c.id and r.status = 'open')
  order by c.deleted_at, c.id limit ?3`;

/** Up to `limit` deleted items whose media may go now (docs/decisions/028). */
export async function findPurgeableMedia(db: Db, p: { deletedBefore: string; now: string; limit: number }) {
  const { results } = await db.$client.prepare(PURGEABLE).bind(p.deletedBefore, p.now, p.limit).all<PurgeableMedia>();
  return results;
}

/** Records that the items' objects are gone, so the purge handles each item once. */
export async function markMediaPurged(db: Db, ids: string[], now: string) {
  if (!ids.length) return;
  await db.$client
    .prepare(
      `update content set media_purged_at = ?1 where id in (select value from json_each(?2)) and media_purged_at is null`,
    )
    .bind(now, JSON.stringify(ids))
    .run();
}
