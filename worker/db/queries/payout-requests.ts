import { newId } from "../../lib/ids";
import type { Db } from "../client";
import { payments, payoutRequests } from "../schema";
import { notifyOnceSql } from "./notification-writes";
import { prepareShared, rowAuditSql, rowColumnsSql } from "./audited-change";
import { availableSql } from "./balance-parts";

// Payout requests (docs/decisions/036). Every write is one D1 batch whose condition is inside the write:
// the available balance (balance-parts.ts, which subtracts open requests) and "no open request yet" for a
// new request; "still open" for cancel, pay and reject. Racing writes are settled by those conditions.

export type PayoutRequestRow = typeof payoutRequests.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const OPEN_OF = (user: string) => `exists (select 1 from payout_requests where user_id = ${user} and status = 'open')`;
const READ_REQUEST = `select ${rowColumnsSql(payoutRequests, "q")} from payout_requests q where q.id = ?1`;

export type RequestValues = { id: string; userId: string; amountMicros: number; paymentMethod: string; payoutAddress: string };

/** What a new request was judged on, read in the same batch before the insert. */
type RequestFigures = { availableMicros: number; hasOpen: boolean };

/**
 * Opens the request if the member has none open and their available balance covers it and the minimum.
 * ?1 id, ?2 user, ?3 amount, ?4 method, ?5 address, ?6 now, ?7 the minimum.
 */
export async function insertRequest(db: Db, v: RequestValues, o: { now: string; minimumMicros: number }) {
  const d1 = db.$client;
  const values = [v.id, v.userId, v.amountMicros, v.paymentMethod, v.payoutAddress, o.now, o.minimumMicros];
  const [figures, inserted, read] = await d1.batch([
    `select ${availableSql("?2", "?6")} as "availableMicros", ${OPEN_OF("?2")} as "hasOpen"`,
    `insert into payout_requests (id, user_id, amount_micros, payment_method, payout_address, status, created_at)
     select ?1, ?2, ?3, ?4, ?5, 'open', ?6
     where ?3 >= ?7 and not ${OPEN_OF("?2")} and ${availableSql("?2", "?6")} >= ?3`,
    READ_REQUEST,
  ].map((text) => prepareShared(d1, text, values)));
  const f = figures!.results[0] as { availableMicros: number; hasOpen: number };
  return {
    written: (inserted!.meta.changes ?? 0) > 0,
    request: (read!.results[0] as PayoutRequestRow | undefined) ?? null,
    figures: { availableMicros: f.availableMicros, hasOpen: f.hasOpen === 1 } satisfies RequestFigures,
  };
}

/** The member cancels their own open request; the request as it is after (null when not theirs or none). */
export async function cancelRequest(db: Db, o: { id: string; userId: string; now: string }) {
  const d1 = db.$client;
  const values = [o.id, o.userId, o.now];
  const [updated, read] = await d1.batch([
    `update payout_requests set status = 'cancelled', decided_at = ?3, decided_by = ?2 where id = ?1 and user_id = ?2 and status = 'open'`,
    `${READ_REQUEST} and q.user_id = ?2`,
  ].map((text) => prepareShared(d1, text, values)));
  return { written: (updated!.meta.changes ?? 0) > 0, request: (read!.results[0] as PayoutRequestRow | undefined) ?? null };
}

/** The audit log's record of a request. */
const AS_STORED = `json_object('user_id', q.user_id, 'amount_micros', q.amount_micros, 'payment_method', q.payment_method,
  'payout_address', q.payout_address, 'status', q.status, 'reason', q.reason, 'payment_id', q.payment_id)`;
const asDecided = (status: string, reason: string, paymentId: string) =>
  `json_object('user_id', q.user_id, 'amount_micros', q.amount_micros, 'payment_method', q.payment_method,
  'payout_address', q.payout_address, 'status', ${status}, 'reason', ${reason}, 'payment_id', ${paymentId})`;
const PAYMENT_JSON = `json_object('user_id', p.user_id, 'amount_micros', p.amount_micros, 'payment_method', p.payment_method,
  'payment_reference', p.payment_reference, 'status', p.status, 'notes', p.notes, 'processed_at', p.processed_at)`;

type PayResult = { written: boolean; request: PayoutRequestRow | null; payment: PaymentRow | null; availableMicros: number };

/**
 * Pays an open request: inserts the completed payment for its amount and closes it, in one batch, so the
 * reservation hands over to the payment and the amount is never counted twice. The payment needs the
 * available balance without this request's own reservation to cover it (a reversal since may have eaten it).
 * ?1 request, ?2 payment id, ?3 reference, ?4 notes, ?5 now, ?6 admin, ?7 and ?8 audit row ids.
 */
