// Page visits and sessions leave D1 one UTC day at a time once the day is older than archive_visits_after_days
// (2 days at least, decision 054). No dashboard reads them: every range is whole UTC days of the day rollups
// (traffic_days, which stay, and traffic_day_counts, which leave with the page days). Only the ingest reads a
// session's row, to extend a live session; a session whose row has left counts as a new one on the day its next
// visit comes.
import { nextVisitsDay, readVisitsRows, removeVisitsStatements } from "../../db/queries/archive/archive-visits";
import { nowIso } from "../../lib/time";
import type { ArchiveDataset } from "./dataset";

export const visitsDataset: ArchiveDataset = {
  name: "visits",
  nextDay: (d1, nowMs) => nextVisitsDay(d1, nowIso(nowMs)),
  readRows: readVisitsRows,
  removeStatements: removeVisitsStatements,
};
