import { underReviewSql } from "../wallet/balance-parts";
import type { SettleRule } from "../../../../common/earning-policy";
import type { Db } from "../../client";
import { dayNumberSql, memberNumSql, sideNumberSql } from "../archive/kept-numbers";
import { memberDayKeySql } from "../archive/archive-member-days";
import { unpaidReasonSql } from "./rule-predicates";

const UNPAID_REASON = unpaidReasonSql("v");

export type MyViewRow = {
  id: string;
  contentId: string;
  title: string;
  type: "video" | "audio";
  /** 0 or 1: the item was deleted since; the view is kept and still explained (docs/decisions/028). */
  contentDeleted: number;
  durationMs: number;
  startedAt: string;
  status: "open" | "qualified" | "credited" | "unearnable" | "ended";
  endReason: "expired" | "another_session" | "completed" | "not_delivered" | null;
  watchTimeMs: number;
  maxPositionMs: number;
  viewerId: string;
  creatorId: string;
  earningMicros: number | null;
  availableAt: string | null;
  reversed: 0 | 1;
  /** Why the reversal took it back: a fraud rule, "takedown", "suspended_viewer" or "suspended_creator". */
  reversalReason: string | null;
  /**
   * For a settled view that paid this side nothing: the first rule of the earning policy that refused it
   * (rule-predicates.ts); null otherwise.
   */
  unpaidReason: SettleRule | null;
  underReview: 0 | 1;
  /** 1: this side's reward is a granted appeal's give-back (docs/decisions/096). */
  givenBack: 0 | 1;
};

/**
 * One member's views of one UTC day, as viewer or as creator, newest first, with the facts that explain
 * each (view-outcome.ts): this side's earning and whether it was reversed or is under review, and for a settled
 * view without it, the earning rule that refused it (rule-predicates.ts). Served by views_viewer_started_idx or
 * views_creator_started_idx; one row more than the limit tells the caller the day was cut.
 */
export async function viewsOfDay(
  db: Db,
  q: { userId: string; side: "viewer" | "creator"; day: string; limit: number },
) {
  const who = q.side === "viewer" ? "v.viewer_id" : "v.creator_id";
  const { results } = await db.$client
    .prepare(
      `select v.id, v.content_id as contentId, c.title, c.type, (c.deleted_at is not null) as contentDeleted, c.duration_ms as durationMs, v.started_at as startedAt,
         v.status, v.end_reason as endReason, v.watch_time_ms as watchTimeMs, v.max_position_ms as maxPositionMs,
         v.viewer_id as viewerId, v.creator_id as creatorId,
         e.amount_micros as earningMicros, e.available_at as availableAt,
         exists (select 1 from reversals r where r.earning_id = e.id) as reversed,
         (select r.reason from reversals r where r.earning_id = e.id) as reversalReason,
         case when e.id is null and v.status in ('credited', 'unearnable') then ${UNPAID_REASON} end as unpaidReason,
         case when e.id is null then 0 else ${underReviewSql("e")} end as underReview,
         coalesce(e.generation > 0, 0) as givenBack
       from views v join content c on c.id = v.content_id
       -- This side's newest reward: a granted appeal's give-back, when there is one, stands for the reversed reward
       -- it gives back (docs/decisions/096).
       left join earnings e on e.view_id = v.id and e.kind = ?2
         and not exists (select 1 from earnings n where n.view_id = v.id and n.kind = ?2 and n.generation > e.generation)
       where ${who} = ?1 and v.started_at >= ?3 and v.started_at < ?4
       order by v.started_at desc, v.id desc limit ?5`,
    )
    // Every timestamp of the day sorts between "<day>T00" and "<day>T24".
    .bind(q.userId, q.side, `${q.day}T00`, `${q.day}T24`, q.limit + 1)
    .all<MyViewRow>();
  return results;
}

// The member's key in the member-days dataset's parts (archive-member-days.ts).
const MEMBER_KEY = memberDayKeySql(memberNumSql("?1"), sideNumberSql("?2"));

export type ArchivedDayRow = { views: number; qualified: number; credited: number; micros: number; reversed: number };

/**
 * The member's summary of one day and side, when that day of views is archived (an archive_days row of dataset
 * 'views', done or under way); null when it is not. Read from member_view_days, which triggers keep for every
 * view from its insert on (migration 0025), so it is the same before and after the archive; a day without views
 * on this side reads as zeros. It names the member, the side and the day by number (docs/decisions/058).
 * `inD1` 0 means D1 holds no row: none was ever written, or it followed the day's views to R2 (the member-days
 * dataset, decision 061): then `objectKey` names the part whose key range holds it, read in the same statement
 * (domain/archive/member-day-summary.ts), and `num`, `sideNum` find its line.
 */
export async function archivedDaySummary(db: Db, q: { userId: string; side: "viewer" | "creator"; day: string }) {
  return db.$client
    .prepare(
      `select coalesce(m.views, 0) as views, coalesce(m.qualified, 0) as qualified, coalesce(m.credited, 0) as credited,
         coalesce(m.micros, 0) as micros, coalesce(m.reversed, 0) as reversed, m.user_num is not null as inD1,
         ${memberNumSql("?1")} as num, ${sideNumberSql("?2")} as sideNum,
         case when m.user_num is null then (select p.object_key from archive_parts p
           where p.dataset = 'member-days' and p.day = ?3 and ${MEMBER_KEY} > p.after_key and ${MEMBER_KEY} <= p.last_key) end as objectKey
       from archive_days d left join member_view_days m
         on m.user_num = ${memberNumSql("?1")} and m.side = ${sideNumberSql("?2")} and m.day = ${dayNumberSql("d.day")}
       where d.dataset = 'views' and d.day = ?3`,
    )
    .bind(q.userId, q.side, q.day)
    .first<ArchivedDayRow & { inD1: number; num: number; sideNum: number; objectKey: string | null }>();
}
