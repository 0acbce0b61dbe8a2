import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

// The data lifecycle (docs/architecture.md §3 "Data lifecycle"): rows that grow with traffic leave D1 for R2 once they are final and older than
// their window, one UTC day at a time, in bounded parts. A part is written to R2 first, then this row is
// inserted in the same D1 batch that removes (and folds) exactly the rows it holds: the row is the permit the
// permanence triggers check, and its primary key makes a repeated batch fail whole, so nothing is removed or
// folded twice. A crash between the R2 write and the batch leaves the rows in D1; the next run writes the same
// part again.
export const archiveParts = sqliteTable(
  "archive_parts",
  {
    dataset: text("dataset", { enum: ["visits", "page-days", "views", "member-days"] }).notNull(),
    day: text("day").notNull(),
    part: integer("part").notNull(),
    // The part holds the day's rows whose key is > after_key and <= last_key, in key order.
    afterKey: text("after_key").notNull(),
    lastKey: text("last_key").notNull(),
    rows: integer("rows").notNull(),
    // Rows in the key range that stay in D1 (evidence an open or decided review still names).
    kept: integer("kept").notNull().default(0),
    bytes: integer("bytes").notNull(),
    sha256: text("sha256").notNull(),
    objectKey: text("object_key").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dataset, t.day, t.part] }),
    check("archive_parts_key_order", sql`${t.afterKey} < ${t.lastKey}`),
  ],
);

// One row per dataset and UTC day once its first part is written; `done` when every row of the day has left D1
// and the day's manifest (parts, row counts, SHA-256, the previous day's manifest hash) is in R2.
export const archiveDays = sqliteTable(
  "archive_days",
  {
    dataset: text("dataset", { enum: ["visits", "page-days", "views", "member-days"] }).notNull(),
    day: text("day").notNull(),
    status: text("status", { enum: ["open", "done"] }).notNull(),
    parts: integer("parts").notNull().default(0),
    rows: integer("rows").notNull().default(0),
    kept: integer("kept").notNull().default(0),
    bytes: integer("bytes").notNull().default(0),
    manifestKey: text("manifest_key"),
    // SHA-256 of the day's manifest as stored in R2, and the one before it: the chain of the dataset's days.
    sha256: text("sha256"),
    prevSha256: text("prev_sha256"),
    startedAt: text("started_at").notNull(),
    doneAt: text("done_at"),
  },
  (t) => [primaryKey({ columns: [t.dataset, t.day] }), index("archive_days_status_idx").on(t.dataset, t.status, t.day)],
);
