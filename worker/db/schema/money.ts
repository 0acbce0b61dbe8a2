import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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
    // When the credit becomes available for payment: view rewards after the holding period
    // (earnings_hold_days), manual earnings at once (docs/decisions/019). Set when written, never changed.
    availableAt: text("available_at").notNull().default(""),
    // A view reward given back by a granted appeal (docs/decisions/096) is a new row of the same view and side:
    // it names the earning whose reversal it gives back, and is one generation after it (originals are 0). So a
    // view and side holds a chain of rows, each reversed before the next was written: net, one reward or none.
    restoresEarningId: text("restores_earning_id"),
    generation: integer("generation").notNull().default(0),
  },
  (t) => [
    check("earnings_amount_check", sql`${t.amountMicros} >= 0`),
    // Idempotency: a view pays each side at most once per generation, however often the job runs (it writes
    // generation 0) or an appeal is decided (generation n + 1 gives back generation n, once).
    uniqueIndex("earnings_view_side_unique").on(t.viewId, t.kind, t.generation),
    // Wallet sums and the user earnings calendar.
    index("earnings_user_created_idx").on(t.userId, t.createdAt),
    // The admin earnings calendar and the manual earnings list.
    index("earnings_created_idx").on(t.createdAt),
    // The fraud sweep reads view rewards still in holding, and only those.
    index("earnings_held_idx")
      .on(t.availableAt)
      .where(sql`${t.viewId} is not null`),
    // The credited notice (docs/decisions/033): a member's own view rewards after their mark. The index's
    // implicit rowid column serves `user_id = ? and rowid > ?` as one range (rows leave only by the period
    // close, which never removes the table's newest row, so rowids are never reused: decision 052).
    index("earnings_viewer_notice_idx")
      .on(t.userId)
      .where(sql`${t.kind} = 'viewer'`),
  ],
);

// How far each member has been told of their own view rewards, by "+$0.003" (docs/decisions/033): the rowid of
// the last `viewer` earning they were told of, and the sum that notice told. Advanced only from the mark it
// was read at, so one credit is told once however many polls (tabs, the cron first) race for it.
export const creditNotices = sqliteTable("credit_notices", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  seenRowid: integer("seen_rowid").notNull(),
  toldMicros: integer("told_micros").notNull(),
  // View rewards past the mark that the period close folded before they were told (docs/decisions/052): the
  // next tell adds them and sets this back to 0, so a close neither hides a credit from the notice nor tells it twice.
  untoldFoldedMicros: integer("untold_folded_micros").notNull().default(0),
});

