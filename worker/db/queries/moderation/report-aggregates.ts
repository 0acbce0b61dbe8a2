// What the moderators' queue shows of a subject's reports (docs/decisions/027, 095), written once for items
// (`reports` by `content_id`) and comments (`comment_reports` by `comment_id`): the count per reason and the
// newest notes over the reports that bear on it, and its open reports.

const LATEST_NOTES = 5;

/** What reportAggregateColumns (and the queue's report dates) give each row, as D1 returns them. */
export type ReportAggregates = {
  /** JSON object reason → count. */
  counts: string;
  openReports: number;
  /** JSON array of { reason, note, created_at }. */
  latestNotes: string;
  firstReportedAt: string;
  lastReportedAt: string;
};

/**
 * The `counts`, `openReports` and `latestNotes` columns for the subject `subjectId` (an SQL expression);
 * `bearing` is the condition on `r` picking the reports that bear on it.
 */
export const reportAggregateColumns = (o: {
  table: "reports" | "comment_reports";
  column: "content_id" | "comment_id";
  subjectId: string;
  bearing: string;
}) => `(select json_group_object(reason, n) from (select r.reason, count(*) as n from ${o.table} r where ${o.bearing} group by r.reason)) as counts,
  (select count(*) from ${o.table} r where r.${o.column} = ${o.subjectId} and r.status = 'open') as openReports,
  (select json_group_array(json_object('reason', reason, 'note', note, 'created_at', at)) from (
     select r.reason, r.note, r.updated_at as at from ${o.table} r where ${o.bearing} and r.note <> ''
     order by r.updated_at desc, r.id desc limit ${LATEST_NOTES})) as latestNotes`;
