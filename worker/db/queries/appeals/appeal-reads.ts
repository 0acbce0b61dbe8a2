import type { Db } from "../../client";
import { giveBackMicrosSql } from "../moderation/give-backs";

// What appeals look like to the admins and to the member who sent them (docs/decisions/092).

/** The action `a` is still in force: the newest of its kind on its item or member, which is still removed or suspended. */
export const IN_FORCE = `(a.id = (select l.id from audit_log l where l.entity = a.entity and l.entity_id = a.entity_id
    and l.action = a.action order by l.created_at desc, l.id desc limit 1)
  and case a.action
    when 'takedown' then exists (select 1 from content c where c.id = a.entity_id and c.removed_at is not null)
    when 'suspend' then exists (select 1 from users u where u.id = a.entity_id and u.suspended_at is not null)
    when 'comment_takedown' then exists (select 1 from comments k where k.id = a.entity_id and k.removed_at is not null)
    else 0 end)`;

const REPORTS_SHOWN = 10;

/** What can be appealed: an item's takedown, a suspension, a comment's takedown (docs/decisions/095). */
type AppealedAction = "takedown" | "suspend" | "comment_takedown";

/**
 * The reports behind the action `a`, newest first, as a JSON array of { reason, note, created_at }: for a
 * takedown, the item's reports it acted on (reports_content_created_idx); for a suspension, the reports the
 * member's items received (content_creator_created_idx, then by item); for a comment takedown, the comment's
 * reports it acted on (comment_reports_comment_created_idx, docs/decisions/095).
 */
const REPORTS = `(select json_group_array(json_object('reason', reason, 'note', note, 'created_at', at)) from (
    select reason, note, at from (
      select r.reason, r.note, r.updated_at as at, r.id from reports r
      where (a.action = 'takedown' and r.content_id = a.entity_id and r.status = 'actioned')
         or (a.action = 'suspend' and r.content_id in (select id from content where created_by = a.entity_id))
      union all
      select r.reason, r.note, r.updated_at as at, r.id from comment_reports r
      where a.action = 'comment_takedown' and r.comment_id = a.entity_id and r.status = 'actioned')
    order by at desc, id desc limit ${REPORTS_SHOWN}))`;

/** The columns of an AdminAppealRow, over APPEAL_ADMIN_FROM. */
export const APPEAL_ADMIN_COLUMNS = `p.id, p.text, p.status, p.decision_note as decisionNote, p.created_at as createdAt,
  p.decided_at as decidedAt, d.email as decidedByEmail,
  p.user_id as userId, u.email as userEmail, coalesce(u.username, 'Member ' || upper(substr(u.id, -6))) as userName,
  (u.suspended_at is not null) as userSuspended,
  a.id as actionId, a.action, a.entity_id as entityId, coalesce(json_extract(a.after, '$.note'), '') as actionNote,
  a.created_at as actedAt, x.email as actorEmail,
  c.id as contentId, c.title, (c.removed_at is not null) as contentRemoved, (c.deleted_at is not null) as contentDeleted,
  k.body as commentText, (k.removed_at is not null) as commentRemoved, (k.deleted_at is not null) as commentDeleted,
  ${REPORTS} as reports,
  case p.status when 'open' then ${giveBackMicrosSql("p")}
    when 'reversed' then coalesce((select json_extract(g.after, '$.given_back_micros') from audit_log g
      where g.entity = 'appeal' and g.entity_id = p.id and g.action = 'appeal_reversed'), 0)
    else 0 end as giveBackMicros`;

// A comment takedown's item is the comment's: `c` is the item either way, `k` the comment (docs/decisions/095).
export const APPEAL_ADMIN_FROM = `from appeals p join audit_log a on a.id = p.action_id join users u on u.id = p.user_id
  left join users x on x.id = a.actor_id left join users d on d.id = p.decided_by
  left join comments k on a.entity = 'comment' and k.id = a.entity_id
  left join content c on c.id = case a.entity when 'content' then a.entity_id when 'comment' then k.content_id end`;

export type AdminAppealRow = {
  id: string;
  text: string;
  status: "open" | "upheld" | "reversed" | "moot";
  decisionNote: string;
  createdAt: string;
  decidedAt: string | null;
  decidedByEmail: string | null;
  userId: string;
  userEmail: string;
  userName: string;
  /** 0 or 1. */
  userSuspended: number;
  actionId: string;
  action: AppealedAction;
  entityId: string;
  actionNote: string;
  actedAt: string;
  actorEmail: string | null;
  /** The item: taken down, or the one the taken-down comment is under; null for a suspension. */
  contentId: string | null;
  title: string | null;
  contentRemoved: number | null;
  contentDeleted: number | null;
  /** For a comment takedown: the comment's words, and whether it is still taken down, or deleted. */
  commentText: string | null;
  commentRemoved: number | null;
  commentDeleted: number | null;
  /** JSON array of { reason, note, created_at }. */
  reports: string;
  /** What reversing would give back (open) or gave back (reversed), docs/decisions/096. */
  giveBackMicros: number;
};

