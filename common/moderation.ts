// Moderation (docs/decisions/027): what a member may report an item for, and what an admin may do about it.

export const REPORT_REASONS = ["spam", "copyright", "abuse", "sexual_content", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The words the report dialog and the Moderation tab show for each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  copyright: "Copyright",
  abuse: "Abuse",
  sexual_content: "Sexual content",
  other: "Other",
};

export const REPORT_NOTE_MAX = 500;
export const MODERATION_NOTE_MAX = 500;

export const CONTENT_ACTIONS = ["dismiss", "takedown", "restore"] as const;
export type ContentModerationAction = (typeof CONTENT_ACTIONS)[number];

/** A reported comment: the same three actions; a comment takedown moves no money (docs/decisions/095). */
export type CommentModerationAction = ContentModerationAction;

/** How moderation actions are kept in the audit log, comment ones included (the member record lists them). */
export const MODERATION_AUDIT_ACTIONS = [
  "dismiss",
  "takedown",
  "restore",
  "suspend",
  "unsuspend",
  "delete",
  "comment_dismiss",
  "comment_takedown",
  "comment_restore",
] as const;

export const USER_ACTIONS = ["suspend", "unsuspend"] as const;
export type UserModerationAction = (typeof USER_ACTIONS)[number];

/** What the creator sees on an item moderators took down (My Content). */
export const REMOVED_LABEL = "Removed by moderators";
