import type { CommentModerationAction, ReportReason } from "../../../../common/moderation";
import type { Db } from "../../client";
import { prepareShared } from "../audit/audited-change";
import { CREATOR_NAME_SQL } from "../content/content";
import { reportAggregateColumns, type ReportAggregates } from "./report-aggregates";
import { itemUnavailableSql, suspendedSql } from "../content/visibility";
import { notifyOnceSql } from "../notifications/notification-writes";
import { APPEAL_REVERSED_AUDIT, APPEAL_STILL_OPEN, DONE, audit, closeAppeals, run } from "./moderation-writes";

// Comments in moderation (docs/decisions/095): members report comments as they report items (same reasons, one
// open report per member and comment), the moderators dismiss the reports, take the comment down or restore it.
// Comment reports live in their own table (comment_reports), so no reader of `reports` changes. A comment
// takedown hides the comment from everyone but its author, keeps its text, and moves no money: comments never
// earn, and no statement here reads or writes views, earnings, reversals or the wallet.

// ── Reports ──────────────────────────────────────────────────────────────────────────────────────────────

export type CommentReportRow = {
  id: string;
  commentId: string;
  reason: ReportReason;
  note: string;
  createdAt: string;
  updatedAt: string;
};

/** Why a report was not written, read in the same batch. */
export type CommentReportTarget = { authorId: string; shown: number; reporterSuspended: number };

// A comment the reporter may see and report: not deleted, not taken down, its author not suspended, on an item
// anyone may open. ?2 the comment.
const REPORTABLE = `cm.deleted_at is null and cm.removed_at is null and not ${suspendedSql("cm.author_id")}
  and not ${itemUnavailableSql("c")}`;

// ?1 new id, ?2 comment, ?3 reporter, ?4 reason, ?5 note, ?6 now. One open report per (reporter, comment)
// (comment_reports_open_unique): a second report updates the open one in this one conditional statement.
const UPSERT = `insert into comment_reports (id, comment_id, author_id, reporter_id, reason, note, status, created_at, updated_at)
  select ?1, cm.id, cm.author_id, ?3, ?4, ?5, 'open', ?6, ?6 from comments cm join content c on c.id = cm.content_id
  where cm.id = ?2 and cm.author_id <> ?3 and ${REPORTABLE} and not ${suspendedSql("?3")}
  on conflict (reporter_id, comment_id) where status = 'open'
  do update set reason = excluded.reason, note = excluded.note, updated_at = excluded.updated_at
  returning id, comment_id as commentId, reason, note, created_at as createdAt, updated_at as updatedAt`;

const TARGET = `select cm.author_id as authorId, (${REPORTABLE}) as shown, ${suspendedSql("?3")} as reporterSuspended
  from comments cm join content c on c.id = cm.content_id where cm.id = ?2`;

/** Files or updates the reporter's open report of a comment, and reads the comment back to tell why not. */
export async function upsertCommentReport(
  db: Db,
  r: { id: string; commentId: string; reporterId: string; reason: ReportReason; note: string; now: string },
): Promise<{ report: CommentReportRow | null; target: CommentReportTarget | null }> {
  const params = [r.id, r.commentId, r.reporterId, r.reason, r.note, r.now];
  const d1 = db.$client;
  const [written, target] = await d1.batch([prepareShared(d1, UPSERT, params), prepareShared(d1, TARGET, params)]);
  return {
    report: (written!.results[0] as CommentReportRow | undefined) ?? null,
    target: (target!.results[0] as CommentReportTarget | undefined) ?? null,
  };
}

// ── The queue ────────────────────────────────────────────────────────────────────────────────────────────

export type ModeratedCommentRow = {
  commentId: string;
  body: string;
  contentId: string;
  title: string;
  authorId: string;
  authorName: string;
  authorEmail: string;
  /** 0 or 1. */
  authorSuspended: number;
  removedAt: string | null;
  removedNote: string | null;
  deletedAt: string | null;
} & ReportAggregates;

const QUEUE_LIMIT = 200;

// The reports of `cm` that bear on it: open ones, and once taken down the ones the takedown actioned.
const BEARING = `r.comment_id = cm.id and (r.status = 'open' or (cm.removed_at is not null and r.status = 'actioned'))`;

/** For a query over `comments cm join users u on u.id = cm.author_id join content c on c.id = cm.content_id`. */
const MODERATED_COMMENT_COLUMNS = `cm.id as commentId, cm.body, cm.content_id as contentId, c.title,
  cm.author_id as authorId, ${CREATOR_NAME_SQL} as authorName, u.email as authorEmail,
  (u.suspended_at is not null) as authorSuspended, cm.removed_at as removedAt, cm.removed_note as removedNote,
  cm.deleted_at as deletedAt,
  ${reportAggregateColumns({ table: "comment_reports", column: "comment_id", subjectId: "cm.id", bearing: BEARING })},
  coalesce((select min(r.created_at) from comment_reports r where ${BEARING}), cm.removed_at, cm.created_at) as firstReportedAt,
  coalesce((select max(r.updated_at) from comment_reports r where ${BEARING}), cm.removed_at, cm.created_at) as lastReportedAt`;

const COMMENT_FROM = "from comments cm join users u on u.id = cm.author_id join content c on c.id = cm.content_id";

