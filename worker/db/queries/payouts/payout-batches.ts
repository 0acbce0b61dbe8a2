import { BATCH_METHODS } from "../../../../common/payouts";
import { newId } from "../../../lib/ids";
import type { Db } from "../../client";
import { payoutRequests } from "../../schema";
import { prepareShared, rowAuditSql } from "../audit/audited-change";
import { rowColumnsSql } from "../row-columns";
import { availableSql } from "../wallet/balance-parts";
import { notifyOnceSql } from "../notifications/notification-writes";

// Payout batches (docs/decisions/066): open requests sent together as one PayPal Payouts upload, then their
// result recorded once. Every write is one D1 batch (one transaction), whose conditions are inside the writes:
// a request joins a batch only while open and still covered; a result is recorded only once.

const IN_BATCH_METHODS = `(${BATCH_METHODS.map((m) => `'${m}'`).join(", ")})`;

type RequestRow = typeof payoutRequests.$inferSelect;

/** The requests named (or, with none named, every open request) with what decides whether they may join. */
export async function batchCandidates(db: Db, o: { ids: string[] | null; now: string }) {
  const { results } = await db.$client
    .prepare(
      `select ${rowColumnsSql(payoutRequests, "q")}, ${availableSql("q.user_id", "?2", "''", "q.id")} >= q.amount_micros as "covered"
       from payout_requests q
       where case when ?1 is null then q.status = 'open' and q.payment_method in ${IN_BATCH_METHODS}
                  else q.id in (select value from json_each(?1)) end
       order by q.created_at, q.id`,
    )
    .bind(o.ids ? JSON.stringify(o.ids) : null, o.now)
    .all<RequestRow & { covered: number }>();
  return results;
}

/**
 * Puts the given requests into a new batch, numbered after the last, in one transaction: each joins only if it is
 * still open, payable in a batch and covered by the member's available balance (without its own reservation);
 * the batch's count and total are those that joined. Returns the batch (null when none joined).
 * ?1 the ids (JSON), ?2 now, ?3 the admin, ?4 audit id prefix.
 */
export async function createBatch(db: Db, o: { ids: string[]; now: string; actorId: string }) {
  const d1 = db.$client;
  const values = [JSON.stringify(o.ids), o.now, o.actorId, newId()];
  const joining = `q.id in (select value from json_each(?1)) and q.status = 'open' and q.payment_method in ${IN_BATCH_METHODS}
    and ${availableSql("q.user_id", "?2", "''", "q.id")} >= q.amount_micros`;
  // Within this batch's transaction the newest batch is this one.
  const thisBatch = "(select max(id) from payout_batches where created_by = ?3 and created_at = ?2)";
  const results = await d1.batch(
    [
      `insert into payout_batches (id, count, total_micros, created_by, created_at)
     select (select coalesce(max(id), 0) + 1 from payout_batches), count(*), sum(q.amount_micros), ?3, ?2
     from payout_requests q where ${joining} having count(*) > 0`,
      rowAuditSql({
        action: "update",
        entity: "payout_request",
        table: "payout_requests",
        alias: "q",
        where: joining,
        id: "(?4 || '.' || q.id)",
        actor: "?3",
        now: "?2",
        before: "json_object('status', q.status)",
        after: `json_object('status', 'sent', 'batch_id', ${thisBatch})`,
      }),
      `update payout_requests as q set status = 'sent', batch_id = ${thisBatch} where ${thisBatch} is not null and ${joining}`,
      `select id, count, total_micros as "totalMicros" from payout_batches where id = ${thisBatch}`,
    ].map((text) => prepareShared(d1, text, values)),
  );
  return (results[3]!.results[0] as { id: number; count: number; totalMicros: number } | undefined) ?? null;
}

export type BatchRow = {
  id: number;
  count: number;
  totalMicros: number;
  createdAt: string;
  createdByEmail: string | null;
  recordedAt: string | null;
  paidCount: number;
  paidMicros: number;
  returnedCount: number;
  returnedMicros: number;
};

const BATCH_COLUMNS = `b.id, b.count, b.total_micros as "totalMicros", b.created_at as "createdAt", u.email as "createdByEmail",
  b.recorded_at as "recordedAt",
  (select count(*) from payout_requests q where q.batch_id = b.id and q.status = 'paid') as "paidCount",
  (select coalesce(sum(q.amount_micros), 0) from payout_requests q where q.batch_id = b.id and q.status = 'paid') as "paidMicros",
  (select count(*) from payout_requests q where q.batch_id = b.id and q.status = 'returned') as "returnedCount",
  (select coalesce(sum(q.amount_micros), 0) from payout_requests q where q.batch_id = b.id and q.status = 'returned') as "returnedMicros"`;

