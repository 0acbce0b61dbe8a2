import type { ContentModerationAction, UserModerationAction } from "../../../../common/moderation";
import type { Db } from "../../client";
import { prepareShared } from "../audit/audited-change";
import { GIVE_BACK_STATEMENTS, givenBackMicrosSql } from "./give-backs";
import { earningHeldSql } from "../wallet/balance-parts";
import { notifyOnceSql, reversedNoticeSql } from "../notifications/notification-writes";
import { MODERATED_ITEM_COLUMNS, type ModeratedItemRow } from "./moderation-items";

// A moderation action is one D1 batch (docs/decisions/027): its audit row first, written only when the action
// applies (the conditional write's own condition), then the changes, each conditional on that audit row
// (its id is new per request, so "this batch did it" is one primary-key lookup), then the record read
// back. Two admins acting at once: the second batch finds the condition false and writes nothing. The audit
// row's id is the action's id, which its reversal rows name.
//
// Parameters every statement of one action shares: ?1 the item or member, ?2 the admin, ?3 now, ?4 the note,
// ?5 the audit row's id; for suspensions ?6 the administrators' emails (a JSON array). A restore or a
// reinstatement may grant an appeal (docs/decisions/092): its id (or null) is ?7 and its decision's audit id ?8.

export const DONE = "exists (select 1 from audit_log where id = ?5)";

/**
 * Held at the action's time by both its clock and the database's: a payment may only draw on what is
 * available, so no payment can have drawn on an earning this reverses (docs/decisions/019).
 */
const HELD = earningHeldSql("e", "max(?3, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))");

// The view rewards an action takes back, both sides of each view, as (earning, reason) rows.
const REVERSIBLE = {
  // Every held reward of a view of the item.
  item: `select e.id, e.user_id, e.kind, e.view_id, e.amount_micros, 'takedown' as reason
    from views v join earnings e on e.view_id = v.id
    where v.content_id = ?1 and e.kind in ('viewer', 'creator') and e.amount_micros > 0 and ${HELD}`,
  // Every held reward of a view the member was paid for, as viewer or as creator: views the member took part
  // in that paid, found through the member's own earnings (earnings_user_created_idx, then by view).
  member: `select e.id, e.user_id, e.kind, e.view_id, e.amount_micros,
      case when exists (select 1 from earnings m where m.view_id = e.view_id and m.kind = 'viewer' and m.user_id = ?1)
        then 'suspended_viewer' else 'suspended_creator' end as reason
    from earnings e
    where e.view_id in (select view_id from earnings where user_id = ?1 and kind in ('viewer', 'creator'))
      and e.kind in ('viewer', 'creator') and e.amount_micros > 0 and ${HELD}`,
} as const;

const reversedSum = (held: string) => `(select coalesce(sum(amount_micros), 0) from (${held}))`;

const reverse = (
  held: string,
) => `insert into reversals (earning_id, user_id, side, view_id, amount_micros, reason, review_id, created_by, created_at)
  select h.id, h.user_id, h.kind, h.view_id, -h.amount_micros, h.reason, ?5, ?2, ?3 from (${held}) h where ${DONE}
  on conflict (earning_id) do nothing`;

// The bell (docs/decisions/046): the item's creator, or the member, is told of the action once (keyed by the
// audit row, new per action), and everyone whose rewards it reversed, per day.
const toCreator = (kind: string, also = "") =>
  notifyOnceSql(kind, "moderation", {
    user: "c.created_by",
    ref: "?5",
    subject: "?1",
    detail: "c.title",
    at: "?3",
    rest: `from content c where c.id = ?1 and ${DONE} ${also}`,
  });
const REVERSED_NOTICES = reversedNoticeSql("r.review_id = ?5");

// An appeal's reversal is the admin's restore or reinstatement itself (docs/decisions/092): it applies only
// while the appeal (of an action on this item or member) is open, so an appeal upheld meanwhile is not undone.
export const APPEAL_STILL_OPEN = `(?7 is null or exists (select 1 from appeals p join audit_log a on a.id = p.action_id
  where p.id = ?7 and p.status = 'open' and a.entity_id = ?1))`;

// Undoing an action closes its open appeal: reversed when this is that appeal's reversal, otherwise moot (the
// action was undone another way). Appeals are keyed by the action's audit row.
export const closeAppeals = (
  entity: "content" | "user" | "comment",
  action: "takedown" | "suspend" | "comment_takedown",
) =>
  `update appeals set status = case when id = ?7 then 'reversed' else 'moot' end,
     decision_note = case when id = ?7 then ?4 else '' end, decided_by = ?2, decided_at = ?3
   where status = 'open' and action_id in (select id from audit_log where entity = '${entity}' and entity_id = ?1 and action = '${action}')
     and ${DONE}`;

// The decision's own audit row, naming the appeal, its action and the restore or reinstatement that granted it,
// and what it gave back (docs/decisions/096): after the give-backs, which it sums.
export const APPEAL_REVERSED_AUDIT = `insert into audit_log (id, actor_id, action, entity, entity_id, before, after, created_at)
  select ?8, ?2, 'appeal_reversed', 'appeal', p.id, json_object('status', 'open'),
    json_object('status', 'reversed', 'note', ?4, 'action_id', p.action_id, 'undone_by', ?5,
      'given_back_micros', ${givenBackMicrosSql()}), ?3
  from appeals p where p.id = ?7 and p.status = 'reversed' and ${DONE}`;