// A view reward taken back after a fraud review (docs/decisions/019) or by a moderation action, a takedown
// or a suspension (docs/decisions/027): the negative of the original earning, on the same side of the same
// user's wallet. Keyed by the earning, so an earning is reversed at most once, whatever reverses it first;
// nothing is deleted or edited.
export const reversals = sqliteTable(
  "reversals",
  {
    earningId: text("earning_id")
      .primaryKey()
      .references(() => earnings.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    // The balance it comes off: the original earning's kind.
    side: text("side", { enum: ["viewer", "creator"] }).notNull(),
    viewId: text("view_id"),
    amountMicros: integer("amount_micros").notNull(),
    // The fraud rule, or "takedown", "suspended_viewer", "suspended_creator" (which party of the view was suspended).
    reason: text("reason").notNull(),
    // What decided it: the fraud review's id, or the moderation action's audit_log id.
    reviewId: text("review_id").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    check("reversals_amount_check", sql`${t.amountMicros} < 0`),
    index("reversals_user_created_idx").on(t.userId, t.createdAt),
    index("reversals_created_idx").on(t.createdAt),
    index("reversals_view_idx").on(t.viewId),
  ],
);

// A suspicious pattern the fraud sweep found among view rewards still in holding, and the admin's decision.
export const reviews = sqliteTable(
  "reviews",
  {
    id: text("id").primaryKey(),
    rule: text("rule", {
      enum: ["ring", "lockstep", "exclusive_audience", "shared_ip", "daily_cap", "same_day_accounts", "bonus_risk"],
    }).notNull(),
    // What the pattern is about, e.g. "<viewer>:<creator>", "<viewer>" or "<content>" (per rule); for
    // `bonus_risk` the sign-on bonus's id (the flag covers that bonus, and no earnings).
    subject: text("subject").notNull(),
    // The accounts involved (JSON array of user ids) and the evidence in plain words (JSON array).
    userIds: text("user_ids").notNull(),
    evidence: text("evidence").notNull(),
    status: text("status", { enum: ["open", "reversed", "cleared"] }).notNull(),
    createdAt: text("created_at").notNull(),
    decidedBy: text("decided_by"),
    decidedAt: text("decided_at"),
    note: text("note"),
  },
  (t) => [
    // One open flag per pattern: a sweep adds newly found earnings to it instead of opening another.
    uniqueIndex("reviews_open_subject_unique")
      .on(t.rule, t.subject)
      .where(sql`${t.status} = 'open'`),
    index("reviews_status_created_idx").on(t.status, t.createdAt),
    // "Has this bonus ever been flagged" and "is it under an open flag" (bonus_risk, subject = bonus id).
    index("reviews_rule_subject_idx").on(t.rule, t.subject),
  ],
);

// The shape rules' queue (docs/decisions/065): a creator paid since the sweep last looked is pending, and is
// judged again at most once an hour (judged_at), so a busy creator costs the sweep one judgment an hour and a
// creator paid in one burst is still judged after it. The creator is named by their number (users.num).
export const shapeChecks = sqliteTable(
  "shape_checks",
  {
    creatorNum: integer("creator_num").primaryKey(),
    judgedAt: text("judged_at"),
    pending: integer("pending").notNull().default(0),
  },
  // The creators due: pending ones, longest unjudged first (never judged: '' sorts first).
  (t) => [
    index("shape_checks_due_idx")
      .on(t.judgedAt)
      .where(sql`${t.pending} = 1`),
  ],
);

// The held earnings a flag covers. While any open flag covers an earning it stays pending.
export const reviewEarnings = sqliteTable(
  "review_earnings",
  {
    reviewId: text("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "restrict" }),
    earningId: text("earning_id")
      .notNull()
      .references(() => earnings.id, { onDelete: "restrict" }),
    // The flag's rule, copied so "already flagged under this rule" is one index lookup.
    rule: text("rule").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.earningId] }),
    index("review_earnings_earning_idx").on(t.earningId, t.rule),
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
    // Set when awarded: sign-on bonuses after the holding period, manual bonuses at once (decision 019).
    availableAt: text("available_at"),
  },
  (t) => [
    check("bonuses_amount_check", sql`${t.totalMicros} >= 0`),
    // Idempotency: one sign-on bonus per user, ever.
    uniqueIndex("bonuses_signon_unique")
      .on(t.userId)
      .where(sql`${t.kind} = 'signon'`),
    index("bonuses_user_idx").on(t.userId, t.status),
    // The job's queue of bonuses to award.
    index("bonuses_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // The job's notice of the bonuses it just awarded (awarded_at = the run's time; docs/decisions/046).
    index("bonuses_awarded_idx")
      .on(t.awardedAt)
      .where(sql`${t.awardedAt} is not null`),
    // The fraud sweep's `bonus_risk` rule reads awarded sign-on bonuses still in holding, and only those.
    index("bonuses_held_idx")
      .on(t.availableAt)
      .where(sql`${t.status} = 'awarded' and ${t.kind} = 'signon'`),
  ],
);

// An awarded sign-on bonus taken back after a fraud review (decision 031): the negative of the bonus, on the
// viewer side of the same user's wallet. Keyed by the bonus, so a bonus is reversed at most once; the bonus
// row itself is never deleted or edited.
export const bonusReversals = sqliteTable(
  "bonus_reversals",
  {
    bonusId: text("bonus_id")
      .primaryKey()
      .references(() => bonuses.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountMicros: integer("amount_micros").notNull(),
    // The fraud rule that found it ("bonus_risk").
    reason: text("reason").notNull(),
    reviewId: text("review_id").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    check("bonus_reversals_amount_check", sql`${t.amountMicros} < 0`),
    // Wallet sums.
    index("bonus_reversals_user_idx").on(t.userId, t.createdAt),
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
    // The part drawn from the viewer side; the rest (amount − viewer_micros) comes from the creator side.
    // Set when written, from the viewer side's available money first (docs/decisions/066), so a payment never
    // draws held money and each side's payouts line stays the same whatever is released later.
    viewerMicros: integer("viewer_micros").notNull().default(0),
    // The payout request this payment settled (docs/decisions/066). Such a payment is permanent: the database
    // refuses its deletion and any change of its money (migration 0037); a correction is a payment reversal.
    requestId: text("request_id"),
  },
  (t) => [
    check("payments_amount_check", sql`${t.amountMicros} > 0`),
    // The payments of a request (one, unless a correction reversed it and the request was reopened and paid again).
    index("payments_request_idx")
      .on(t.requestId)
      .where(sql`${t.requestId} is not null`),
    // Wallet sums and a user's payment history, newest first.
    index("payments_user_created_idx").on(t.userId, t.createdAt),
    index("payments_created_idx").on(t.createdAt),
  ],
);

// A member's request to be paid (docs/decisions/036). While open it reserves its amount: availableSql
// subtracts open requests, so neither an admin payment nor a second request can draw the same money. Paying
// it inserts the payment and closes the request in one batch, so the amount is counted once (reserved, then
// paid), never twice; rejection or cancellation frees it. Rows are kept, never deleted.
export const payoutRequests = sqliteTable(
  "payout_requests",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountMicros: integer("amount_micros").notNull(),
    paymentMethod: text("payment_method").notNull(),
    payoutAddress: text("payout_address").notNull(),
    // open: reserves its amount, the member may cancel; sent: in a payout batch (still reserved, no longer
    // cancellable); paid; rejected by an admin; cancelled by the member; returned: the batch or a correction
    // gave the money back, available again (docs/decisions/066).
    status: text("status", { enum: ["open", "sent", "paid", "rejected", "cancelled", "returned"] }).notNull(),
    createdAt: text("created_at").notNull(),
    decidedAt: text("decided_at"),
    // The admin who paid or rejected it; the member themselves when cancelled.
    decidedBy: text("decided_by"),
    // Why an admin rejected it.
    reason: text("reason"),
    // The payment that paid it.
    paymentId: text("payment_id"),
    // The part of the amount drawn from the viewer side, fixed when the request was made from the viewer
    // side's available money first; the payment that settles it copies it (docs/decisions/066).
    viewerMicros: integer("viewer_micros").notNull().default(0),
    // The payout batch that sent it (docs/decisions/066).
    batchId: integer("batch_id"),
  },
  (t) => [
    check("payout_requests_amount_check", sql`${t.amountMicros} > 0`),
    // One open request per member: the second of two racing requests fails here at the latest.
    uniqueIndex("payout_requests_open_unique")
      .on(t.userId)
      .where(sql`${t.status} in ('open', 'sent')`),
    // A member's requests, newest first; the reservation sum.
    index("payout_requests_user_idx").on(t.userId, t.status),
    // The admin list, open first.
    index("payout_requests_status_created_idx").on(t.status, t.createdAt),
    index("payout_requests_batch_idx")
      .on(t.batchId)
      .where(sql`${t.batchId} is not null`),
  ],
);

