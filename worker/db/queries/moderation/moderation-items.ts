import type { Db } from "../../client";
import { CREATOR_NAME_SQL } from "../content/content";
import { reportAggregateColumns, type ReportAggregates } from "./report-aggregates";

// The moderators' view of an item (GET /api/admin/moderation, and every content action's answer): the item,
// its creator's standing, and the reports that bear on it. While the item is visible those are its open
// reports; once taken down, also the reports the takedown actioned, so the list of removed items says why.
// Pure SQL text with numbered placeholders, so a write batch can read the item back in its last statement.

export type ModeratedItemRow = {
  contentId: string;
  title: string;
  creatorId: string;
  creatorName: string;
  creatorEmail: string;
  /** 0 or 1. */
  creatorSuspended: number;
  removedAt: string | null;
  removedNote: string | null;
  /** Deleted by its creator or an admin (docs/decisions/028): kept, reports and all, for the moderators. */
  deletedAt: string | null;
} & ReportAggregates;

const QUEUE_LIMIT = 200;

// The reports of `c` that bear on it (see above), as a condition on `r`.
const BEARING = `r.content_id = c.id and (r.status = 'open' or (c.removed_at is not null and r.status = 'actioned'))`;

// A report's time is when its reporter last said it (a second report of the item updates the first).
/** The columns of a ModeratedItemRow, for a query over `content c join users u on u.id = c.created_by`. */
export const MODERATED_ITEM_COLUMNS = `c.id as contentId, c.title, c.created_by as creatorId,
  ${CREATOR_NAME_SQL} as creatorName, u.email as creatorEmail,
  (u.suspended_at is not null) as creatorSuspended, c.removed_at as removedAt, c.removed_note as removedNote,
  c.deleted_at as deletedAt,
  ${reportAggregateColumns({ table: "reports", column: "content_id", subjectId: "c.id", bearing: BEARING })},
  coalesce((select min(r.created_at) from reports r where ${BEARING}),
    (select min(r.created_at) from reports r where r.content_id = c.id), c.removed_at, c.created_at) as firstReportedAt,
  coalesce((select max(r.updated_at) from reports r where ${BEARING}),
    (select max(r.updated_at) from reports r where r.content_id = c.id), c.removed_at, c.created_at) as lastReportedAt`;

// Items with open reports, the most recently reported first: served by reports_open_content_idx (open
// rows only, grouped by item), then each item by its primary key.
const OPEN_QUEUE = `with queue as (
    select content_id, max(updated_at) as last_at from reports where status = 'open'
    group by content_id order by last_at desc, content_id desc limit ?1)
  select ${MODERATED_ITEM_COLUMNS} from queue q join content c on c.id = q.content_id join users u on u.id = c.created_by
  order by q.last_at desc, c.id desc`;

// Taken-down items, the latest takedown first: served by the partial index content_removed_idx.
const REMOVED_LIST = `select ${MODERATED_ITEM_COLUMNS} from content c join users u on u.id = c.created_by
  where c.removed_at is not null order by c.removed_at desc, c.id desc limit ?1`;

/** The moderators' queue: items with open reports ("open"), or taken-down items ("removed"). */
export async function moderationQueue(db: Db, status: "open" | "removed"): Promise<ModeratedItemRow[]> {
  const { results } = await db.$client
    .prepare(status === "open" ? OPEN_QUEUE : REMOVED_LIST)
    .bind(QUEUE_LIMIT)
    .all<ModeratedItemRow>();
  return results;
}
