import type { ReportReason } from "../../../common/moderation";
import { upsertCommentReport, type CommentReportRow } from "../../db/queries/moderation/comment-moderation";
import { accountSuspended, forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import type { ReporterContext } from "./report-content";

/**
 * A member reports a comment (docs/decisions/095), as they report an item: one open report per member and
 * comment, so a second report updates the first (`created` false). Refused for a suspended member, for one's own
 * comment (403), and for a comment that does not exist or that the reporter cannot see: deleted, taken down, by a
 * suspended member, or under an item nobody may open (404). A report only queues the comment for the moderators:
 * however many accounts report it, only an admin takes it down.
 */
export async function reportComment({
  ctx,
  input,
}: {
  ctx: ReporterContext;
  input: { commentId: string; reason: ReportReason; details: string };
}): Promise<{ report: CommentReportRow; created: boolean }> {
  if (ctx.actor.suspended) throw accountSuspended();
  const id = newId();
  const { report, target } = await upsertCommentReport(ctx.db, {
    id,
    commentId: input.commentId,
    reporterId: ctx.actor.id,
    reason: input.reason,
    note: input.details,
    now: nowIso(),
  });
  if (report) return { report, created: report.id === id };
  if (target?.reporterSuspended) throw accountSuspended();
  if (target?.shown && target.authorId === ctx.actor.id)
    throw forbidden("You cannot report your own comment", "own_comment");
  throw notFound("Comment not found");
}
