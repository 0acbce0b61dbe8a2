import type { Db } from "../../client";
import { PUBLIC_COMMENT_SQL } from "../comments/comments";

type StatsItemRow = { createdBy: string; deletedAt: string | null; title: string };
export type StatsDayRow = {
  day: string;
  views: number;
  qualified_views: number;
  watched_ms: number;
  ai_recommended: number;
  search: number;
  browse: number;
  follow: number;
  shared_link: number;
  creator_micros: number;
};
type RetentionBucketRow = { bucket: number; views: number };
export type ContentStatsRows = {
  item: StatsItemRow | null;
  durationMs: number;
  days: StatsDayRow[];
  buckets: RetentionBucketRow[];
  /** The comments the public sees under the item (docs/decisions/095). */
  commentCount: number;
};

/**
 * Everything the studio shows for one item (docs/decisions/048), in one batch of three primary-key reads:
 * the item (who made it, whether it is deleted, its duration), its day rows from `fromDay` (at most 90) and
 * its retention buckets (at most 101); and its public comment count, counted from its comment rows (the item's
 * range of comments_content_parent_idx, the player's rule: docs/decisions/095). The rows are kept by migration 0020's triggers, so the cost does not
 * grow with the item's views.
 */
export async function readContentStats(db: Db, contentId: string, fromDay: string): Promise<ContentStatsRows> {
  const [item, days, buckets, comments] = await db.$client.batch<Record<string, unknown>>([
    db.$client.prepare("select created_by, deleted_at, duration_ms, title from content where id = ?1").bind(contentId),
    db.$client
      .prepare(
        `select day, views, qualified_views, watched_ms, ai_recommended, search, browse, follow, shared_link, creator_micros
         from content_day_stats where content_id = ?1 and day >= ?2 order by day`,
      )
      .bind(contentId, fromDay),
    db.$client
      .prepare("select bucket, views from content_retention where content_id = ?1 and views > 0")
      .bind(contentId),
    db.$client
      .prepare(`select count(*) as n from comments cm where cm.content_id = ?1 and ${PUBLIC_COMMENT_SQL}`)
      .bind(contentId),
  ]);
  const row = item.results[0] as
    { created_by: string; deleted_at: string | null; duration_ms: number; title: string } | undefined;
  return {
    item: row ? { createdBy: row.created_by, deletedAt: row.deleted_at, title: row.title } : null,
    durationMs: row?.duration_ms ?? 0,
    days: days.results as StatsDayRow[],
    buckets: buckets.results as RetentionBucketRow[],
    commentCount: Number((comments.results[0] as { n: number } | undefined)?.n ?? 0),
  };
}
