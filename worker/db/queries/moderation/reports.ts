import type { ReportReason } from "../../../../common/moderation";
import type { Db } from "../../client";
import { prepareShared } from "../audit/audited-change";
import { itemUnavailableSql, suspendedSql } from "../content/visibility";

export type ReportRow = {
  id: string;
  contentId: string;
  reason: ReportReason;
  note: string;
  createdAt: string;
  updatedAt: string;
};

/** Why a report was not written, read in the same batch: the item, its creator, and what hides it. */
export type ReportTarget = { createdBy: string; hidden: number; reporterSuspended: number };

export type NewReport = {
  id: string;
  contentId: string;
  reporterId: string;
  reason: ReportReason;
  note: string;
  now: string;
};

// ?1 new id, ?2 item, ?3 reporter, ?4 reason, ?5 note, ?6 now.
// One open report per (reporter, item) (reports_open_unique): a second report updates the open one, in
// this one conditional statement, so two reports sent at once leave one open report.
const UPSERT = `insert into reports (id, content_id, reporter_id, reason, note, status, created_at, updated_at)
  select ?1, c.id, ?3, ?4, ?5, 'open', ?6, ?6 from content c
  where c.id = ?2 and c.created_by <> ?3 and not ${itemUnavailableSql("c")} and not ${suspendedSql("?3")}
  on conflict (reporter_id, content_id) where status = 'open'
  do update set reason = excluded.reason, note = excluded.note, updated_at = excluded.updated_at
  returning id, content_id as contentId, reason, note, created_at as createdAt, updated_at as updatedAt`;

const TARGET = `select c.created_by as createdBy, ${itemUnavailableSql("c")} as hidden, ${suspendedSql("?3")} as reporterSuspended
  from content c where c.id = ?2`;

/**
 * Files or updates the reporter's open report of a visible item that is not theirs, and reads the item back
 * in the same batch to tell why nothing was written. `report` is null when it was refused.
 */
export async function upsertReport(
  db: Db,
  r: NewReport,
): Promise<{ report: ReportRow | null; target: ReportTarget | null }> {
  const params = [r.id, r.contentId, r.reporterId, r.reason, r.note, r.now];
  const d1 = db.$client;
  const [written, target] = await d1.batch([prepareShared(d1, UPSERT, params), prepareShared(d1, TARGET, params)]);
  return {
    report: (written!.results[0] as ReportRow | undefined) ?? null,
    target: (target!.results[0] as ReportTarget | undefined) ?? null,
  };
}
