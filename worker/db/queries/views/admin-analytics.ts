import { sql } from "drizzle-orm";
import type { Db } from "../../client";

const TOP = 10;

export type TopContentRow = {
  id: string;
  title: string;
  type: "video" | "audio";
  view_count: number;
  watch_ms: number;
};
export type TopViewerRow = { user_id: string; email: string; last_activity: string; watch_ms: number };
export type TopEarnerRow = { user_id: string; email: string; content_count: number; total: number };
export type DiscoveryRow = { method: "ai_recommended" | "search" | "browse"; n: number };

/**
 * The admin analytics tab's lists: most watched items, most watching viewers, top creator earners, discovery
 * methods. Items and item counts are the ones still in the product (a deleted item is left out,
 * docs/decisions/028); watching, earnings and discovery count every view, whatever was deleted since. Top earners
 * add the creator side's opening balances (closed periods' folded rewards, docs/decisions/052).
 * They are credited rewards before reversals, so a reward a granted appeal gave back counts once (its first row,
 * generation 0: docs/decisions/096).
 * The view figures come from the all-time totals the view triggers keep (every view, archived ones too:
 * docs/decisions/053), so they never need the view rows.
 */
export async function adminAnalyticsRows(db: Db) {
  const [topContent, topUsers, topEarners, discovery] = await Promise.all([
    db.all<TopContentRow>(sql`
      select c.id, c.title, c.type, t.qualified as view_count, t.watch_ms
      from content_view_totals t join content c on c.id = t.content_id where c.deleted_at is null
      order by view_count desc, watch_ms desc limit ${TOP}`),
    db.all<TopViewerRow>(sql`
      select t.viewer_id as user_id, u.email, t.last_event_at as last_activity, t.watch_ms
      from viewer_view_totals t join users u on u.id = t.viewer_id
      order by watch_ms desc limit ${TOP}`),
    db.all<TopEarnerRow>(sql`
      select e.user_id, u.email, (select count(*) from content c where c.created_by = e.user_id and c.deleted_at is null) as content_count,
        sum(e.amount_micros) as total
      from (select user_id, amount_micros from earnings where kind in ('creator', 'manual') and generation = 0
            union all select b.id, o.amount_micros from opening_balances o join users b on b.num = o.user_num where o.side = 1) e
        join users u on u.id = e.user_id
      group by e.user_id order by total desc limit ${TOP}`),
    db.all<DiscoveryRow>(sql`
      select method, views as n from view_discovery_totals order by n desc`),
  ]);
  return { topContent, topUsers, topEarners, discovery };
}
