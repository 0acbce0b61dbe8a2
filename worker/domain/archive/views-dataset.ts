import {
  deleteArchivedViewsStatement,
  foldArchivedViewsStatements,
  keptViewsIn,
  nextViewsDay,
  readViewRows,
} from "../../db/queries/archive/archive-views";
import { nowIso } from "../../lib/time";
import type { ArchiveDataset } from "./dataset";

// The `views` dataset (docs/decisions/053): a UTC day of views, each line a view with its rewards and
// their reversals. Views still evidence stay in D1 (keptIn); what the readers need of the archived ones is in
// the aggregates migration 0025 keeps (view_pairs, view_addresses, the totals, member_view_days).

/**
 * The run's `nowMs` decides which views are still evidence, the same for nextDay, keptIn, the fold and the
 * delete of one part. The fold is the period close's (period-close.ts, docs/decisions/052), told the views
 * archive's own kept views too.
 */
export const viewsDataset: ArchiveDataset = {
  name: "views",
  nextDay: (d1, nowMs) => nextViewsDay(d1, nowIso(nowMs)),
  readRows: (d1, day, afterKey, limit) => readViewRows(d1, day, afterKey, limit),
  // The fold first (it reads the views whose rewards it folds), then the views themselves; kept ones stay,
  // with their rewards (the fold leaves the rewards of every view the delete keeps).
  removeStatements: (d1, day, afterKey, lastKey, nowMs) => {
    const now = nowIso(nowMs);
    return [
      ...foldArchivedViewsStatements(d1, day, afterKey, lastKey, now),
      deleteArchivedViewsStatement(d1, day, afterKey, lastKey, now),
    ];
  },
  keptIn: (d1, day, afterKey, lastKey, nowMs) => keptViewsIn(d1, day, afterKey, lastKey, nowIso(nowMs)),
};
