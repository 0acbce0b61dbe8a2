import { newId } from "../../../lib/ids";
import type { Db } from "../../client";
import { payments, payoutRequests } from "../../schema";
import { notifyOnceSql } from "../notifications/notification-writes";
import { prepareShared, rowAuditSql } from "../audit/audited-change";
import { rowColumnsSql } from "../row-columns";
import { availableSql, releasesByDaySql, viewerPartSql } from "../wallet/balance-parts";

// Payout requests (docs/decisions/036). Every write is one D1 batch whose condition is inside the write:
// the available balance (balance-parts.ts, which subtracts open requests) and "no open request yet" for a
// new request; "still open" for cancel, pay and reject. Racing writes are settled by those conditions.

export type PayoutRequestRow = typeof payoutRequests.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

// In flight: open, or sent in a payout batch (docs/decisions/066). One per member.
const OPEN_OF = (user: string) =>
  `exists (select 1 from payout_requests where user_id = ${user} and status in ('open', 'sent'))`;
/** The member's current payout destination (the newest row). */
const DESTINATION_OF = (user: string) =>
  `(select d.rowid from payout_destinations d where d.user_id = ${user} order by d.created_at desc, d.rowid desc limit 1)`;
/** When the request's batch was sent (docs/decisions/066). */
const SENT_AT = `(select b.created_at from payout_batches b where b.id = q.batch_id) as "sentAt"`;
const READ_REQUEST = `select ${rowColumnsSql(payoutRequests, "q")}, ${SENT_AT} from payout_requests q where q.id = ?1`;

export type RequestValues = { id: string; userId: string; amountMicros: number };

/** What a new request was judged on, read in the same batch before the insert. */
type RequestFigures = { availableMicros: number; hasOpen: boolean; destinationUsableAt: string | null };

/**
 * Opens the request to the member's current destination if it may be used now, the member has no request in
 * flight, and their available balance covers it and the minimum. Its viewer part is fixed now: the viewer
 * side's available money first (docs/decisions/066).
 * ?1 id, ?2 user, ?3 amount, ?4 now, ?5 the minimum.
 */
export async function insertRequest(db: Db, v: RequestValues, o: { now: string; minimumMicros: number }) {
  const d1 = db.$client;
  const values = [v.id, v.userId, v.amountMicros, o.now, o.minimumMicros];
  const [figures, inserted, read] = await d1.batch(
    [
      `select ${availableSql("?2", "?4")} as "availableMicros", ${OPEN_OF("?2")} as "hasOpen",
       (select d.usable_at from payout_destinations d where d.rowid = ${DESTINATION_OF("?2")}) as "destinationUsableAt"`,
      `insert into payout_requests (id, user_id, amount_micros, payment_method, payout_address, status, created_at, viewer_micros)
     select ?1, ?2, ?3, d.payment_method, d.payout_address, 'open', ?4, ${viewerPartSql("?2", "?4", "?3")}
     from payout_destinations d
     where d.rowid = ${DESTINATION_OF("?2")} and d.usable_at <= ?4
       and ?3 >= ?5 and not ${OPEN_OF("?2")} and ${availableSql("?2", "?4")} >= ?3`,
      READ_REQUEST,
    ].map((text) => prepareShared(d1, text, values)),
  );
  const f = figures!.results[0] as { availableMicros: number; hasOpen: number; destinationUsableAt: string | null };
  return {
    written: (inserted!.meta.changes ?? 0) > 0,
    request: (read!.results[0] as PayoutRequestRow | undefined) ?? null,
    figures: {
      availableMicros: f.availableMicros,
      hasOpen: f.hasOpen === 1,
      destinationUsableAt: f.destinationUsableAt,
    } satisfies RequestFigures,
  };
}

export type DestinationRow = {
  paymentMethod: string;
  payoutAddress: string;
  addressKey: string;
  createdAt: string;
  usableAt: string;
};
const READ_DESTINATION = (user: string) =>
  `select d.payment_method as "paymentMethod", d.payout_address as "payoutAddress", d.address_key as "addressKey",
     d.created_at as "createdAt", d.usable_at as "usableAt" from payout_destinations d where d.rowid = ${DESTINATION_OF(user)}`;

