import { foldViewEarningsStatements } from "../../db/queries/archive-views-ledger";
import { deleteArchivedViewsStatement, keptViewsIn, nextViewsDay, readViewRows } from "../../db/queries/archive-views";
import { nowIso } from "../../lib/time";
import type { ArchiveDataset } from "./dataset";

// The `views` dataset (issue 29, docs/decisions/053): a UTC day of views, each line a view with its rewards and
// their reversals. Views still evidence stay in D1 (keptIn); what the readers need of the archived ones is in
// the aggregates migration 0025 keeps (view_pairs, view_addresses, the totals, member_view_days).

/**
 * `now` decides which views are still evidence; the interface gives removeStatements and keptIn none, so they
 * take the clock (`nowMs` when a caller has one): keptIn, the fold and the delete of one part then agree within
 * the seconds between them, and a reward that became available in those seconds only stays one part longer.
 * The fold is the period close's (archive-views-ledger.ts is where it connects).
 */
export const viewsDataset: ArchiveDataset = {
  name: "views",
  nextDay: (d1, nowMs) => nextViewsDay(d1, nowIso(nowMs)),
  readRows: (d1, day, afterKey, limit) => readViewRows(d1, day, afterKey, limit),
  // The fold first (it reads the views whose rewards it folds), then the views themselves; kept ones stay.
  removeStatements: (d1, day, afterKey, lastKey, nowMs?: number) => {
    const now = nowIso(nowMs);
    return [...foldViewEarningsStatements(d1, day, afterKey, lastKey, now), deleteArchivedViewsStatement(d1, day, afterKey, lastKey, now)];
  },
  keptIn: (d1, day, afterKey, lastKey, nowMs?: number) => keptViewsIn(d1, day, afterKey, lastKey, nowIso(nowMs)),
};
