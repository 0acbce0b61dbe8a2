import type { Db } from "../client";
import { newId } from "../../lib/ids";
import { availableSql } from "./balance-parts";

// A payment may draw only on the available balance (balance-parts.ts: credits less held credits less every
// payment, optionally leaving one payment out, the one being edited). Evaluated inside the write, so two
// payments recorded at the same moment cannot both spend the same balance.
const available = (nowParam: string) => availableSql("?2", nowParam, "?1");

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

/** What a payment may draw on at `now` (micro-dollars), leaving one payment out when it is being edited. */
export async function availableMicros(db: Db, userId: string, now: string, excludingPaymentId = "") {
  const row = await db.$client.prepare(`select ${available("?3")} as available`).bind(excludingPaymentId, userId, now).first<{ available: number }>();
  return row?.available ?? 0;
}

/** What the audit log records of a payment: the same snake_case, micro-dollar shape as other money rows. */
export const paymentAuditView = (p: Omit<PaymentValues, "id">) => ({
  user_id: p.userId,
  amount_micros: p.amountMicros,
  payment_method: p.paymentMethod,
  payment_reference: p.paymentReference,
  status: p.status,
  notes: p.notes,
  processed_at: p.processedAt,
});

function auditInsert(db: Db, p: PaymentValues, actorId: string, action: "create" | "update", before: unknown, now: string) {
  // Written only if the payment row now holds these values: the audit never records a refused change.
  return db.$client
    .prepare(
      `insert into audit_log (id, actor_id, action, entity, entity_id, before, after, created_at)
       select ?1, ?2, ?3, 'payment', ?4, ?5, ?6, ?7 where exists (select 1 from payments where id = ?4 and amount_micros = ?8 and status = ?9)`,
    )
    .bind(newId(), actorId, action, p.id, before === undefined ? null : JSON.stringify(before), JSON.stringify(paymentAuditView(p)), now, p.amountMicros, p.status);
}

/** Inserts the payment if the balance covers it (or `override`); returns whether it was written. */
export async function insertPayment(db: Db, p: PaymentValues, o: { override: boolean; actorId: string; now: string }) {
  const [write] = await db.$client.batch([
    db.$client
      .prepare(
        `insert into payments (id, user_id, amount_micros, payment_method, payment_reference, status, notes, created_by, created_at, processed_at)
         select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 where ?11 = 1 or ${available("?9")} >= ?3`,
      )
      .bind(p.id, p.userId, p.amountMicros, p.paymentMethod, p.paymentReference, p.status, p.notes, o.actorId, o.now, p.processedAt, o.override ? 1 : 0),
    auditInsert(db, p, o.actorId, "create", undefined, o.now),
  ]);
  return (write!.meta.changes ?? 0) > 0;
}

/** Updates the payment if the balance (without its old amount) covers the new one, or `override`. */
export async function updatePayment(db: Db, p: PaymentValues, before: unknown, o: { override: boolean; actorId: string; now: string }) {
  const [write] = await db.$client.batch([
    db.$client
      .prepare(
        `update payments set user_id = ?2, amount_micros = ?3, payment_method = ?4, payment_reference = ?5, status = ?6,
           notes = ?7, processed_at = ?8 where id = ?1 and (?9 = 1 or ${available("?10")} >= ?3)`,
      )
      .bind(p.id, p.userId, p.amountMicros, p.paymentMethod, p.paymentReference, p.status, p.notes, p.processedAt, o.override ? 1 : 0, o.now),
    auditInsert(db, p, o.actorId, "update", before, o.now),
  ]);
  return (write!.meta.changes ?? 0) > 0;
}