/**
 * Sets where the member is paid (docs/decisions/066), in one batch. The address goes to the first member who
 * names it, for good (`payout_address_holders`); another member naming it is refused and the refusal kept for
 * the admin. A change (another address or method) may be used from ?6 (a week on) and is told on the bell; the
 * member's first destination at once; the same one typed differently keeps its date.
 * ?1 row id, ?2 user, ?3 method, ?4 address, ?5 key, ?6 now, ?7 when a change may be used, ?8 refusal id.
 */
export async function setDestination(
  db: Db,
  o: { userId: string; method: string; address: string; key: string; now: string; changeUsableAt: string },
) {
  const d1 = db.$client;
  const values = [newId(), o.userId, o.method, o.address, o.key, o.now, o.changeUsableAt, newId()];
  const current = `(select d.rowid as rid, d.address_key as k, d.payment_method as m, d.payout_address as a, d.usable_at as u
     from payout_destinations d where d.rowid = ${DESTINATION_OF("?2")})`;
  const holder = "(select h.user_id from payout_address_holders h where h.address_key = ?5)";
  const results = await d1.batch(
    [
      "insert into payout_address_holders (address_key, user_id, created_at) values (?5, ?2, ?6) on conflict (address_key) do nothing",
      `insert into payout_address_refusals (id, address_key, user_id, holder_id, created_at) select ?8, ?5, ?2, ${holder}, ?6 where ${holder} <> ?2`,
      `insert into payout_destinations (id, user_id, payment_method, payout_address, address_key, created_at, usable_at)
     select ?1, ?2, ?3, ?4, ?5, ?6,
       case when c.rid is null then ?6 when c.k = ?5 and c.m = ?3 then c.u else ?7 end
     from (select 1) left join ${current} c on 1
     where ${holder} = ?2 and (c.rid is null or c.k <> ?5 or c.m <> ?3 or c.a <> ?4)`,
      // The bell: a changed destination is what a stolen session would do first (docs/decisions/066).
      notifyOnceSql("payout_address_changed", "payments", {
        user: "d.user_id",
        ref: "d.id",
        subject: "d.id",
        detail: "d.payment_method || ' · ' || d.payout_address",
        at: "?6",
        rest: "from payout_destinations d where d.id = ?1 and d.usable_at > d.created_at",
      }),
      READ_DESTINATION("?2"),
      `select ${holder} as "holderId"`,
    ].map((text) => prepareShared(d1, text, values)),
  );
  return {
    destination: (results[4]!.results[0] as DestinationRow | undefined) ?? null,
    taken: (results[5]!.results[0] as { holderId: string }).holderId !== o.userId,
  };
}

/** The member cancels their own open request; the request as it is after (null when not theirs or none). */
export async function cancelRequest(db: Db, o: { id: string; userId: string; now: string }) {
  const d1 = db.$client;
  const values = [o.id, o.userId, o.now];
  const [updated, read] = await d1.batch(
    [
      `update payout_requests set status = 'cancelled', decided_at = ?3, decided_by = ?2 where id = ?1 and user_id = ?2 and status = 'open'`,
      `${READ_REQUEST} and q.user_id = ?2`,
    ].map((text) => prepareShared(d1, text, values)),
  );
  return {
    written: (updated!.meta.changes ?? 0) > 0,
    request: (read!.results[0] as PayoutRequestRow | undefined) ?? null,
  };
}

/** The audit log's record of a request. */
const AS_STORED = `json_object('user_id', q.user_id, 'amount_micros', q.amount_micros, 'payment_method', q.payment_method,
  'payout_address', q.payout_address, 'status', q.status, 'reason', q.reason, 'payment_id', q.payment_id)`;
const asDecided = (status: string, reason: string, paymentId: string) =>
  `json_object('user_id', q.user_id, 'amount_micros', q.amount_micros, 'payment_method', q.payment_method,
  'payout_address', q.payout_address, 'status', ${status}, 'reason', ${reason}, 'payment_id', ${paymentId})`;