// A correction of a payment (docs/decisions/066): the payment did not reach the member, or not in full, so its
// whole amount comes back to the balances it was drawn from. The payment row is never deleted or edited; a
// payment is reversed at most once. When the payment settled a request, the reversal says what became of the
// request: `reopened` (open again, reserved, to be paid again) or `closed` (returned; the money available).
export const paymentReversals = sqliteTable(
  "payment_reversals",
  {
    paymentId: text("payment_id")
      .primaryKey()
      .references(() => payments.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountMicros: integer("amount_micros").notNull(),
    viewerMicros: integer("viewer_micros").notNull(),
    reason: text("reason").notNull(),
    requestOutcome: text("request_outcome", { enum: ["reopened", "closed"] }),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    check("payment_reversals_amount_check", sql`${t.amountMicros} > 0`),
    index("payment_reversals_user_idx").on(t.userId),
  ],
);

// Open payout requests sent together as one PayPal Payouts upload (docs/decisions/066), numbered 1, 2, 3…
// "sent in batch N". Its result is recorded once: every request not returned is paid.
export const payoutBatches = sqliteTable("payout_batches", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  count: integer("count").notNull(),
  totalMicros: integer("total_micros").notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: text("created_at").notNull(),
  recordedBy: text("recorded_by"),
  recordedAt: text("recorded_at"),
});

// Where a member is paid (docs/decisions/066): every change is a new row; the newest is current. A changed
// destination may be used from `usable_at` (7 days after the change; at once for a member's first).
export const payoutDestinations = sqliteTable(
  "payout_destinations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    paymentMethod: text("payment_method").notNull(),
    payoutAddress: text("payout_address").notNull(),
    // common/payouts.ts normalizePayoutAddress: one destination however it is typed.
    addressKey: text("address_key").notNull(),
    createdAt: text("created_at").notNull(),
    usableAt: text("usable_at").notNull(),
  },
  (t) => [
    index("payout_destinations_user_idx").on(t.userId, t.createdAt),
    // The admin's payout requests: the other accounts whose destination has the request's key
    // (listRequests, docs/decisions/108).
    index("payout_destinations_key_idx").on(t.addressKey),
  ],
);

// Who holds each payout address (docs/decisions/066): the first member to name it, for good. Another member
// naming it is refused, and the refusal is kept so the admin sees both accounts.
export const payoutAddressHolders = sqliteTable("payout_address_holders", {
  addressKey: text("address_key").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "restrict" }),
  createdAt: text("created_at").notNull(),
});

export const payoutAddressRefusals = sqliteTable(
  "payout_address_refusals",
  {
    id: text("id").primaryKey(),
    addressKey: text("address_key").notNull(),
    // The member who was refused, and the holder at the time.
    userId: text("user_id").notNull(),
    holderId: text("holder_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("payout_address_refusals_key_idx").on(t.addressKey)],
);
