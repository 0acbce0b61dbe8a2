import type { ReportReason } from "../../../common/moderation";
import type { Db } from "../../db/client";
import { upsertReport, type ReportRow } from "../../db/queries/moderation/reports";
import { accountSuspended, forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";

/** The member who reports, and the database (the request's D1 session). */
export type ReporterContext = { db: Db; actor: { id: string; suspended: boolean } };
export type ReportInput = { contentId: string; reason: ReportReason; note: string };

/**
 * A member reports an item (docs/decisions/027): one open report per member and item, so a second report
 * updates the first (`created` false). Refused for a suspended member, for one's own item (403), and for an
 * item that does not exist or that the reporter cannot see (404). One conditional statement and its read-back.
 */
export async function reportContent({
  ctx,
  input,
}: {
  ctx: ReporterContext;
  input: ReportInput;
}): Promise<{ report: ReportRow; created: boolean }> {
  if (ctx.actor.suspended) throw accountSuspended();
  const id = newId();
  const { report, target } = await upsertReport(ctx.db, { id, reporterId: ctx.actor.id, ...input, now: nowIso() });
  if (report) return { report, created: report.id === id };
  if (target?.reporterSuspended) throw accountSuspended();
  if (target?.createdBy === ctx.actor.id) throw forbidden("You cannot report your own content", "own_content");
  throw notFound("Content not found");
}