const PAYMENT_JSON = `json_object('user_id', p.user_id, 'amount_micros', p.amount_micros, 'payment_method', p.payment_method,
  'payment_reference', p.payment_reference, 'status', p.status, 'notes', p.notes, 'processed_at', p.processed_at)`;

type PayResult = {
  written: boolean;
  request: PayoutRequestRow | null;
  payment: PaymentRow | null;
  availableMicros: number;
};

/**
 * Pays an open request: inserts the completed payment for its amount and closes it, in one batch, so the
 * reservation hands over to the payment and the amount is never counted twice. The payment needs the
 * available balance without this request's own reservation to cover it (a reversal since may have eaten it).
 * ?1 request, ?2 payment id, ?3 reference, ?4 notes, ?5 now, ?6 admin, ?7 and ?8 audit row ids.
 */
export async function payRequest(
  db: Db,
  o: { id: string; reference: string | null; notes: string | null; now: string; actorId: string },
) {
  const d1 = db.$client;
  const values = [o.id, newId(), o.reference, o.notes, o.now, o.actorId, newId(), newId()];
  const paid = "q.id = ?1 and q.status = 'open' and exists (select 1 from payments where id = ?2)";
  const results = await d1.batch(
    [
      `insert into payments (id, user_id, amount_micros, payment_method, payment_reference, status, notes, created_by, created_at, processed_at, viewer_micros, request_id)
     select ?2, q.user_id, q.amount_micros, q.payment_method, ?3, 'completed',
            coalesce(?4, 'Payout request to ' || q.payout_address), ?6, ?5, ?5, q.viewer_micros, q.id
     from payout_requests q
     where q.id = ?1 and q.status = 'open' and ${availableSql("q.user_id", "?5", "''", "q.id")} >= q.amount_micros`,
      rowAuditSql({
        action: "create",
        entity: "payment",
        table: "payments",
        alias: "p",
        where: "p.id = ?2",
        before: null,
        after: PAYMENT_JSON,
        id: "?7",
        actor: "?6",
        now: "?5",
      }),
      rowAuditSql({
        action: "update",
        entity: "payout_request",
        table: "payout_requests",
        alias: "q",
        where: paid,
        before: AS_STORED,
        after: asDecided("'paid'", "q.reason", "?2"),
        id: "?8",
        actor: "?6",
        now: "?5",
      }),
      `update payout_requests as q set status = 'paid', payment_id = ?2, decided_at = ?5, decided_by = ?6 where ${paid}`,
      READ_REQUEST,
      `select ${rowColumnsSql(payments, "p")} from payments p where p.id = ?2`,
      `select coalesce((select ${availableSql("q.user_id", "?5", "''", "q.id")} from payout_requests q where q.id = ?1), 0) as "availableMicros"`,
      // The bell (docs/decisions/046), last so the reads above keep their places: told once, keyed by the request.
      // Keyed by the payment: a request a correction reopened and that is paid again is told again.
      notifyOnceSql("payout_paid", "payments", {
        user: "q.user_id",
        ref: "?2",
        subject: "q.id",
        amount: "q.amount_micros",
        at: "?5",
        rest: "from payout_requests q where q.id = ?1 and q.payment_id = ?2",
      }),
    ].map((text) => prepareShared(d1, text, values)),
  );
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
  const results = await d1.batch(
    [
      rowAuditSql({
        action: "update",
        entity: "payout_request",
        table: "payout_requests",
        alias: "q",
        where: open,
        before: AS_STORED,
        after: asDecided("'rejected'", "?2", "q.payment_id"),
        id: "?5",
        actor: "?4",
        now: "?3",
      }),
      `update payout_requests as q set status = 'rejected', reason = ?2, decided_at = ?3, decided_by = ?4 where ${open}`,
      READ_REQUEST,
      notifyOnceSql("payout_rejected", "payments", {
        user: "q.user_id",
        ref: "q.id",
        subject: "q.id",
        amount: "q.amount_micros",
        detail: "q.reason",
        at: "?3",
        rest: "from payout_requests q where q.id = ?1 and q.status = 'rejected' and q.decided_at = ?3 and q.decided_by = ?4",
      }),
    ].map((text) => prepareShared(d1, text, values)),
  );
  return {
    written: (results[1]!.meta.changes ?? 0) > 0,
    request: (results[2]!.results[0] as PayoutRequestRow | undefined) ?? null,
  };
}

