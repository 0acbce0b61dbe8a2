import { newId } from "../../lib/ids";
import type { Db } from "../client";
import { payments } from "../schema";
import { prepareShared, rowAuditSql, rowColumnsSql } from "./audited-change";
import { notifyOnceSql } from "./notification-writes";
import { availableSql } from "./balance-parts";

export type PaymentValues = {
  id: string;
  userId: string;
  amountMicros: number;
  paymentMethod: string;
  paymentReference: string | null;
  status: "pending" | "completed";
  notes: string | null;
  processedAt: string | null;
};
type PaymentRow = typeof payments.$inferSelect;
export type WriteOptions = { override: boolean; actorId: string; now: string };

// The parameters every statement of one payment write shares: ?1 payment id, ?2 user, ?3 amount, ?4 method,
// ?5 reference, ?6 status, ?7 notes, ?8 now, ?9 override, ?10 the admin, ?11 the audit row's id, and for a
// new payment ?12 its processing time.
const params = (p: Omit<PaymentValues, "processedAt">, o: WriteOptions, processedAt?: string | null) => [
  p.id, p.userId, p.amountMicros, p.paymentMethod, p.paymentReference, p.status, p.notes, o.now, o.override ? 1 : 0, o.actorId, newId(),
  ...(processedAt === undefined ? [] : [processedAt]),
];

// A payment may draw only on the available balance (balance-parts.ts: credits less held credits less every
// payment, leaving out the one being edited), and only for a user who exists. Evaluated inside the write,
// so two payments recorded at the same moment cannot both spend the same balance.
const USER_FOUND = "exists (select 1 from users where id = ?2)";
const AVAILABLE = availableSql("?2", "?8", "?1");
const PAYABLE = `${USER_FOUND} and (?9 = 1 or ${AVAILABLE} >= ?3)`;

// Completed keeps its first processing time; back to pending clears it.
const PROCESSED_AT = "case when ?6 = 'completed' then coalesce(p.processed_at, ?8) end";

/** The audit log's record of a payment: the same snake_case, micro-dollar shape as other money rows. */
const auditJson = (v: { user: string; amount: string; method: string; reference: string; status: string; notes: string; processedAt: string }) =>
  `json_object('user_id', ${v.user}, 'amount_micros', ${v.amount}, 'payment_method', ${v.method}, 'payment_reference', ${v.reference},
     'status', ${v.status}, 'notes', ${v.notes}, 'processed_at', ${v.processedAt})`;
const AS_STORED = auditJson({
  user: "p.user_id", amount: "p.amount_micros", method: "p.payment_method", reference: "p.payment_reference",
  status: "p.status", notes: "p.notes", processedAt: "p.processed_at",
});
const AS_CHANGED = auditJson({ user: "?2", amount: "?3", method: "?4", reference: "?5", status: "?6", notes: "?7", processedAt: PROCESSED_AT });

const audit = (a: Pick<Parameters<typeof rowAuditSql>[0], "action" | "where" | "before" | "after">) =>
  rowAuditSql({ ...a, entity: "payment", table: "payments", alias: "p", id: "?11", actor: "?10", now: "?8" });

// Read back in the same batch: the payment as the batch left it, and, for a refusal, what was missing.
const READ_PAYMENT = `select ${rowColumnsSql(payments, "p")}, u.email as "email" from payments p join users u on u.id = p.user_id where p.id = ?1`;
const READ_FIGURES = `select ${USER_FOUND} as "userFound", ${AVAILABLE} as "availableMicros"`;

/** Whether the write happened; the payment after the batch (null when there is none); the user and balance it was judged on. */
export type PaymentWrite = {
  written: boolean;
  payment: { row: PaymentRow; email: string } | null;
  userFound: boolean;
  availableMicros: number;
};

async function run(db: Db, texts: string[], values: unknown[], writeAt: number): Promise<PaymentWrite> {
  const d1 = db.$client;
  const results = await d1.batch([...texts, READ_PAYMENT, READ_FIGURES].map((text) => prepareShared(d1, text, values)));
  const found = results.at(-2)!.results[0] as (PaymentRow & { email: string }) | undefined;
  const figures = results.at(-1)!.results[0] as { userFound: number; availableMicros: number };
  const payment = found ? (({ email, ...row }) => ({ row, email }))(found) : null;
  return { written: (results[writeAt]!.meta.changes ?? 0) > 0, payment, userFound: figures.userFound === 1, availableMicros: figures.availableMicros };
}

/** Inserts the payment if its user exists and the balance covers it (or `override`), audited in the same batch. */
export function insertPayment(db: Db, p: PaymentValues, o: WriteOptions) {
  return run(db, [
    `insert into payments (id, user_id, amount_micros, payment_method, payment_reference, status, notes, created_by, created_at, processed_at)
     select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?10, ?8, ?12 where ${PAYABLE}`,
    audit({ action: "create", where: "p.id = ?1", before: null, after: AS_STORED }),
    // The bell (docs/decisions/046): the member is told of the payment once, keyed by its id.
    notifyOnceSql("payment_recorded", "payments", { user: "p.user_id", ref: "p.id", subject: "p.id", amount: "p.amount_micros", at: "?8", rest: "from payments p where p.id = ?1" }),
  ], params(p, o, p.processedAt), 0);
}

/** Updates the payment if its (new) user exists and the balance without its old amount covers the new one, or `override`. */
export function updatePayment(db: Db, p: Omit<PaymentValues, "processedAt">, o: WriteOptions) {
  const where = `p.id = ?1 and ${PAYABLE}`;
  return run(db, [
    audit({ action: "update", where, before: AS_STORED, after: AS_CHANGED }),
    `update payments as p set user_id = ?2, amount_micros = ?3, payment_method = ?4, payment_reference = ?5, status = ?6,
       notes = ?7, processed_at = ${PROCESSED_AT} where ${where}`,
  ], params(p, o), 1);
}

/** Deletes the payment, audited in the same batch; returns whether there was one to delete. */
export async function deletePayment(db: Db, id: string, o: Omit<WriteOptions, "override">) {
  const d1 = db.$client;
  // ?1 payment id, ?2 the admin, ?3 the audit row's id, ?4 now.
  const values = [id, o.actorId, newId(), o.now];
  const [, deleted] = await d1.batch([
    rowAuditSql({ action: "delete", entity: "payment", table: "payments", alias: "p", where: "p.id = ?1", before: AS_STORED, after: null, id: "?3", actor: "?2", now: "?4" }),
    "delete from payments where id = ?1",
  ].map((text) => prepareShared(d1, text, values)));
  return (deleted!.meta.changes ?? 0) > 0;
}