export async function payRequest(db: Db, o: { id: string; reference: string | null; notes: string | null; now: string; actorId: string }) {
  const d1 = db.$client;
  const values = [o.id, newId(), o.reference, o.notes, o.now, o.actorId, newId(), newId()];
  const paid = "q.id = ?1 and q.status = 'open' and exists (select 1 from payments where id = ?2)";
  const results = await d1.batch([
    `insert into payments (id, user_id, amount_micros, payment_method, payment_reference, status, notes, created_by, created_at, processed_at)
     select ?2, q.user_id, q.amount_micros, q.payment_method, ?3, 'completed',
            coalesce(?4, 'Payout request to ' || q.payout_address), ?6, ?5, ?5
     from payout_requests q
     where q.id = ?1 and q.status = 'open' and ${availableSql("q.user_id", "?5", "''", "q.id")} >= q.amount_micros`,
    rowAuditSql({ action: "create", entity: "payment", table: "payments", alias: "p", where: "p.id = ?2", before: null, after: PAYMENT_JSON, id: "?7", actor: "?6", now: "?5" }),
    rowAuditSql({ action: "update", entity: "payout_request", table: "payout_requests", alias: "q", where: paid, before: AS_STORED, after: asDecided("'paid'", "q.reason", "?2"), id: "?8", actor: "?6", now: "?5" }),
    `update payout_requests as q set status = 'paid', payment_id = ?2, decided_at = ?5, decided_by = ?6 where ${paid}`,
    READ_REQUEST,
    `select ${rowColumnsSql(payments, "p")} from payments p where p.id = ?2`,
    `select coalesce((select ${availableSql("q.user_id", "?5", "''", "q.id")} from payout_requests q where q.id = ?1), 0) as "availableMicros"`,
    // The bell (docs/decisions/046), last so the reads above keep their places: told once, keyed by the request.
    notifyOnceSql("payout_paid", "payments", { user: "q.user_id", ref: "q.id", subject: "q.id", amount: "q.amount_micros", at: "?5", rest: "from payout_requests q where q.id = ?1 and q.payment_id = ?2" }),
  ].map((text) => prepareShared(d1, text, values)));
  return {
    written: (results[3]!.meta.changes ?? 0) > 0,
    request: (results[4]!.results[0] as PayoutRequestRow | undefined) ?? null,
    payment: (results[5]!.results[0] as PaymentRow | undefined) ?? null,
    availableMicros: (results[6]!.results[0] as { availableMicros: number }).availableMicros,
  } satisfies PayResult;
}

/** Rejects an open request with a reason, audited; frees its reservation. ?1 id, ?2 reason, ?3 now, ?4 admin, ?5 audit id. */
export async function rejectRequest(db: Db, o: { id: string; reason: string; now: string; actorId: string }) {
  const d1 = db.$client;
  const values = [o.id, o.reason, o.now, o.actorId, newId()];
  const open = "q.id = ?1 and q.status = 'open'";
  const results = await d1.batch([
    rowAuditSql({ action: "update", entity: "payout_request", table: "payout_requests", alias: "q", where: open, before: AS_STORED, after: asDecided("'rejected'", "?2", "q.payment_id"), id: "?5", actor: "?4", now: "?3" }),
    `update payout_requests as q set status = 'rejected', reason = ?2, decided_at = ?3, decided_by = ?4 where ${open}`,
    READ_REQUEST,
    notifyOnceSql("payout_rejected", "payments", {
      user: "q.user_id", ref: "q.id", subject: "q.id", amount: "q.amount_micros", detail: "q.reason", at: "?3",
      rest: "from payout_requests q where q.id = ?1 and q.status = 'rejected' and q.decided_at = ?3 and q.decided_by = ?4",
    }),
  ].map((text) => prepareShared(d1, text, values)));
  return { written: (results[1]!.meta.changes ?? 0) > 0, request: (results[2]!.results[0] as PayoutRequestRow | undefined) ?? null };
}

/** A member's requests, newest first. */
export async function requestsOf(db: Db, userId: string) {
  const { results } = await db.$client
    .prepare(`${READ_REQUEST.replace("where q.id = ?1", "where q.user_id = ?1")} order by q.created_at desc, q.id desc limit 100`)
    .bind(userId)
    .all<PayoutRequestRow>();
  return results;
}

/** Every request (or those of one status) with the member's email: open first, then newest first. */
export async function listRequests(db: Db, status: PayoutRequestRow["status"] | undefined) {
  const { results } = await db.$client
    .prepare(
      `select ${rowColumnsSql(payoutRequests, "q")}, u.email as "email" from payout_requests q join users u on u.id = q.user_id
       where (?1 is null or q.status = ?1) order by (q.status = 'open') desc, q.created_at desc, q.id desc limit 500`,
    )
    .bind(status ?? null)
    .all<PayoutRequestRow & { email: string }>();
  return results;
}

/**
 * What the member has available now and what they were credited over the last 7 days (earnings of both
 * sides and awarded bonuses, less reversals in that window), for "you reach the minimum in about N days".
 * ?1 user, ?2 now, ?3 the start of the window.
 */
export async function paceOf(db: Db, o: { userId: string; now: string; since: string }) {
  const row = await db.$client
    .prepare(
      `select ${availableSql("?1", "?2")} as "availableMicros",
         (select coalesce(sum(amount_micros), 0) from earnings where user_id = ?1 and created_at >= ?3)
         + (select coalesce(sum(total_micros), 0) from bonuses where user_id = ?1 and status = 'awarded' and awarded_at >= ?3)
         + (select coalesce(sum(amount_micros), 0) from reversals where user_id = ?1 and created_at >= ?3)
         + (select coalesce(sum(amount_micros), 0) from bonus_reversals where user_id = ?1 and created_at >= ?3) as "weekMicros"`,
    )
    .bind(o.userId, o.now, o.since)
    .first<{ availableMicros: number; weekMicros: number }>();
  return row!;
}