/** The newest correction of a payment of the request (docs/decisions/066), as JSON or null. */
const CORRECTION = `(select json_object('reason', pr.reason, 'outcome', pr.request_outcome, 'created_at', pr.created_at)
   from payment_reversals pr join payments p on p.id = pr.payment_id where p.request_id = q.id order by pr.created_at desc limit 1) as "correction"`;

export type RequestWithCorrection = PayoutRequestRow & { correction: string | null; sentAt: string | null };

/**
 * Every request (or those of one status) with the member's email, open first, then newest first; and the
 * other members who named the same payout address (docs/decisions/066, 108): refused it, or hold a destination
 * with its key (an open request is paid to its member's destination, so this names theirs too), so the admin
 * sees every account.
 */
export async function listRequests(db: Db, status: PayoutRequestRow["status"] | undefined) {
  const { results } = await db.$client
    .prepare(
      `select ${rowColumnsSql(payoutRequests, "q")}, ${CORRECTION}, ${SENT_AT}, u.email as "email",
         (select json_group_array(distinct ou.email) from (
            select rf.user_id as uid from payout_address_refusals rf
             where rf.address_key in (select d.address_key from payout_destinations d where d.user_id = q.user_id and d.payout_address = q.payout_address)
            union
            select od.user_id from payout_destinations od
             where od.address_key in (select d.address_key from payout_destinations d where d.user_id = q.user_id and d.payout_address = q.payout_address)
          ) n join users ou on ou.id = n.uid where n.uid <> q.user_id) as "alsoNamedBy"
       from payout_requests q join users u on u.id = q.user_id
       where (?1 is null or q.status = ?1) order by (q.status = 'open') desc, q.created_at desc, q.id desc limit 500`,
    )
    .bind(status ?? null)
    .all<RequestWithCorrection & { email: string; alsoNamedBy: string }>();
  return results;
}

/**
 * The member's payout card in one D1 batch: their requests (newest first), their destination, what they have
 * available now and what qualified views paid them over the last 7 days (view rewards of both sides not
 * reversed; no one-off credits: docs/decisions/066, nor what a granted appeal gave back, which is not this week's
 * watching: docs/decisions/096), for "you reach the minimum in about N days".
 * ?1 user, ?2 now, ?3 the start of the window.
 */
export async function payoutCardOf(db: Db, o: { userId: string; now: string; since: string }) {
  const d1 = db.$client;
  const [requests, destination, pace, releases] = await d1.batch(
    [
      `select ${rowColumnsSql(payoutRequests, "q")}, ${CORRECTION}, ${SENT_AT} from payout_requests q where q.user_id = ?1
     order by q.created_at desc, q.id desc limit 100`,
      READ_DESTINATION("?1"),
      `select ${availableSql("?1", "?2")} as "availableMicros",
       (select coalesce(sum(e.amount_micros), 0) from earnings e
        where e.user_id = ?1 and e.kind in ('viewer', 'creator') and e.created_at >= ?3 and e.generation = 0
          and not exists (select 1 from reversals r where r.earning_id = e.id)) as "weekMicros"`,
      releasesByDaySql("?1", "?2"),
    ].map((text) => prepareShared(d1, text, [o.userId, o.now, o.since])),
  );
  return {
    requests: requests!.results as RequestWithCorrection[],
    destination: (destination!.results[0] as DestinationRow | undefined) ?? null,
    ...(pace!.results[0] as { availableMicros: number; weekMicros: number }),
    releases: releases!.results as { day: string; micros: number }[],
  };
}
