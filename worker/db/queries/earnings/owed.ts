import type { Db } from "../../client";
import { NOTICE_ARM_SQL } from "./credit-notices";

/**
 * What a member is owed and not yet settled: their own qualified views, and whether a sign-on bonus waits;
 * and their credited-notice mark, with whether credits past it wait to be told (docs/decisions/033).
 */
export type Owed = { viewIds: string[]; bonusPending: boolean; notice: { seenRowid: number; pending: boolean } };

export const OWED_SQL = `select id, 'view' as kind, null as mark from (select id from views where viewer_id = ?1 and status = 'qualified' order by qualified_at limit ?2)
  union all
  select id, 'bonus', null from bonuses where user_id = ?1 and status = 'pending' and kind = 'signon'
    and (review_reasons is null or review_reasons = '')
  union all
  ${NOTICE_ARM_SQL}`;

/**
 * One indexed read (docs/architecture.md §4 "The earnings job"): the caller's qualified views waiting to be
 * settled (views_viewer_pending_idx, a partial index of pending rows only, so a member with years of views
 * costs the same as a new one) and whether their sign-on bonus waits for its check or its award
 * (bonuses_user_idx). At most `limit` views; the cron settles whatever is left. The same read says whether
 * credits wait to be told (credit-notices.ts), so an idle poll stays this one read, with no write.
 */
export async function owedTo(db: Db, userId: string, limit: number): Promise<Owed> {
  const { results } = await db.$client
    .prepare(OWED_SQL)
    .bind(userId, limit)
    .all<{ id: string; kind: "view" | "bonus" | "notice" | "mark"; mark: number | null }>();
  const mark = results.find((r) => r.kind === "notice" || r.kind === "mark");
  return {
    viewIds: results.filter((r) => r.kind === "view").map((r) => r.id),
    bonusPending: results.some((r) => r.kind === "bonus"),
    notice: { seenRowid: mark?.mark ?? 0, pending: mark?.kind === "notice" },
  };
}
