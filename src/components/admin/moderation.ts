import {
  MODERATION_AUDIT_ACTIONS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from "../../../common/moderation";
import type { ModeratedItemJson, ModerationUserResponse } from "../../../common/schemas/moderation";
import { formatUsd } from "./money";

// Moderation (docs/decisions/027): what reasons, report states and actions are called on screen.

// A code the server learns before this screen does still shows, as the code itself.
export const reasonLabel = (reason: ReportReason) => REPORT_REASON_LABELS[reason] ?? reason;

/** An item's open reports per reason, in the report dialog's order, leaving out reasons nobody gave. */
export function reasonCounts(
  counts: ModeratedItemJson["counts"],
): { reason: ReportReason; label: string; count: number }[] {
  return REPORT_REASONS.filter((reason) => (counts[reason] ?? 0) > 0).map((reason) => ({
    reason,
    label: reasonLabel(reason),
    count: counts[reason] ?? 0,
  }));
}

type ReportState = ModerationUserResponse["reports_made"][number]["status"];
const reportStates: Record<ReportState, string> = { open: "Open", dismissed: "Dismissed", actioned: "Acted on" };
export const reportStateLabel = (status: ReportState) => reportStates[status] ?? status;

type ActionCode = (typeof MODERATION_AUDIT_ACTIONS)[number];
const actionLabels: Record<ActionCode, string> = {
  // Actions on one of the member's comments (docs/decisions/095).
  comment_dismiss: "Dismissed reports of a comment",
  comment_takedown: "Took down a comment",
  comment_restore: "Restored a comment",
  // An item's deletion by its creator or an admin: not a moderators' action, but part of the record (028).
  delete: "Deleted",
  dismiss: "Dismissed reports",
  takedown: "Took down",
  restore: "Restored",
  suspend: "Suspended",
  unsuspend: "Unsuspended",
};
export const actionLabel = (action: ActionCode) => actionLabels[action] ?? action;

/** What the tab says once an action went through; a takedown or suspension may take earnings back. */
export function outcomeText(done: string, reversedUsd: number): string {
  return reversedUsd > 0 ? `${done}; ${formatUsd(reversedUsd)} of earnings reversed.` : `${done}.`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
export const reportsText = (n: number) => plural(n, "open report", "open reports");

/** "ben (ben@example.com)", or the email alone when the name is the email's own start. */
export const memberText = (name: string, email: string) =>
  email.startsWith(`${name}@`) ? email : `${name} (${email})`;
