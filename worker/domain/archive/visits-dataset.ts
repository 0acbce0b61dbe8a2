// Page visits and sessions leave D1 one UTC day at a time once the day is older than archive_visits_after_days
// (2 days at least, decision 054). No dashboard reads them: every range is whole UTC days of the day rollups
// (traffic_days, which stay, and traffic_day_counts, which leave with the page days). Only the ingest reads a
// session's row, to extend a live session; a session whose row has left counts as a new one on the day its next
// visit comes. Since decision 085 the raw visits wait in R2, one object per traffic batch (raw-visits.ts): a part
// copies whole objects' lines after the day's sessions (and any page_visits rows stored before), and deletes the
// rows naming them; the objects themselves are deleted once the day's manifest is written.
import {
  batchKeyOf,
  batchNameOf,
  nextVisitsDay,
  readVisitsRows,
  removeVisitsStatements,
} from "../../db/queries/archive/archive-visits";
import { visitBatchesAfter } from "../../db/queries/archive/archive-visits";
import { nowIso } from "../../lib/time";
import { deleteVisitObjects, readVisitObject } from "../traffic/raw-visits";
import type { ArchiveDataset, ArchiveRow } from "./dataset";

async function readRows(d1: D1Database, day: string, afterKey: string, limit: number, archive: R2Bucket) {
  const out: ArchiveRow[] = await readVisitsRows(d1, day, afterKey, limit);
  if (out.length >= limit) return out;
  // Whole objects only, so a part's last key is always an object's last visit and its rows can go with it.
  let room = limit - out.length;
  for (const b of await visitBatchesAfter(d1, day, batchNameOf(afterKey), room)) {
    if (out.length > 0 && b.rows > room) break;
    for (const line of await readVisitObject(archive, day, b.name)) out.push({ key: batchKeyOf(b.name, line), line });
    room -= b.rows;
    if (room <= 0) break;
  }
  return out;
}

export const visitsDataset: ArchiveDataset = {
  name: "visits",
  nextDay: (d1, nowMs) => nextVisitsDay(d1, nowIso(nowMs)),
  readRows,
  removeStatements: removeVisitsStatements,
  afterDone: deleteVisitObjects,
};