// A granted appeal's reversal: the view rewards its action reversed come back, held again (give-backs.ts), then
// the decision's audit row records how much.
const GRANT = [...GIVE_BACK_STATEMENTS, APPEAL_REVERSED_AUDIT];
// What came back to the member who appealed, for their line on the bell.
const GIVEN_BACK_TO_MEMBER = givenBackMicrosSql("(select user_id from appeals where id = ?7)");

export const audit = (
  action: string,
  entity: "content" | "user" | "comment",
  from: string,
  before: string,
  after: string,
) =>
  `insert into audit_log (id, actor_id, action, entity, entity_id, before, after, created_at)
   select ?5, ?2, '${action}', '${entity}', ?1, ${before}, ${after}, ?3 ${from}`;

// With the item's thumbnail and last change: the public address a takedown retires (docs/decisions/074).
const ITEM_READ_BACK = `select ${MODERATED_ITEM_COLUMNS}, ${DONE} as done,
    coalesce((select json_extract(after, '$.reversed_micros') from audit_log where id = ?5), 0) as reversedMicros,
    coalesce((select json_extract(after, '$.given_back_micros') from audit_log where id = ?8), 0) as givenBackMicros,
    c.thumbnail_key as thumbnailKey, c.updated_at as updatedAt
  from content c join users u on u.id = c.created_by where c.id = ?1`;

const CONTENT_ACTIONS: Record<ContentModerationAction, string[]> = {
  // Open reports → dismissed. Applies while the item has open reports.
  dismiss: [
    audit(
      "dismiss",
      "content",
      "where exists (select 1 from reports where content_id = ?1 and status = 'open')",
      "json_object('open_reports', (select count(*) from reports where content_id = ?1 and status = 'open'))",
      "json_object('open_reports', 0, 'note', ?4)",
    ),
    `update reports set status = 'dismissed' where content_id = ?1 and status = 'open' and ${DONE}`,
  ],
  // Hidden with the note shown to its creator; open reports → actioned; held rewards of its views reversed.
  takedown: [
    audit(
      "takedown",
      "content",
      "from content c where c.id = ?1 and c.removed_at is null",
      "json_object('removed', json('false'))",
      `json_object('removed', json('true'), 'note', ?4, 'reversed_micros', ${reversedSum(REVERSIBLE.item)},
         'actioned_reports', (select count(*) from reports where content_id = ?1 and status = 'open'))`,
    ),
    `update content set removed_at = ?3, removed_note = ?4, removed_by = ?2 where id = ?1 and removed_at is null and ${DONE}`,
    `update reports set status = 'actioned' where content_id = ?1 and status = 'open' and ${DONE}`,
    reverse(REVERSIBLE.item),
    toCreator("item_taken_down"),
    ...REVERSED_NOTICES,
  ],
  // Visible again. Reversed money stays reversed, unless this grants the creator's appeal (docs/decisions/096).
  restore: [
    audit(
      "restore",
      "content",
      `from content c where c.id = ?1 and c.removed_at is not null and ${APPEAL_STILL_OPEN}`,
      "json_object('removed', json('true'), 'note', c.removed_note)",
      "json_object('removed', json('false'), 'note', ?4)",
    ),
    `update content set removed_at = null, removed_note = null, removed_by = null where id = ?1 and removed_at is not null and ${DONE}`,
    closeAppeals("content", "takedown"),
    ...GRANT,
    // Told once: "restored", or, when this grants the creator's appeal, "your appeal was granted".
    toCreator("item_restored", "and ?7 is null"),
    notifyOnceSql("appeal_granted", "moderation", {
      user: "c.created_by",
      ref: "?7",
      subject: "?1",
      amount: GIVEN_BACK_TO_MEMBER,
      detail: "c.title",
      at: "?3",
      rest: `from content c where c.id = ?1 and ?7 is not null and ${DONE}`,
    }),
  ],
};

const ADMIN = "(select value from json_each(?6))";

