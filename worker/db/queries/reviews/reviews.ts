import type { Db } from "../../client";
import { reversedNoticeSql } from "../notifications/notification-writes";
import type { ReviewRuleName } from "./review-rules";

export type ReviewRow = {
  id: string;
  rule: ReviewRuleName;
  status: "open" | "reversed" | "cleared";
  evidence: string;
  createdAt: string;
  decidedAt: string | null;
  decidedByEmail: string | null;
  note: string | null;
  /** JSON array of { id, email, username, created_at }. */
  users: string;
  earningsCount: number;
  viewsCount: number;
  /** What reversing takes back: the covered earnings, or the flagged bonus (`bonus_risk`). */
  amountMicros: number;
};

const REVIEWS_LIMIT = 200;

/** Flags newest first, with the accounts involved and the earnings each covers (open ones, or all). */
export async function listReviews(db: Db, status: "open" | "all", id?: string) {
  const { results } = await db.$client
    .prepare(
      `select rv.id, rv.rule, rv.status, rv.evidence, rv.created_at as createdAt, rv.decided_at as decidedAt,
         (select email from users where id = rv.decided_by) as decidedByEmail, rv.note,
         (select json_group_array(json_object('id', u.id, 'email', u.email, 'username', u.username, 'created_at', u.created_at))
            from json_each(rv.user_ids) j join users u on u.id = j.value) as users,
         (select count(*) from review_earnings re where re.review_id = rv.id) as earningsCount,
         (select count(distinct e.view_id) from review_earnings re join earnings e on e.id = re.earning_id where re.review_id = rv.id) as viewsCount,
         (select coalesce(sum(e.amount_micros), 0) from review_earnings re join earnings e on e.id = re.earning_id where re.review_id = rv.id)
           + coalesce((select b.total_micros from bonuses b where rv.rule = 'bonus_risk' and b.id = rv.subject), 0) as amountMicros
       from reviews rv
       where (?1 = 'all' or rv.status = 'open') and (?2 is null or rv.id = ?2)
       order by rv.created_at desc, rv.id desc limit ?3`,
    )
    .bind(status, id ?? null, REVIEWS_LIMIT)
    .all<ReviewRow>();
  return results;
}

export type ReviewSettlement = {
  reviewId: string;
  actorId: string;
  now: string;
  note: string;
  status: "reversed" | "cleared";
  auditId: string;
};

/**
 * Settles an open flag in one batch (?1 review, ?2 actor, ?3 now, ?4 note, ?5 new status): the status change,
 * for "reversed" the reversal rows — the negative of each covered earning not reversed yet, on its side, or
 * of the flagged sign-on bonus (`bonus_reversals`; the bonus row is never deleted or edited) — and the audit
 * row. The later statements run only when this batch's status change took effect, so two
 * admins deciding at once settle it once.
 */
function decideReviewStatements(d1: D1Database, p: ReviewSettlement) {
  const decidedHere = `exists (select 1 from reviews where id = ?1 and status = ?5 and decided_at = ?3 and decided_by = ?2)`;
  const params = [p.reviewId, p.actorId, p.now, p.note, p.status, p.auditId];
  // D1 wants exactly as many values as the statement's highest placeholder.
  const bind = (text: string) =>
    d1.prepare(text).bind(...params.slice(0, Math.max(...[...text.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])))));
  const statements = [
    bind(
      `update reviews set status = ?5, decided_by = ?2, decided_at = ?3, note = ?4 where id = ?1 and status = 'open'`,
    ),
  ];
  if (p.status === "reversed") {
    statements.push(
      bind(`insert into reversals (earning_id, user_id, side, view_id, amount_micros, reason, review_id, created_by, created_at)
        select e.id, e.user_id, e.kind, e.view_id, -e.amount_micros, rv.rule, rv.id, ?2, ?3
        from review_earnings re join reviews rv on rv.id = re.review_id join earnings e on e.id = re.earning_id
        where re.review_id = ?1 and e.kind in ('viewer', 'creator') and ${decidedHere}
        on conflict (earning_id) do nothing`),
      bind(`insert into bonus_reversals (bonus_id, user_id, amount_micros, reason, review_id, created_by, created_at)
        select b.id, b.user_id, -b.total_micros, rv.rule, rv.id, ?2, ?3
        from reviews rv join bonuses b on b.id = rv.subject
        where rv.id = ?1 and rv.rule = 'bonus_risk' and b.status = 'awarded' and b.total_micros > 0 and ${decidedHere}
        on conflict (bonus_id) do nothing`),
      // The bell (docs/decisions/046): this decision's reversals, told per member and day.
      ...reversedNoticeSql(`r.review_id = ?1 and r.created_at = ?3 and ${decidedHere}`).map(bind),
    );
  }
  statements.push(
    bind(`insert into audit_log (id, actor_id, action, entity, entity_id, before, after, created_at)
      select ?6, ?2, 'update', 'review', ?1, json_object('status', 'open'),
        json_object('status', ?5, 'note', ?4,
          'reversed_micros', (select coalesce(-sum(amount_micros), 0) from reversals where review_id = ?1 and created_at = ?3)
            + (select coalesce(-sum(amount_micros), 0) from bonus_reversals where review_id = ?1 and created_at = ?3)),
        ?3
      where ${decidedHere} and not exists (select 1 from audit_log where entity = 'review' and entity_id = ?1)`),
  );
  return statements;
}

/** Returns whether this batch settled the flag (false: another decision came first). */
export async function settleReview(db: Db, p: ReviewSettlement): Promise<boolean> {
  const [changed] = await db.$client.batch(decideReviewStatements(db.$client, p));
  return Boolean(changed?.meta.changes);
}
