import type {
  CommentReportJson,
  ContentReportJson,
  ModeratedCommentJson,
  ModeratedItemJson,
  ModerationActionJson,
  ModerationQueueResponse,
  ModerationUserResponse,
} from "../../../common/schemas/moderation";
import type { ReportReason } from "../../../common/moderation";
import type { ModeratedCommentRow } from "../../db/queries/moderation/comment-moderation";
import type {
  MemberActionRow,
  MemberCommentReportRow,
  MemberModeration,
  MemberReportRow,
  MemberRow,
} from "../../db/queries/moderation/moderation-members";
import type { ModeratedItemRow } from "../../db/queries/moderation/moderation-items";
import type { ReportRow } from "../../db/queries/moderation/reports";
import type { CommentReportRow } from "../../db/queries/moderation/comment-moderation";

// Moderation records as the API speaks them (common/schemas/moderation.ts, docs/decisions/027).

export const contentReportJson = (r: ReportRow): ContentReportJson => ({
  id: r.id,
  content_id: r.contentId,
  reason: r.reason,
  note: r.note,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

export const commentReportJson = (r: CommentReportRow): CommentReportJson => ({
  id: r.id,
  comment_id: r.commentId,
  reason: r.reason,
  details: r.note,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

type Note = ModeratedItemJson["latest_notes"][number];

const newestFirst = (notes: Note[]) =>
  notes.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));

export function moderatedItemJson(r: ModeratedItemRow): ModeratedItemJson {
  const notes = JSON.parse(r.latestNotes ?? "[]") as Note[];
  return {
    content_id: r.contentId,
    title: r.title,
    creator_id: r.creatorId,
    creator_name: r.creatorName,
    creator_email: r.creatorEmail,
    creator_suspended: Boolean(r.creatorSuspended),
    status: r.removedAt === null ? "visible" : "removed",
    removed_note: r.removedAt === null ? null : r.removedNote,
    deleted: r.deletedAt !== null,
    counts: JSON.parse(r.counts ?? "{}") as Partial<Record<ReportReason, number>>,
    open_reports: Number(r.openReports),
    latest_notes: newestFirst(notes),
    first_reported_at: r.firstReportedAt,
    last_reported_at: r.lastReportedAt,
  };
}

export const moderatedCommentJson = (r: ModeratedCommentRow): ModeratedCommentJson => ({
  comment_id: r.commentId,
  text: r.body,
  content_id: r.contentId,
  title: r.title,
  author_id: r.authorId,
  author_name: r.authorName,
  author_email: r.authorEmail,
  author_suspended: Boolean(r.authorSuspended),
  status: r.removedAt === null ? "visible" : "removed",
  removed_note: r.removedAt === null ? null : r.removedNote,
  deleted: r.deletedAt !== null,
  counts: JSON.parse(r.counts ?? "{}") as Partial<Record<ReportReason, number>>,
  open_reports: Number(r.openReports),
  latest_notes: newestFirst(JSON.parse(r.latestNotes ?? "[]") as Note[]),
  first_reported_at: r.firstReportedAt,
  last_reported_at: r.lastReportedAt,
});

export const moderationQueueJson = (q: {
  items: ModeratedItemRow[];
  comments: ModeratedCommentRow[];
}): ModerationQueueResponse => ({
  items: q.items.map(moderatedItemJson),
  comments: q.comments.map(moderatedCommentJson),
});

export const moderatedUserJson = (m: MemberRow, adminEmails: ReadonlySet<string>): ModerationUserResponse["user"] => ({
  id: m.id,
  email: m.email,
  username: m.username,
  is_admin: adminEmails.has(m.email),
  suspended: m.suspendedAt !== null,
  suspended_note: m.suspendedNote,
  suspended_at: m.suspendedAt,
});

const reportJson = (r: MemberReportRow): ModerationUserResponse["reports_received"][number] => ({
  content_id: r.contentId,
  title: r.title,
  content_deleted: Boolean(r.contentDeleted),
  reason: r.reason,
  note: r.note,
  status: r.status,
  created_at: r.at,
});

const commentReportOfMemberJson = (
  r: MemberCommentReportRow,
): ModerationUserResponse["comment_reports_received"][number] => ({
  comment_id: r.commentId,
  text: r.text,
  content_id: r.contentId,
  title: r.title,
  reason: r.reason,
  note: r.note,
  status: r.status,
  created_at: r.at,
});

const actionJson = (a: MemberActionRow): ModerationActionJson => ({
  id: a.id,
  action: a.action as ModerationActionJson["action"],
  entity: a.entity,
  entity_id: a.entityId,
  note: ((a.after ? JSON.parse(a.after) : {}) as { note?: string }).note ?? "",
  actor_email: a.actorEmail ?? "(deleted user)",
  created_at: a.createdAt,
});

export const moderationUserJson = (
  m: MemberModeration & { member: MemberRow },
  adminEmails: ReadonlySet<string>,
): ModerationUserResponse => ({
  user: moderatedUserJson(m.member, adminEmails),
  reports_received: m.received.map(reportJson),
  reports_made: m.made.map(reportJson),
  comment_reports_received: m.commentsReceived.map(commentReportOfMemberJson),
  comment_reports_made: m.commentsMade.map(commentReportOfMemberJson),
  actions: m.actions.map(actionJson),
});
