import { z } from "zod";
import {
  CONTENT_ACTIONS,
  MODERATION_AUDIT_ACTIONS,
  MODERATION_NOTE_MAX,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  USER_ACTIONS,
} from "../moderation";
import { memberText } from "./text";

/** POST /api/content/{id}/report: why, and optionally a note. A second report of the same item updates the first. */
export const contentReportBody = z.object({
  reason: z.enum(REPORT_REASONS, "reason must be one of spam, copyright, abuse, sexual_content, other"),
  note: memberText({ label: "note", max: REPORT_NOTE_MAX, multiline: true }).default(""),
});
export type ContentReportBody = z.input<typeof contentReportBody>;

/**
 * POST /api/comments/{id}/report: why, and optionally details (docs/decisions/095). The item report's reasons and
 * limit; a second report of the same comment updates the first.
 */
export const commentReportBody = z.object({
  reason: z.enum(REPORT_REASONS, "reason must be one of spam, copyright, abuse, sexual_content, other"),
  details: memberText({ label: "details", max: REPORT_NOTE_MAX, multiline: true }).default(""),
});
export type CommentReportBody = z.input<typeof commentReportBody>;

const note = memberText({ label: "note", max: MODERATION_NOTE_MAX, multiline: true }).default("");

/** GET /api/admin/moderation: items with open reports (the default), or taken-down items. */
export const moderationQueueQuery = z.object({
  status: z.enum(["open", "removed"], "status must be open or removed").default("open"),
});

/** POST /api/admin/moderation/content/{id}. A takedown's note is shown to the creator. */
export const contentModerationBody = z.object({
  action: z.enum(CONTENT_ACTIONS, "action must be dismiss, takedown or restore"),
  note,
});
export type ContentModerationBody = z.input<typeof contentModerationBody>;

/** POST /api/admin/moderation/users/{id}. */
export const userModerationBody = z.object({
  action: z.enum(USER_ACTIONS, "action must be suspend or unsuspend"),
  note,
});
export type UserModerationBody = z.input<typeof userModerationBody>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

const reportReasonOut = z.enum(REPORT_REASONS);

