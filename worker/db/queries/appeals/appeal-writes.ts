import type { Db } from "../../client";
import { prepareShared } from "../audit/audited-change";
import { notifyOnceSql } from "../notifications/notification-writes";
import { APPEAL_ADMIN_COLUMNS, APPEAL_ADMIN_FROM, IN_FORCE, type AdminAppealRow } from "./appeal-reads";

// Appeals' writes (docs/decisions/092), each one D1 batch that reads nothing first: a conditional insert or
// update, then the row read back, which also says why nothing was written. An appeal's reversal is not here: it
// is the admin's restore or reinstatement (db/queries/moderation/moderation-writes.ts).

/**
 * The action's audit row `a`, taken against member ?3: a takedown of an item of theirs (not deleted), their
 * suspension, or a takedown of a comment of theirs (not deleted; docs/decisions/095).
 */
const AGAINST_MEMBER = `((a.entity = 'user' and a.action = 'suspend' and a.entity_id = ?3)
  or (a.entity = 'content' and exists (select 1 from content c where c.id = a.entity_id and c.created_by = ?3 and c.deleted_at is null))
  or (a.entity = 'comment' and exists (select 1 from comments k where k.id = a.entity_id and k.author_id = ?3 and k.deleted_at is null)))`;

// ?1 the new appeal's id, ?2 the action's id, ?3 the member, ?4 the text, ?5 now, ?6 the oldest action time
// still open to appeal. One appeal per action (appeals_action_unique): a second insert does nothing.
const INSERT_APPEAL = `insert into appeals (id, action_id, user_id, text, status, created_at)
  select ?1, a.id, ?3, ?4, 'open', ?5 from audit_log a
  where a.id = ?2 and a.action in ('takedown', 'suspend', 'comment_takedown') and ${AGAINST_MEMBER} and ${IN_FORCE} and a.created_at >= ?6
  on conflict (action_id) do nothing`;

const APPEAL_READ_BACK = `select a.action, a.created_at as actedAt, ${AGAINST_MEMBER} as mine, ${IN_FORCE} as inForce,
    p.id as appealId, p.text, p.status, p.decision_note as decisionNote, p.created_at as createdAt, p.decided_at as decidedAt
  from audit_log a left join appeals p on p.action_id = a.id where a.id = ?2`;

export type AppealOutcomeRow = {
  action: string;
  actedAt: string;
  /** 0 or 1. */
  mine: number;
  inForce: number;
  appealId: string | null;
  text: string | null;
  status: AdminAppealRow["status"] | null;
  decisionNote: string | null;
  createdAt: string | null;
  decidedAt: string | null;
};

export type AppealWrite = { id: string; actionId: string; userId: string; text: string; now: string; since: string };

/** The appeal's insert, and the action with its appeal as the batch left them (null: no such action). */
export async function insertAppeal(db: Db, w: AppealWrite): Promise<AppealOutcomeRow | null> {
  const d1 = db.$client;
  const params = [w.id, w.actionId, w.userId, w.text, w.now, w.since];
  const results = await d1.batch([INSERT_APPEAL, APPEAL_READ_BACK].map((text) => prepareShared(d1, text, params)));
  return (results[1]!.results[0] as AppealOutcomeRow | undefined) ?? null;
}

// ?1 the appeal, ?2 the admin, ?3 now, ?4 the note, ?5 the decision's audit id.
const DONE = "exists (select 1 from audit_log where id = ?5)";

/**
 * Upholding changes nothing but the appeal: its audit row (written only while the appeal is open), the appeal
 * closed, and the member told (an item's title, or the note for a suspension, as the line's detail; a comment's
 * line is its own kind and names the item the comment is under).
 */
const UPHOLD = [
  `insert into audit_log (id, actor_id, action, entity, entity_id, before, after, created_at)
   select ?5, ?2, 'appeal_upheld', 'appeal', p.id, json_object('status', 'open'),
     json_object('status', 'upheld', 'note', ?4, 'action_id', p.action_id), ?3
   from appeals p where p.id = ?1 and p.status = 'open'`,
  `update appeals set status = 'upheld', decision_note = ?4, decided_by = ?2, decided_at = ?3
   where id = ?1 and status = 'open' and ${DONE}`,
  notifyOnceSql("appeal_upheld", "moderation", {
    user: "p.user_id",
    ref: "?1",
    subject: "case when a.entity = 'content' then a.entity_id end",
    detail: "case when a.entity = 'content' then (select title from content where id = a.entity_id) else ?4 end",
    at: "?3",
    rest: `from appeals p join audit_log a on a.id = p.action_id where p.id = ?1 and a.entity <> 'comment' and ${DONE}`,
  }),
  notifyOnceSql("comment_appeal_upheld", "moderation", {
    user: "p.user_id",
    ref: "?1",
    subject: "k.content_id",
    detail: "(select title from content where id = k.content_id)",
    at: "?3",
    rest: `from appeals p join audit_log a on a.id = p.action_id join comments k on k.id = a.entity_id
      where p.id = ?1 and a.entity = 'comment' and ${DONE}`,
  }),
  `select ${APPEAL_ADMIN_COLUMNS}, ${DONE} as done ${APPEAL_ADMIN_FROM} where p.id = ?1`,
];

export type UpheldAppealRow = AdminAppealRow & { done: number };

/** Upholds an open appeal; the appeal as the batch left it (null: no such appeal), `done` when this batch did it. */
export async function upholdAppealBatch(
  db: Db,
  w: { appealId: string; actorId: string; now: string; note: string; auditId: string },
): Promise<UpheldAppealRow | null> {
  const d1 = db.$client;
  const params = [w.appealId, w.actorId, w.now, w.note, w.auditId];
  const results = await d1.batch(UPHOLD.map((text) => prepareShared(d1, text, params)));
  return (results.at(-1)!.results[0] as UpheldAppealRow | undefined) ?? null;
}
