import { MODERATION_AUDIT_ACTIONS, type ReportReason } from "../../../../common/moderation";
import type { Db } from "../../client";

// One member as the moderators see them (GET /api/admin/moderation/users/{id}): standing, the reports others
// made of their items and comments, the reports they made, and the moderation actions on them, their items and
// their comments. One batch.

const MEMBER_LIST_LIMIT = 100;

export type MemberRow = {
  id: string;
  email: string;
  username: string | null;
  suspendedAt: string | null;
  suspendedNote: string | null;
};
export type MemberReportRow = {
  contentId: string;
  title: string;
  reason: ReportReason;
  note: string;
  status: "open" | "dismissed" | "actioned";
  /** When the reporter last said it (a second report of the item updates the first). */
  at: string;
  /** 0 or 1: the item was deleted since (docs/decisions/028); its reports stay in the record. */
  contentDeleted: number;
};
/** A report of a comment (docs/decisions/095), with the comment's start and the item it is under. */
export type MemberCommentReportRow = {
  commentId: string;
  text: string;
  contentId: string;
  title: string;
  reason: ReportReason;
  note: string;
  status: "open" | "dismissed" | "actioned";
  at: string;
};
export type MemberActionRow = {
  id: string;
  action: string;
  entity: "content" | "user" | "comment";
  entityId: string;
  /** The audit row's `after` JSON, which holds the note. */
  after: string | null;
  actorEmail: string | null;
  createdAt: string;
};

const REPORT_COLUMNS =
  "r.content_id as contentId, c.title, r.reason, r.note, r.status, r.updated_at as at, (c.deleted_at is not null) as contentDeleted";

const COMMENT_REPORT_COLUMNS = `r.comment_id as commentId, substr(cm.body, 1, 200) as text, cm.content_id as contentId,
  c.title, r.reason, r.note, r.status, r.updated_at as at`;
const COMMENT_REPORT_FROM =
  "from comment_reports r join comments cm on cm.id = r.comment_id join content c on c.id = cm.content_id";

const STATEMENTS = [
  `select id, email, username, suspended_at as suspendedAt, suspended_note as suspendedNote from users where id = ?1`,
  // The member's items (content_creator_created_idx), then each item's reports (reports_content_created_idx).
  `select ${REPORT_COLUMNS} from content c join reports r on r.content_id = c.id where c.created_by = ?1
   order by r.updated_at desc, r.id desc limit ?2`,
  // reports_reporter_created_idx.
  `select ${REPORT_COLUMNS} from reports r join content c on c.id = r.content_id where r.reporter_id = ?1
   order by r.updated_at desc, r.id desc limit ?2`,
  // Moderation actions on the member, on their items and on their comments, and deletions of their items
  // (deleted items stay, so do the actions on them: docs/decisions/028): audit_log_entity_idx for each (their
  // comments by comments_author_idx).
  `select a.id, a.action, a.entity, a.entity_id as entityId, a.after, u.email as actorEmail, a.created_at as createdAt
   from audit_log a left join users u on u.id = a.actor_id
   where ((a.entity = 'user' and a.entity_id = ?1)
      or (a.entity = 'content' and a.entity_id in (select id from content where created_by = ?1))
      or (a.entity = 'comment' and a.entity_id in (select id from comments where author_id = ?1)))
     and a.action in (${MODERATION_AUDIT_ACTIONS.map((x) => `'${x}'`).join(", ")})
   order by a.created_at desc, a.id desc limit ?2`,
  // Reports of the member's comments (comment_reports_author_created_idx), and of comments they made
  // (comment_reports_reporter_created_idx): docs/decisions/095.
  `select ${COMMENT_REPORT_COLUMNS} ${COMMENT_REPORT_FROM} where r.author_id = ?1
   order by r.updated_at desc, r.id desc limit ?2`,
  `select ${COMMENT_REPORT_COLUMNS} ${COMMENT_REPORT_FROM} where r.reporter_id = ?1
   order by r.updated_at desc, r.id desc limit ?2`,
];

export type MemberModeration = {
  member: MemberRow | null;
  received: MemberReportRow[];
  made: MemberReportRow[];
  actions: MemberActionRow[];
  commentsReceived: MemberCommentReportRow[];
  commentsMade: MemberCommentReportRow[];
};

export async function memberModeration(db: Db, userId: string): Promise<MemberModeration> {
  const d1 = db.$client;
  const [member, received, made, actions, commentsReceived, commentsMade] = await d1.batch(
    STATEMENTS.map((text, i) => d1.prepare(text).bind(...(i === 0 ? [userId] : [userId, MEMBER_LIST_LIMIT]))),
  );
  return {
    member: (member!.results[0] as MemberRow | undefined) ?? null,
    received: received!.results as MemberReportRow[],
    made: made!.results as MemberReportRow[],
    actions: actions!.results as MemberActionRow[],
    commentsReceived: commentsReceived!.results as MemberCommentReportRow[],
    commentsMade: commentsMade!.results as MemberCommentReportRow[],
  };
}