/** POST /api/content/{id}/report: the caller's open report of the item (created or updated). */
export const contentReportOut = z.object({
  id: z.string(),
  content_id: z.string(),
  reason: reportReasonOut,
  note: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentReportJson = z.output<typeof contentReportOut>;

/** POST /api/comments/{id}/report: the caller's open report of the comment (created or updated). */
export const commentReportOut = z.object({
  id: z.string(),
  comment_id: z.string(),
  reason: reportReasonOut,
  details: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CommentReportJson = z.output<typeof commentReportOut>;

/** Where an item stands with the moderators. */
const moderationStatusOut = z.enum(["visible", "removed"]);

/** One reported (or moderated) item in GET /api/admin/moderation, newest report first. */
const moderatedItemOut = z.object({
  content_id: z.string(),
  title: z.string(),
  creator_id: z.string(),
  creator_name: z.string(),
  creator_email: z.string(),
  creator_suspended: z.boolean(),
  status: moderationStatusOut,
  /** The takedown note, when removed. */
  removed_note: z.string().nullable(),
  /** Deleted by its creator or an admin (docs/decisions/028): gone from the product, kept in the records. */
  deleted: z.boolean(),
  /** Open reports per reason. */
  counts: z.partialRecord(reportReasonOut, z.number().int()),
  open_reports: z.number().int(),
  /** The newest notes (at most 5), newest first. */
  latest_notes: z.array(z.object({ reason: reportReasonOut, note: z.string(), created_at: z.string() })),
  first_reported_at: z.string(),
  last_reported_at: z.string(),
});
export type ModeratedItemJson = z.output<typeof moderatedItemOut>;

/** One reported (or taken-down) comment in GET /api/admin/moderation, grouped by comment (docs/decisions/095). */
const moderatedCommentOut = z.object({
  comment_id: z.string(),
  /** The comment's words, kept after a takedown (and a deletion) for the moderators. */
  text: z.string(),
  /** The item it is under. */
  content_id: z.string(),
  title: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  author_email: z.string(),
  author_suspended: z.boolean(),
  status: moderationStatusOut,
  removed_note: z.string().nullable(),
  /** Deleted by its author or the item's creator. */
  deleted: z.boolean(),
  counts: z.partialRecord(reportReasonOut, z.number().int()),
  open_reports: z.number().int(),
  latest_notes: z.array(z.object({ reason: reportReasonOut, note: z.string(), created_at: z.string() })),
  first_reported_at: z.string(),
  last_reported_at: z.string(),
});
export type ModeratedCommentJson = z.output<typeof moderatedCommentOut>;

/**
 * GET /api/admin/moderation[?status=open|removed]: items with open reports (or taken down), and comments with
 * open reports (or taken down), each newest report first.
 */
export const moderationQueueOut = z.object({
  items: z.array(moderatedItemOut),
  comments: z.array(moderatedCommentOut),
});
export type ModerationQueueResponse = z.output<typeof moderationQueueOut>;

/**
 * One moderation action as the audit keeps it; `delete` is an item's deletion by its creator or an admin;
 * `comment_*` are actions on one of the member's comments (entity `comment`).
 */
const moderationActionOut = z.object({
  id: z.string(),
  action: z.enum(MODERATION_AUDIT_ACTIONS),
  entity: z.enum(["content", "user", "comment"]),
  entity_id: z.string(),
  note: z.string(),
  /** "(deleted user)" when the admin's account is gone. */
  actor_email: z.string(),
  created_at: z.string(),
});
export type ModerationActionJson = z.output<typeof moderationActionOut>;

/** A member's standing with the moderators. */
const moderatedUserOut = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  /** Administrators (ADMIN_EMAILS) cannot be suspended. */
  is_admin: z.boolean(),
  suspended: z.boolean(),
  suspended_note: z.string().nullable(),
  suspended_at: z.string().nullable(),
});

/** A report a member made or got, with the item it is about. */
const memberReportOut = z.object({
  content_id: z.string(),
  title: z.string(),
  content_deleted: z.boolean(),
  reason: reportReasonOut,
  note: z.string(),
  status: z.enum(["open", "dismissed", "actioned"]),
  created_at: z.string(),
});

/** A comment report a member made or got, with the comment and the item it is under (docs/decisions/095). */
const memberCommentReportOut = z.object({
  comment_id: z.string(),
  /** The comment's words (at most the first 200 characters). */
  text: z.string(),
  content_id: z.string(),
  title: z.string(),
  reason: reportReasonOut,
  note: z.string(),
  status: z.enum(["open", "dismissed", "actioned"]),
  created_at: z.string(),
});

/** GET /api/admin/moderation/users/{id}: one member's standing, the reports they made and got, and actions. */
export const moderationUserOut = z.object({
  user: moderatedUserOut,
  /** Reports others made of this member's items. */
  reports_received: z.array(memberReportOut),
  /** Reports this member made. */
  reports_made: z.array(memberReportOut),
  /** Reports others made of this member's comments (at most 100, newest first). */
  comment_reports_received: z.array(memberCommentReportOut),
  /** Reports of comments this member made (at most 100, newest first). */
  comment_reports_made: z.array(memberCommentReportOut),
  actions: z.array(moderationActionOut),
});
export type ModerationUserResponse = z.output<typeof moderationUserOut>;

/** POST /api/admin/moderation/content/{id}: the item after the action, and what it reversed (USD). */
export const contentModerationOut = z.object({ item: moderatedItemOut, reversed_usd: z.number() });
export type ContentModerationResponse = z.output<typeof contentModerationOut>;

/** POST /api/admin/moderation/comments/{id}: dismiss a comment's reports, take it down or restore it. */
export const commentModerationBody = z.object({
  action: z.enum(CONTENT_ACTIONS, "action must be dismiss, takedown or restore"),
  note,
});
export type CommentModerationBody = z.input<typeof commentModerationBody>;

/** POST /api/admin/moderation/comments/{id}: the comment after the action. A comment takedown moves no money. */
export const commentModerationOut = z.object({ comment: moderatedCommentOut });
export type CommentModerationResponse = z.output<typeof commentModerationOut>;

/** POST /api/admin/moderation/users/{id}: the member after the action, and what it reversed (USD). */
export const userModerationOut = z.object({ user: moderatedUserOut, reversed_usd: z.number() });
export type UserModerationResponse = z.output<typeof userModerationOut>;