// Comments with open reports, the most recently reported first (comment_reports_open_comment_idx).
const OPEN_QUEUE = `with queue as (
    select comment_id, max(updated_at) as last_at from comment_reports where status = 'open'
    group by comment_id order by last_at desc, comment_id desc limit ?1)
  select ${MODERATED_COMMENT_COLUMNS} from queue q join comments cm on cm.id = q.comment_id
    join users u on u.id = cm.author_id join content c on c.id = cm.content_id
  order by q.last_at desc, cm.id desc`;

// Taken-down comments, the latest takedown first (comments_removed_idx).
const REMOVED_LIST = `select ${MODERATED_COMMENT_COLUMNS} ${COMMENT_FROM}
  where cm.removed_at is not null order by cm.removed_at desc, cm.id desc limit ?1`;

/** Reported comments ("open"), or taken-down ones ("removed"). */
export async function commentModerationQueue(db: Db, status: "open" | "removed"): Promise<ModeratedCommentRow[]> {
  const { results } = await db.$client
    .prepare(status === "open" ? OPEN_QUEUE : REMOVED_LIST)
    .bind(QUEUE_LIMIT)
    .all<ModeratedCommentRow>();
  return results;
}

// ── Actions ──────────────────────────────────────────────────────────────────────────────────────────────

// Parameters as the item actions' (moderation-writes.ts): ?1 the comment, ?2 the admin, ?3 now, ?4 the note,
// ?5 the audit row's id; ?7 the appeal a restore grants (or null) and ?8 that decision's audit id.

const OPEN_REPORTS = "(select count(*) from comment_reports where comment_id = ?1 and status = 'open')";

// A reply counts on its top comment while it is shown: a takedown takes it off, a restore puts it back (unless
// its author deleted it meanwhile, which took it off already).
const replyCount = (delta: "+ 1" | "- 1", also: string) =>
  `update comments set reply_count = max(reply_count ${delta}, 0)
   where id = (select parent_id from comments where id = ?1 ${also}) and ${DONE}`;

// The author's bell (group moderation): the line names the item the comment is under (subject, title).
const toAuthor = (kind: string, ref: string, also = "") =>
  notifyOnceSql(kind, "moderation", {
    user: "cm.author_id",
    ref,
    subject: "cm.content_id",
    detail: "c.title",
    at: "?3",
    rest: `from comments cm join content c on c.id = cm.content_id where cm.id = ?1 and ${DONE} ${also}`,
  });

const COMMENT_ACTIONS: Record<CommentModerationAction, string[]> = {
  // Open reports → dismissed; the comment stays as it is.
  dismiss: [
    audit(
      "comment_dismiss",
      "comment",
      "where exists (select 1 from comment_reports where comment_id = ?1 and status = 'open')",
      `json_object('open_reports', ${OPEN_REPORTS})`,
      "json_object('open_reports', 0, 'note', ?4)",
    ),
    `update comment_reports set status = 'dismissed' where comment_id = ?1 and status = 'open' and ${DONE}`,
  ],
  // Hidden from everyone but its author (text kept, the note shown to them), unpinned; open reports → actioned.
  takedown: [
    audit(
      "comment_takedown",
      "comment",
      "from comments cm where cm.id = ?1 and cm.removed_at is null and cm.deleted_at is null",
      "json_object('removed', json('false'))",
      `json_object('removed', json('true'), 'note', ?4, 'actioned_reports', ${OPEN_REPORTS})`,
    ),
    `update comments set removed_at = ?3, removed_note = ?4, removed_by = ?2, pinned_at = null
     where id = ?1 and removed_at is null and ${DONE}`,
    replyCount("- 1", ""),
    `update comment_reports set status = 'actioned' where comment_id = ?1 and status = 'open' and ${DONE}`,
    toAuthor("comment_taken_down", "?5"),
  ],
  // Shown again. Closes the takedown's open appeal: granted when this is its reversal, otherwise moot.
  restore: [
    audit(
      "comment_restore",
      "comment",
      `from comments cm where cm.id = ?1 and cm.removed_at is not null and ${APPEAL_STILL_OPEN}`,
      "json_object('removed', json('true'), 'note', cm.removed_note)",
      "json_object('removed', json('false'), 'note', ?4)",
    ),
    `update comments set removed_at = null, removed_note = null, removed_by = null
     where id = ?1 and removed_at is not null and ${DONE}`,
    replyCount("+ 1", "and deleted_at is null"),
    closeAppeals("comment", "comment_takedown"),
    APPEAL_REVERSED_AUDIT,
    // Told once: "restored", or, when this grants the author's appeal, "your appeal was granted".
    toAuthor("comment_restored", "?5", "and ?7 is null"),
    toAuthor("comment_appeal_granted", "?7", "and ?7 is not null"),
  ],
};

const COMMENT_READ_BACK = `select ${MODERATED_COMMENT_COLUMNS}, ${DONE} as done ${COMMENT_FROM} where cm.id = ?1`;

/** One comment action as one batch; the comment as the batch left it (null when there is no such comment). */
export function moderateCommentBatch(
  db: Db,
  action: CommentModerationAction,
  w: { targetId: string; actorId: string; now: string; note: string; auditId: string },
  appeal: { appealId: string; auditId: string } | null,
) {
  return run<ModeratedCommentRow>(
    db,
    [...COMMENT_ACTIONS[action], COMMENT_READ_BACK],
    [w.targetId, w.actorId, w.now, w.note, w.auditId, null, appeal?.appealId ?? null, appeal?.auditId ?? null],
  );
}