const ADMIN_LIST_LIMIT = 100;

const ADMIN_LISTS = {
  // Oldest first, so no appeal waits behind newer ones: appeals_open_created_idx (open rows only).
  open: `select ${APPEAL_ADMIN_COLUMNS} ${APPEAL_ADMIN_FROM} where p.status = 'open'
    order by p.created_at, p.id limit ?1`,
  // The latest decisions first: appeals_decided_idx.
  decided: `select ${APPEAL_ADMIN_COLUMNS} ${APPEAL_ADMIN_FROM} where p.status <> 'open'
    order by p.decided_at desc, p.id desc limit ?1`,
} as const;

/** The admins' list: open appeals (oldest first) or decided ones (latest decision first). */
export async function adminAppeals(db: Db, status: "open" | "decided"): Promise<AdminAppealRow[]> {
  const { results } = await db.$client.prepare(ADMIN_LISTS[status]).bind(ADMIN_LIST_LIMIT).all<AdminAppealRow>();
  return results;
}

/** One appeal as the admins see it (null: no such appeal). */
export async function adminAppeal(db: Db, appealId: string): Promise<AdminAppealRow | null> {
  return db.$client
    .prepare(`select ${APPEAL_ADMIN_COLUMNS} ${APPEAL_ADMIN_FROM} where p.id = ?1`)
    .bind(appealId)
    .first<AdminAppealRow>();
}

export type AppealTargetRow = { status: AdminAppealRow["status"]; action: string; entityId: string };

/** What an appeal is about, for its decision: its state and its action's kind and target (null: no such appeal). */
export async function appealTarget(db: Db, appealId: string): Promise<AppealTargetRow | null> {
  return db.$client
    .prepare(
      `select p.status, a.action, a.entity_id as entityId from appeals p join audit_log a on a.id = p.action_id where p.id = ?1`,
    )
    .bind(appealId)
    .first<AppealTargetRow>();
}

const MY_ACTIONS_LIMIT = 100;

/** One action against the member, with their appeal of it if any. */
export type MyActionRow = {
  actionId: string;
  action: AppealedAction;
  /** The item, for a takedown, or the item a taken-down comment is under; null for a suspension. */
  contentId: string | null;
  title: string | null;
  /** For a comment takedown: the comment and its words. */
  commentId: string | null;
  commentText: string | null;
  /** The moderators' note on the action. */
  note: string;
  actedAt: string;
  /** 0 or 1. */
  inForce: number;
  appealId: string | null;
  text: string | null;
  status: AdminAppealRow["status"] | null;
  decisionNote: string | null;
  appealedAt: string | null;
  decidedAt: string | null;
};

// The takedowns of the member's items (not deleted), of their comments (not deleted) and their suspensions,
// newest first: audit_log_entity_idx for each branch (their comments by comments_author_idx), then each action's
// appeal by appeals_action_unique.
const MY_ACTIONS = `select a.id as actionId, a.action, c.id as contentId, c.title,
    k.id as commentId, k.body as commentText,
    coalesce(json_extract(a.after, '$.note'), '') as note, a.created_at as actedAt, ${IN_FORCE} as inForce,
    p.id as appealId, p.text, p.status, p.decision_note as decisionNote, p.created_at as appealedAt, p.decided_at as decidedAt
  from audit_log a left join comments k on a.entity = 'comment' and k.id = a.entity_id
    left join content c on c.id = case a.entity when 'content' then a.entity_id when 'comment' then k.content_id end
    left join appeals p on p.action_id = a.id
  where ((a.entity = 'user' and a.entity_id = ?1 and a.action = 'suspend')
     or (a.entity = 'content' and a.action = 'takedown'
       and a.entity_id in (select id from content where created_by = ?1 and deleted_at is null))
     or (a.entity = 'comment' and a.action = 'comment_takedown'
       and a.entity_id in (select id from comments where author_id = ?1 and deleted_at is null)))
  order by a.created_at desc, a.id desc limit ?2`;

/** The actions taken against a member (their items' and comments' takedowns, their suspensions), with their appeals. */
export async function myActions(db: Db, userId: string): Promise<MyActionRow[]> {
  const { results } = await db.$client.prepare(MY_ACTIONS).bind(userId, MY_ACTIONS_LIMIT).all<MyActionRow>();
  return results;
}
