import { z } from "zod";
import { CONTENT_ACTIONS, MODERATION_NOTE_MAX, REPORT_NOTE_MAX, REPORT_REASONS, USER_ACTIONS } from "../moderation";

/** POST /api/content/{id}/report: why, and optionally a note. A second report of the same item updates the first. */
export const contentReportBody = z.object({
  reason: z.enum(REPORT_REASONS, "reason must be one of spam, copyright, abuse, sexual_content, other"),
  note: z.string("note must be text").trim().max(REPORT_NOTE_MAX, `note must be at most ${REPORT_NOTE_MAX} characters`).default(""),
});
export type ContentReportBody = z.input<typeof contentReportBody>;

const note = z.string("note must be text").trim().max(MODERATION_NOTE_MAX, `note must be at most ${MODERATION_NOTE_MAX} characters`).default("");

/** GET /api/admin/moderation: items with open reports (the default), or taken-down items. */
export const moderationQueueQuery = z.object({
  status: z.enum(["open", "removed"], "status must be open or removed").default("open"),
});
export type ModerationQueueQuery = z.input<typeof moderationQueueQuery>;

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
