// Page visits, sessions and page-day rollups leave D1 one UTC day at a time once the day is older than
// archive_visits_after_days and the cron's page totals no longer read it (docs/decisions/051). The dashboards
// read the day rollups (traffic_days, traffic_day_counts), which stay, and at most the last 90 days plus one of
// sessions and page days, which the window's minimum (91) keeps: they give the same figures after archiving.
import { nextVisitsDay, readVisitsRows, removeVisitsStatements } from "../../db/queries/archive-visits";
import { nowIso } from "../../lib/time";
import type { ArchiveDataset } from "./dataset";

export const visitsDataset: ArchiveDataset = {
  name: "visits",
  nextDay: (d1, nowMs) => nextVisitsDay(d1, nowIso(nowMs)),
  readRows: readVisitsRows,
  removeStatements: removeVisitsStatements,
};