/** The batches, newest first. */
export async function listBatches(db: Db) {
  const { results } = await db.$client
    .prepare(
      `select ${BATCH_COLUMNS} from payout_batches b left join users u on u.id = b.created_by order by b.id desc limit 200`,
    )
    .all<BatchRow>();
  return results;
}

export async function batchById(db: Db, id: number) {
  return db.$client
    .prepare(`select ${BATCH_COLUMNS} from payout_batches b left join users u on u.id = b.created_by where b.id = ?1`)
    .bind(id)
    .first<BatchRow>();
}

/** The requests a batch sent, in the order they joined. */
export async function batchRequests(db: Db, id: number) {
  const { results } = await db.$client
    .prepare(
      `select ${rowColumnsSql(payoutRequests, "q")} from payout_requests q where q.batch_id = ?1 order by q.created_at, q.id`,
    )
    .bind(id)
    .all<RequestRow>();
  return results;
}

/**
 * Records a sent batch's result, once: the returned requests close as `returned` with their reasons (the money is
 * available again), every other request the batch sent is paid (a completed payment each, drawn as its request
 * was), all audited and told on the bell. ?1 batch, ?2 now, ?3 admin, ?4 returned [{id, reason}] (JSON),
 * ?5 payment ids {requestId: paymentId} (JSON), ?6 reference, ?7 audit id prefix.
 */
export async function recordBatchResult(
  db: Db,
  o: {
    id: number;
    now: string;
    actorId: string;
    returned: { id: string; reason: string }[];
    paymentIds: Record<string, string>;
    reference: string | null;
  },
) {
  const d1 = db.$client;
  const values = [
    o.id,
    o.now,
    o.actorId,
    JSON.stringify(o.returned),
    JSON.stringify(o.paymentIds),
    o.reference,
    newId(),
  ];
  const recordedNow =
    "exists (select 1 from payout_batches b where b.id = ?1 and b.recorded_at = ?2 and b.recorded_by = ?3)";
  const returnedReason =
    "(select json_extract(r.value, '$.reason') from json_each(?4) r where json_extract(r.value, '$.id') = q.id)";
  const isReturned = `q.id in (select json_extract(r.value, '$.id') from json_each(?4) r)`;
  const sent = `q.batch_id = ?1 and q.status = 'sent' and ${recordedNow}`;
  const paymentOf = "json_extract(?5, '$.' || q.id)";
  const results = await d1.batch(
    [
      "update payout_batches set recorded_at = ?2, recorded_by = ?3 where id = ?1 and recorded_at is null",
      `insert into payments (id, user_id, amount_micros, payment_method, payment_reference, status, notes, created_by, created_at, processed_at, viewer_micros, request_id)
     select ${paymentOf}, q.user_id, q.amount_micros, q.payment_method, ?6, 'completed', 'Payout batch ' || cast(?1 as integer) || ' to ' || q.payout_address, ?3, ?2, ?2, q.viewer_micros, q.id
     from payout_requests q where ${sent} and not ${isReturned}`,
      rowAuditSql({
        action: "update",
        entity: "payout_request",
        table: "payout_requests",
        alias: "q",
        where: sent,
        id: "(?7 || '.' || q.id)",
        actor: "?3",
        now: "?2",
        before: "json_object('status', q.status, 'batch_id', q.batch_id)",
        after: `case when ${isReturned} then json_object('status', 'returned', 'reason', ${returnedReason}) else json_object('status', 'paid', 'payment_id', ${paymentOf}) end`,
      }),
      `update payout_requests as q set
       status = case when ${isReturned} then 'returned' else 'paid' end,
       reason = case when ${isReturned} then ${returnedReason} else q.reason end,
       payment_id = case when ${isReturned} then null else ${paymentOf} end,
       decided_at = ?2, decided_by = ?3
     where ${sent}`,
      notifyOnceSql("payout_paid", "payments", {
        user: "q.user_id",
        ref: "q.payment_id",
        subject: "q.id",
        amount: "q.amount_micros",
        at: "?2",
        rest: "from payout_requests q where q.batch_id = ?1 and q.status = 'paid' and q.decided_at = ?2 and q.decided_by = ?3",
      }),
      notifyOnceSql("payout_returned", "payments", {
        user: "q.user_id",
        ref: "q.id || '.' || ?2",
        subject: "q.id",
        amount: "q.amount_micros",
        detail: "q.reason",
        at: "?2",
        rest: "from payout_requests q where q.batch_id = ?1 and q.status = 'returned' and q.decided_at = ?2 and q.decided_by = ?3",
      }),
    ].map((text) => prepareShared(d1, text, values)),
  );
  return (results[0]!.meta.changes ?? 0) > 0;
}
