import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

// Every credit is a row; balances are sums of rows (docs/architecture.md §3). Amounts are integer micro-dollars.
export const earnings = sqliteTable(
  "earnings",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    // viewer/creator: view rewards; manual: added by an admin (counts to the creator balance).
    kind: text("kind", { enum: ["viewer", "creator", "manual"] }).notNull(),
    // Not a foreign key: deleting content must not touch anyone's earnings.
    viewId: text("view_id"),
    contentId: text("content_id"),
    amountMicros: integer("amount_micros").notNull(),
    description: text("description").notNull().default(""),
    createdBy: text("created_by"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    check("earnings_amount_check", sql`${t.amountMicros} >= 0`),
    // Idempotency: a view pays each side at most once, however often the job runs.
    uniqueIndex("earnings_view_side_unique").on(t.viewId, t.kind),
    // Wallet sums and the user earnings calendar.
    index("earnings_user_created_idx").on(t.userId, t.createdAt),
    // The admin earnings calendar and the manual earnings list.
    index("earnings_created_idx").on(t.createdAt),
  ],
);

export const bonuses = sqliteTable(
  "bonuses",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: ["signon", "manual"] }).notNull(),
    // Comma-separated challenge ids, or 'Manual'.
    challengeIds: text("challenge_ids").notNull(),
    totalMicros: integer("total_micros").notNull(),
    // Only "awarded" counts toward balances; "pending" waits for the earnings job (or, when the job held it
    // for review, for an admin); "rejected" never counts.
    status: text("status", { enum: ["pending", "awarded", "rejected"] }).notNull(),
    description: text("description").notNull().default(""),
    createdAt: text("created_at").notNull(),
    awardedAt: text("awarded_at"),
    // Sign-on bonuses: null until the earnings job ran its risk checks; then the comma-separated reasons it
    // found ('' when none, and the bonus is awarded in the same batch).
    reviewReasons: text("review_reasons"),
    reviewNote: text("review_note"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: text("reviewed_at"),
  },
  (t) => [
    check("bonuses_amount_check", sql`${t.totalMicros} >= 0`),
    // Idempotency: one sign-on bonus per user, ever.
    uniqueIndex("bonuses_signon_unique").on(t.userId).where(sql`${t.kind} = 'signon'`),
    index("bonuses_user_idx").on(t.userId, t.status),
    // The job's queue of bonuses to award.
    index("bonuses_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountMicros: integer("amount_micros").notNull(),
    paymentMethod: text("payment_method").notNull(),
    paymentReference: text("payment_reference"),
    status: text("status", { enum: ["pending", "completed"] }).notNull(),
    notes: text("notes"),
    createdBy: text("created_by"),
    createdAt: text("created_at").notNull(),
    processedAt: text("processed_at"),
  },
  (t) => [
    check("payments_amount_check", sql`${t.amountMicros} > 0`),
    // Wallet sums and a user's payment history, newest first.
    index("payments_user_created_idx").on(t.userId, t.createdAt),
    index("payments_created_idx").on(t.createdAt),
  ],
);
