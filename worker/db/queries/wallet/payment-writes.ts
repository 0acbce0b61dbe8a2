import { newId } from "../../../lib/ids";
import type { Db } from "../../client";
import { payments } from "../../schema";
import { prepareShared, rowAuditSql } from "../audit/audited-change";
import { rowColumnsSql } from "../row-columns";
import { notifyOnceSql } from "../notifications/notification-writes";
import { availableSql, viewerPartSql } from "./balance-parts";

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
  p.id,
  p.userId,
  p.amountMicros,
  p.paymentMethod,
  p.paymentReference,
  p.status,
  p.notes,
  o.now,
  o.override ? 1 : 0,
  o.actorId,
  newId(),
  ...(processedAt === undefined ? [] : [processedAt]),
];

// A payment may draw only on the available balance (balance-parts.ts: credits less held credits less every
// payment, leaving out the one being edited), and only for a user who exists. Evaluated inside the write,
// so two payments recorded at the same moment cannot both spend the same balance.
const USER_FOUND = "exists (select 1 from users where id = ?2)";
const AVAILABLE = availableSql("?2", "?8", "?1");
const PAYABLE = `${USER_FOUND} and (?9 = 1 or ${AVAILABLE} >= ?3)`;
// The part drawn from the viewer side: its available money first, the rest from the creator side (decision 066).
const VIEWER_PART = viewerPartSql("?2", "?8", "?3", "?1");
/**
 * A payment that settled a payout request, or that a correction reversed, is permanent (docs/decisions/066):
 * never edited or deleted (the database refuses it too, migration 0037). A correction is a reversal.
 */
const CHANGEABLE =
  "p.request_id is null and not exists (select 1 from payment_reversals pr where pr.payment_id = p.id)";

// Completed keeps its first processing time; back to pending clears it.
const PROCESSED_AT = "case when ?6 = 'completed' then coalesce(p.processed_at, ?8) end";

/** The audit log's record of a payment: the same snake_case, micro-dollar shape as other money rows. */
const auditJson = (v: {
  user: string;
  amount: string;
  method: string;
  reference: string;
  status: string;
  notes: string;
  processedAt: string;
}) =>
  `json_object('user_id', ${v.user}, 'amount_micros', ${v.amount}, 'payment_method', ${v.method}, 'payment_reference', ${v.reference},
     'status', ${v.status}, 'notes', ${v.notes}, 'processed_at', ${v.processedAt})`;
const AS_STORED = auditJson({
  user: "p.user_id",
  amount: "p.amount_micros",
  method: "p.payment_method",
  reference: "p.payment_reference",
  status: "p.status",
  notes: "p.notes",
  processedAt: "p.processed_at",
});
const AS_CHANGED = auditJson({
  user: "?2",
  amount: "?3",
  method: "?4",
  reference: "?5",
  status: "?6",
  notes: "?7",
  processedAt: PROCESSED_AT,
});

const audit = (a: Pick<Parameters<typeof rowAuditSql>[0], "action" | "where" | "before" | "after">) =>
  rowAuditSql({ ...a, entity: "payment", table: "payments", alias: "p", id: "?11", actor: "?10", now: "?8" });

// Read back in the same batch: the payment as the batch left it, and, for a refusal, what was missing.
const READ_PAYMENT = `select ${rowColumnsSql(payments, "p")}, u.email as "email" from payments p join users u on u.id = p.user_id where p.id = ?1`;
const READ_FIGURES = `select ${USER_FOUND} as "userFound", ${AVAILABLE} as "availableMicros",
  coalesce((select not (${CHANGEABLE}) from payments p where p.id = ?1), 0) as "permanent"`;

/** Whether the write happened; the payment after the batch (null when there is none); the user and balance it was judged on. */
export type PaymentWrite = {
  written: boolean;
  payment: { row: PaymentRow; email: string } | null;
  userFound: boolean;
  availableMicros: number;
  /** The payment settled a payout request or was corrected: it cannot be changed. */
  permanent: boolean;
};

