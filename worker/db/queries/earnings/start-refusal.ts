import { START_RULES, type StartRule } from "../../../../common/earning-policy";
import type { Db } from "../../client";
import { startRefusalSql, type ViewRef } from "./rule-predicates";

// What the player's indicator says from the start (docs/decisions/035): the earning rules a view that starts now
// already fails, judged by the same SQL the earnings job pays by (rule-predicates.ts).

/** A view of item ?2 by viewer ?1 starting on UTC day ?3; it has no address of its own yet (no network cap). */
const STARTING: ViewRef = {
  viewer: "?1",
  creator: "(select created_by from content where id = ?2)",
  content: "?2",
  day: "?3",
  ipHash: "''",
};
const START_REFUSAL = `select ${startRefusalSql(STARTING, START_RULES)} as rule`;

/**
 * The first earning rule (in the player's order) that refuses a view of the item starting now, or null: the
 * moderation standing of both sides, own content, the item's length and media, and the day's caps once their
 * places are already taken (a view still qualifying elsewhere may fill them later, which the wallet then tells).
 * The caps' counts are seeks of views_credit_slot_unique (≤ the daily cap rows).
 */
export async function startRefusal(
  db: Db,
  q: { viewerId: string; contentId: string; day: string },
): Promise<StartRule | null> {
  const row = await db.$client
    .prepare(START_REFUSAL)
    .bind(q.viewerId, q.contentId, q.day)
    .first<{ rule: StartRule | null }>();
  return row?.rule ?? null;
}
