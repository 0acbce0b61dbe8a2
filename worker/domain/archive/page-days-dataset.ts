// Page-day rollups (traffic_page_days) and the day's source, device and campaign counts (traffic_day_counts,
// decision 056: no dashboard range reaches further) leave D1 on their own, later than the visits of their day (054):
// the top pages of a range read them from the range's first day, and the cron's page totals add and take away
// whole days of them, so a day stays 91 days at least and until every range's totals have rolled past it.
import { nextPageDaysDay, readPageDaysRows, removePageDaysStatements } from "../../db/queries/archive/archive-visits";
import { nowIso } from "../../lib/time";
import type { ArchiveDataset } from "./dataset";

export const pageDaysDataset: ArchiveDataset = {
  name: "page-days",
  nextDay: (d1, nowMs) => nextPageDaysDay(d1, nowIso(nowMs)),
  readRows: readPageDaysRows,
  removeStatements: removePageDaysStatements,
};