async function run(db: Db, texts: string[], values: unknown[], writeAt: number): Promise<PaymentWrite> {
  const d1 = db.$client;
  const results = await d1.batch([...texts, READ_PAYMENT, READ_FIGURES].map((text) => prepareShared(d1, text, values)));
  const found = results.at(-2)!.results[0] as (PaymentRow & { email: string }) | undefined;
  const figures = results.at(-1)!.results[0] as { userFound: number; availableMicros: number; permanent: number };
  const payment = found ? (({ email, ...row }) => ({ row, email }))(found) : null;
  return {
    written: (results[writeAt]!.meta.changes ?? 0) > 0,
    payment,
    userFound: figures.userFound === 1,
    availableMicros: figures.availableMicros,
    permanent: figures.permanent === 1,
  };
}

/** Inserts the payment if its user exists and the balance covers it (or `override`), audited in the same batch. */
export function insertPayment(db: Db, p: PaymentValues, o: WriteOptions) {
  return run(
    db,
    [
      `insert into payments (id, user_id, amount_micros, payment_method, payment_reference, status, notes, created_by, created_at, processed_at, viewer_micros)
     select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?10, ?8, ?12, ${VIEWER_PART} where ${PAYABLE}`,
      audit({ action: "create", where: "p.id = ?1", before: null, after: AS_STORED }),
      // The bell (docs/decisions/046): the member is told of the payment once, keyed by its id.
      notifyOnceSql("payment_recorded", "payments", {
        user: "p.user_id",
        ref: "p.id",
        subject: "p.id",
        amount: "p.amount_micros",
        at: "?8",
        rest: "from payments p where p.id = ?1",
      }),
    ],
    params(p, o, p.processedAt),
    0,
  );
}

/** Updates the payment if its (new) user exists and the balance without its old amount covers the new one, or `override`. */
export function updatePayment(db: Db, p: Omit<PaymentValues, "processedAt">, o: WriteOptions) {
  const where = `p.id = ?1 and ${CHANGEABLE} and ${PAYABLE}`;
  return run(
    db,
    [
      audit({ action: "update", where, before: AS_STORED, after: AS_CHANGED }),
      `update payments as p set user_id = ?2, amount_micros = ?3, payment_method = ?4, payment_reference = ?5, status = ?6,
       notes = ?7, processed_at = ${PROCESSED_AT}, viewer_micros = ${VIEWER_PART} where ${where}`,
    ],
    params(p, o),
    1,
  );
}

/** Deletes a payment an admin recorded by hand, audited in the same batch; a permanent one is left (decision 066). */
export async function deletePayment(db: Db, id: string, o: Omit<WriteOptions, "override">) {
  const d1 = db.$client;
  // ?1 payment id, ?2 the admin, ?3 the audit row's id, ?4 now.
  const values = [id, o.actorId, newId(), o.now];
  const where = `p.id = ?1 and ${CHANGEABLE}`;
  const [, deleted, found] = await d1.batch(
    [
      rowAuditSql({
        action: "delete",
        entity: "payment",
        table: "payments",
        alias: "p",
        where,
        before: AS_STORED,
        after: null,
        id: "?3",
        actor: "?2",
        now: "?4",
      }),
      `delete from payments as p where ${where}`,
      "select 1 from payments where id = ?1",
    ].map((text) => prepareShared(d1, text, values)),
  );
  return { deleted: (deleted!.meta.changes ?? 0) > 0, permanent: found!.results.length > 0 };
}

/**
 * A correction (docs/decisions/066): the payment's whole amount comes back to the sides it was drawn from, as a
 * new row; the payment stays. A payment that settled a request reopens it (open again, reserving the amount,
 * unless the member has another request in flight) or closes it (returned: the money available), audited and
 * told on the bell. ?1 payment, ?2 reason, ?3 'reopen' | 'close' | null, ?4 now, ?5 admin, ?6 ?7 audit ids.
 */
