import { VIEW_REWARD_MICROS } from "../../../../common/earning-policy";
import { newId } from "../../../lib/ids";
import type { Db } from "../../client";
import { tellCreditsStatement, toldMicros } from "./credit-notices";
import { creditedNoticeSql } from "../notifications/notification-writes";
import { heldUntilSql } from "./earning-rule-settings";
import { keptReasonSql, paysSql, viewOf } from "./rule-predicates";

/**
 * The three statements that settle one qualified view, run inside one D1 batch (one transaction, and D1 runs
 * transactions one at a time). Every step is conditional, so a view settled by a concurrent run is a no-op:
 *  1–2. when no rule of the earning policy refuses the view (rule-predicates.ts: own content, moderation, the
 *     network's and the day's caps, the shortest earning length, the media floor; docs/decisions/067), pay viewer
 *     and creator VIEW_REWARD_MICROS each, at most once per side (unique (view_id, kind, generation), generation 0), held for
 *     earnings_hold_days (docs/decisions/019);
 *  3. close the view in one write: paid, it takes the next free earnable place of the day for (viewer, content)
 *     and is credited; refused, it is unearnable, with the reason when a rule whose facts can change later refused
 *     it (moderation, the network cap), as it was now.
 * The rules read views, content, users and settings, none of which the rewards' triggers write, so steps 1–3 judge
 * the view alike. The view's row is written once, not once for its place and again for its status
 * (docs/decisions/081-fewer-rows-per-paid-view.md). A view of a hidden item, or by a suspended viewer, is paid on
 * neither side.
 */
const VIEW = viewOf("views");
const PAYS = paysSql(VIEW);

/** The view's reward for one side, when it still waits to be settled and nothing refuses to pay it. */
const rewardSql = (side: "viewer" | "creator") =>
  `insert into earnings (id, user_id, kind, view_id, content_id, amount_micros, created_at, available_at)
      select ?1, ${side}_id, '${side}', id, content_id, ?2, ?3, ${heldUntilSql("?3")}
      from views where id = ?4 and status = 'qualified' and credit_slot is null
        and ${PAYS}
      on conflict (view_id, kind, generation) do nothing`;

function settleView(d1: D1Database, viewId: string, now: string, earningIds: [string, string]) {
  const q = (text: string, ...params: unknown[]) => d1.prepare(text).bind(...params);
  return [
    // A view reward's description stays '' (the column's default): its kind and view say what it is, and a fixed
    // sentence in every row was a sixth of the row (docs/decisions/060). Manual rows keep what the admin wrote.
    q(rewardSql("viewer"), earningIds[0], VIEW_REWARD_MICROS, now, viewId),
    q(rewardSql("creator"), earningIds[1], VIEW_REWARD_MICROS, now, viewId),
    // SQLite evaluates every SET expression on the row as it was, so each one asks the rules itself.
    q(
      `update views set
        credit_slot = case when ${PAYS} then (
          select coalesce(max(v2.credit_slot), 0) + 1 from views v2
          where v2.viewer_id = views.viewer_id and v2.content_id = views.content_id
            and v2.qualified_day = views.qualified_day and v2.credit_slot is not null) end,
        status = case when ${PAYS} then 'credited' else 'unearnable' end,
        unpaid_reason = case when ${PAYS} then null else ${keptReasonSql(VIEW)} end
      where id = ?1 and status = 'qualified' returning id`,
      viewId,
    ),
  ];
}

/**
 * What one batch did: how many views it closed (a concurrent run's are not counted), and what it told the
 * caller of their own credits when asked to (credit-notices.ts).
 */
export type Settled = { views: number; toldMicros: number };

/** Whose credited notice to advance after the batch, from the mark their poll read (docs/decisions/033). */
export type TellAfter = { userId: string; seenRowid: number };

/**
 * Settles the given qualified views in one D1 batch; with `tell`, the same batch ends by telling that member
 * what was credited to them since their mark, these views included, so the poll stays within its round trips.
 */
export async function settleViewBatch(db: Db, viewIds: string[], now: string, tell?: TellAfter): Promise<Settled> {
  const settled: Settled = { views: 0, toldMicros: 0 };
  if (!viewIds.length) return settled;
  // Raw D1 statements: the job's SQL is conditional on itself, which drizzle's builders cannot express.
  const earningIds = viewIds.map((): [string, string] => [newId(), newId()]);
  const statements = viewIds.flatMap((id, i) => settleView(db.$client, id, now, earningIds[i]!));
  // The bell's notices of what this batch credited, per member and day (docs/decisions/046): after the views'
  // statements, so "every third closes a view" below still holds.
  const ids = JSON.stringify(earningIds.flat());
  statements.push(...creditedNoticeSql("?1").map((text) => db.$client.prepare(text).bind(ids)));
  if (tell) statements.push(tellCreditsStatement(db.$client, tell.userId, tell.seenRowid));
  const results = await db.$client.batch(statements);
  if (tell) settled.toldMicros = toldMicros(results.pop() as D1Result<{ told_micros: number }>);
  results.forEach((result, i) => {
    // Every third statement closes a view; the row it returns says this run did it. Not its change count: D1
    // counts the rows the views' triggers write too (the aggregates of migration 0025).
    if (i % 3 === 2) settled.views += result.results.length;
  });
  return settled;
}

/**
 * The oldest qualified views not settled yet, site-wide: a scan of the partial index of pending rows
 * (views_viewer_pending_idx, pending rows only, so the read follows the backlog, not the table) and a sort of
 * them. No index keeps them by time alone: that one was a row written per qualified view (docs/decisions/081).
 */
export const PENDING_VIEWS_SQL =
  "select id from views indexed by views_viewer_pending_idx where status = 'qualified' order by qualified_at limit ?1";

export async function pendingQualifiedViews(db: Db, limit: number): Promise<string[]> {
  const { results } = await db.$client.prepare(PENDING_VIEWS_SQL).bind(limit).all<{ id: string }>();
  return results.map((v) => v.id);
}