const USER_ACTIONS: Record<UserModerationAction, string[]> = {
  // Never an administrator. Held rewards of every view the member was paid for are reversed, both sides.
  suspend: [
    audit(
      "suspend",
      "user",
      `from users u where u.id = ?1 and u.suspended_at is null and u.email not in ${ADMIN}`,
      "json_object('suspended', json('false'))",
      `json_object('suspended', json('true'), 'note', ?4, 'reversed_micros', ${reversedSum(REVERSIBLE.member)})`,
    ),
    `update users set suspended_at = ?3, suspended_note = ?4, suspended_by = ?2 where id = ?1 and suspended_at is null and ${DONE}`,
    reverse(REVERSIBLE.member),
    notifyOnceSql("account_suspended", "moderation", {
      user: "?1",
      ref: "?5",
      subject: "null",
      detail: "?4",
      at: "?3",
      rest: `where ${DONE}`,
    }),
    ...REVERSED_NOTICES,
  ],
  unsuspend: [
    audit(
      "unsuspend",
      "user",
      `from users u where u.id = ?1 and u.suspended_at is not null and ${APPEAL_STILL_OPEN}`,
      "json_object('suspended', json('true'), 'note', u.suspended_note)",
      "json_object('suspended', json('false'), 'note', ?4)",
    ),
    `update users set suspended_at = null, suspended_note = null, suspended_by = null where id = ?1 and suspended_at is not null and ${DONE}`,
    closeAppeals("user", "suspend"),
    ...GRANT,
    // The admin's decision note is the line's detail, as a suspension's note is.
    notifyOnceSql("appeal_granted", "moderation", {
      user: "?1",
      ref: "?7",
      subject: "null",
      amount: GIVEN_BACK_TO_MEMBER,
      detail: "?4",
      at: "?3",
      rest: `where ?7 is not null and ${DONE}`,
    }),
  ],
};

/**
 * How many of a suspended member's thumbnails the suspension's answer names, newest first, for the route to drop
 * from the edge cache (docs/decisions/074): one cache call each, within the smallest plan's 50 subrequests a
 * request. Older ones leave the edge cache when their day there ends.
 */
const RETIRED_THUMBNAILS_LIMIT = 40;

// The member's items that were public until this suspension (not taken down, not deleted), as a JSON array of
// { id, thumbnailKey, updatedAt }: served by content_creator_created_idx.
const PUBLIC_THUMBNAILS = `(select coalesce(json_group_array(json_object('id', t.id, 'thumbnailKey', t.thumbnail_key,
      'updatedAt', t.updated_at)), '[]')
    from (select id, thumbnail_key, updated_at from content
      where created_by = ?1 and thumbnail_key is not null and removed_at is null and deleted_at is null
      order by created_at desc limit ${RETIRED_THUMBNAILS_LIMIT}) t)`;

const USER_READ_BACK = `select u.id, u.email, u.username, u.suspended_at as suspendedAt, u.suspended_note as suspendedNote,
    (u.email in ${ADMIN}) as isAdmin, ${DONE} as done,
    coalesce((select json_extract(after, '$.reversed_micros') from audit_log where id = ?5), 0) as reversedMicros,
    coalesce((select json_extract(after, '$.given_back_micros') from audit_log where id = ?8), 0) as givenBackMicros,
    ${PUBLIC_THUMBNAILS} as thumbnails
  from users u where u.id = ?1`;

export type ModerationWrite = { targetId: string; actorId: string; now: string; note: string; auditId: string };
/** A restore or reinstatement that grants an appeal (docs/decisions/092): the appeal, and its decision's audit id. */
export type GrantedAppeal = { appealId: string; auditId: string } | null;
/** The outcome read back in the same batch: `done` when this batch acted (0 or 1). */
type Outcome = { done: number; reversedMicros: number; givenBackMicros: number };

/** The item as a content action left it, with its thumbnail and last change (docs/decisions/074). */
type ActedItemRow = ModeratedItemRow & { thumbnailKey: string | null; updatedAt: string };

export type ModeratedUserRow = {
  id: string;
  email: string;
  username: string | null;
  suspendedAt: string | null;
  suspendedNote: string | null;
  /** 0 or 1. */
  isAdmin: number;
  /**
   * The thumbnails of their public items (at most RETIRED_THUMBNAILS_LIMIT, newest first) as a JSON array of
   * { id, thumbnailKey, updatedAt }: a suspension retires their public addresses (docs/decisions/074).
   */
  thumbnails: string;
};

export async function run<T>(db: Db, texts: string[], params: unknown[]) {
  const d1 = db.$client;
  const results = await d1.batch(texts.map((text) => prepareShared(d1, text, params)));
  return (results.at(-1)!.results[0] as (T & Outcome) | undefined) ?? null;
}

/** One content action as one batch; the item as the batch left it (null when there is no such item). */
export function moderateContentBatch(
  db: Db,
  action: ContentModerationAction,
  w: ModerationWrite & { appeal?: GrantedAppeal },
) {
  // ?6 is the suspensions' (unused here); each statement binds only the parameters it names.
  return run<ActedItemRow>(
    db,
    [...CONTENT_ACTIONS[action], ITEM_READ_BACK],
    [w.targetId, w.actorId, w.now, w.note, w.auditId, null, w.appeal?.appealId ?? null, w.appeal?.auditId ?? null],
  );
}

/** One member action as one batch; the member as the batch left it (null when there is no such member). */
export function moderateUserBatch(
  db: Db,
  action: UserModerationAction,
  w: ModerationWrite & { adminEmails: readonly string[]; appeal?: GrantedAppeal },
) {
  return run<ModeratedUserRow>(
    db,
    [...USER_ACTIONS[action], USER_READ_BACK],
    [
      w.targetId,
      w.actorId,
      w.now,
      w.note,
      w.auditId,
      JSON.stringify(w.adminEmails),
      w.appeal?.appealId ?? null,
      w.appeal?.auditId ?? null,
    ],
  );
}