export async function reversePayment(
  db: Db,
  o: { id: string; reason: string; request: "reopen" | "close" | null; now: string; actorId: string },
) {
  const d1 = db.$client;
  const values = [o.id, o.reason, o.request, o.now, o.actorId, newId(), newId()];
  const mine = "pr.payment_id = ?1 and pr.created_at = ?4 and pr.created_by = ?5";
  const otherInFlight =
    "exists (select 1 from payout_requests q2 where q2.user_id = p.user_id and q2.status in ('open', 'sent') and q2.id <> p.request_id)";
  const outcome = `case when p.request_id is null then null when ?3 = 'reopen' then 'reopened' else 'closed' end`;
  const theRequest = `q.id = (select p.request_id from payments p join payment_reversals pr on pr.payment_id = p.id where ${mine}) and q.status = 'paid'`;
  const requestJson = (status: string) =>
    `json_object('status', ${status}, 'payment_id', q.payment_id, 'reason', q.reason)`;
  const results = await d1.batch(
    [
      `insert into payment_reversals (payment_id, user_id, amount_micros, viewer_micros, reason, request_outcome, created_by, created_at)
     select p.id, p.user_id, p.amount_micros, p.viewer_micros, ?2, ${outcome}, ?5, ?4 from payments p
     where p.id = ?1 and not exists (select 1 from payment_reversals pr where pr.payment_id = p.id)
       and (p.request_id is null or ?3 in ('reopen', 'close'))
       and not (p.request_id is not null and ?3 = 'reopen' and ${otherInFlight})`,
      rowAuditSql({
        action: "update",
        entity: "payment",
        table: "payments",
        alias: "p",
        id: "?6",
        actor: "?5",
        now: "?4",
        where: `p.id = ?1 and exists (select 1 from payment_reversals pr where ${mine})`,
        before: AS_STORED,
        after: `json_object('reversed', json_object('reason', ?2, 'request', ${outcome}, 'amount_micros', p.amount_micros))`,
      }),
      rowAuditSql({
        action: "update",
        entity: "payout_request",
        table: "payout_requests",
        alias: "q",
        id: "?7",
        actor: "?5",
        now: "?4",
        where: theRequest,
        before: requestJson("q.status"),
        after: requestJson("case when ?3 = 'reopen' then 'open' else 'returned' end"),
      }),
      `update payout_requests as q set
       status = case when ?3 = 'reopen' then 'open' else 'returned' end,
       payment_id = case when ?3 = 'reopen' then null else q.payment_id end,
       batch_id = case when ?3 = 'reopen' then null else q.batch_id end,
       reason = case when ?3 = 'reopen' then q.reason else ?2 end,
       decided_at = ?4, decided_by = ?5
     where ${theRequest}`,
      notifyOnceSql("payout_corrected", "payments", {
        user: "pr.user_id",
        ref: "pr.payment_id",
        subject: "pr.payment_id",
        amount: "pr.amount_micros",
        detail: "coalesce(pr.request_outcome, '') || ':' || pr.reason",
        at: "?4",
        rest: `from payment_reversals pr where ${mine}`,
      }),
      READ_PAYMENT,
      `select p.request_id as "requestId", ${otherInFlight} as "otherInFlight",
       exists (select 1 from payment_reversals pr where pr.payment_id = p.id and not (${mine})) as "alreadyReversed"
     from payments p where p.id = ?1`,
    ].map((text) => prepareShared(d1, text, values)),
  );
  const found = results[5]!.results[0] as (PaymentRow & { email: string }) | undefined;
  const facts = results[6]!.results[0] as
    { requestId: string | null; otherInFlight: number; alreadyReversed: number } | undefined;
  return {
    written: (results[0]!.meta.changes ?? 0) > 0,
    payment: found ? (({ email, ...row }) => ({ row, email }))(found) : null,
    requestId: facts?.requestId ?? null,
    otherInFlight: facts?.otherInFlight === 1,
    alreadyReversed: facts?.alreadyReversed === 1,
  };
}
