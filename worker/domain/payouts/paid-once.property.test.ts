import { env } from "cloudflare:test";
import fc from "fast-check";
import { expect, it } from "vitest";
import { createBatch, recordBatchResult } from "../../db/queries/payouts/payout-batches";
import { deletePayment, insertPayment, reversePayment } from "../../db/queries/wallet/payment-writes";
import {
  cancelRequest,
  insertRequest,
  payRequest,
  rejectRequest,
  setDestination,
} from "../../db/queries/payouts/payout-requests";
import { walletParts } from "../../db/queries/wallet/wallet";
import { newId } from "../../lib/ids";
import { makeUser, testDb } from "../../test/factories";
import { viewReward } from "../../test/payouts";
import { balancesOf } from "../wallet/balances";

// Paid exactly once (docs/decisions/066): any sequence of credits (available at once, or held view
// rewards on either side), reversals of held rewards (what a sweep's review or a takedown does), requests,
// payments, batches and their results, corrections that reopen or close a request, attempts to delete
// payments, and the clock. After every step: what was paid, net of corrections, never exceeds what was
// earned and became available; no side pays out held money; a request is paid at most once, net.

const DAY_MS = 24 * 3600_000;
const who = fc.nat(1);
const step = fc.oneof(
  { arbitrary: fc.record({ credit: who, micros: fc.integer({ min: 100, max: 5000 }) }), weight: 3 },
  {
    arbitrary: fc.record({ held: who, creator: fc.boolean(), micros: fc.integer({ min: 100, max: 3000 }) }),
    weight: 3,
  },
  { arbitrary: fc.record({ reverseHeld: who }), weight: 1 },
  { arbitrary: fc.record({ request: who, micros: fc.integer({ min: 100, max: 4000 }) }), weight: 4 },
  {
    arbitrary: fc.record({ close: who, how: fc.constantFrom("pay", "reject", "cancel", "batch", "batch") }),
    weight: 4,
  },
  // A bit per request the batch sent: set, it was returned.
  { arbitrary: fc.record({ result: fc.integer({ min: 0, max: 7 }) }), weight: 4 },
  { arbitrary: fc.record({ pay: who, micros: fc.integer({ min: 100, max: 3000 }) }), weight: 1 },
  { arbitrary: fc.record({ correct: fc.nat(5), reopen: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ remove: fc.nat(5) }), weight: 1 },
  { arbitrary: fc.record({ advanceDays: fc.integer({ min: 1, max: 8 }) }), weight: 1 },
);

/** Paid net of corrections, and the credits that are available now (not reversed, out of their hold). */
async function facts(userId: string, now: string) {
  return (await env.DB.prepare(
    `select (select coalesce(sum(amount_micros), 0) from payments where user_id = ?1)
          - (select coalesce(sum(amount_micros), 0) from payment_reversals where user_id = ?1) as paid,
       (select coalesce(sum(e.amount_micros), 0) from earnings e where e.user_id = ?1 and e.available_at <= ?2
          and not exists (select 1 from reversals r where r.earning_id = e.id)) as availableCredits`,
  )
    .bind(userId, now)
    .first<{ paid: number; availableCredits: number }>())!;
}

it("never pays more than was earned and became available, never draws held money, and pays each request once", async () => {
  const seen = {
    requested: 0,
    paid: 0,
    rejected: 0,
    cancelled: 0,
    batched: 0,
    batchPaid: 0,
    batchReturned: 0,
    corrected: 0,
    reopened: 0,
    deleteRefused: 0,
    deleted: 0,
    heldReversed: 0,
  };
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 30 }), async (steps) => {
      const db = testDb();
      const people = await Promise.all([0, 1].map(() => makeUser()));
      const admin = people[0]!.id;
      let clock = Date.now();
      const now = () => new Date(clock).toISOString();
      for (const p of people) {
        await setDestination(db, {
          userId: p.id,
          method: "PayPal",
          address: `${p.id}@example.com`,
          key: `email:${p.id.toLowerCase()}@example.com`,
          now: now(),
          changeUsableAt: now(),
        });
      }
      const ids = people.map((p) => p.id);
      for (const s of steps) {
        if ("credit" in s) {
          await env.DB.prepare(
            "insert into earnings (id, user_id, kind, amount_micros, description, created_by, created_at, available_at) values (?1, ?2, 'manual', ?3, 'property', ?4, ?5, ?5)",
          )
            .bind(newId(), people[s.credit]!.id, s.micros, admin, now())
            .run();
        } else if ("held" in s) {
          await viewReward(people[s.held]!.id, s.micros, {
            side: s.creator ? "creator" : "viewer",
            createdAt: now(),
            availableAt: new Date(clock + 7 * DAY_MS).toISOString(),
          });
        } else if ("reverseHeld" in s) {
          // A review or a takedown takes back held rewards only (docs/decisions/019, 027).
          const r = await env.DB.prepare(
            `insert into reversals (earning_id, user_id, side, view_id, amount_micros, reason, review_id, created_by, created_at)
             select e.id, e.user_id, e.kind, e.view_id, -e.amount_micros, 'takedown', 'property', ?2, ?3 from earnings e
             where e.user_id = ?1 and e.view_id is not null and e.available_at > ?3 and not exists (select 1 from reversals r where r.earning_id = e.id)`,
          )
            .bind(people[s.reverseHeld]!.id, admin, now())
            .run();
          seen.heldReversed += r.meta.changes ?? 0;
        } else if ("request" in s) {
          const { written } = await insertRequest(
            db,
            { id: newId(), userId: people[s.request]!.id, amountMicros: s.micros },
            { now: now(), minimumMicros: 1 },
          );
          if (written) seen.requested++;
        } else if ("close" in s) {
          const open = await env.DB.prepare(
            "select id, user_id as who from payout_requests where status = 'open' and user_id in (?1, ?2) order by user_id = ?3 desc limit 1",
          )
            .bind(...ids, people[s.close]!.id)
            .first<{ id: string; who: string }>();
          if (!open) continue;
          const o = { id: open.id, now: now(), actorId: admin };
          if (s.how === "batch") {
            expect(await createBatch(db, { ids: [open.id], now: now(), actorId: admin })).toMatchObject({ count: 1 });
            expect((await cancelRequest(db, { id: open.id, userId: open.who, now: now() })).written).toBe(false);
            seen.batched++;
            continue;
          }
          const { written } =
            s.how === "pay"
              ? await payRequest(db, { ...o, reference: null, notes: null })
              : s.how === "reject"
                ? await rejectRequest(db, { ...o, reason: "property" })
                : await cancelRequest(db, { id: open.id, userId: open.who, now: now() });
          // The reservation held the money: paying an open request always succeeds; every close applies once.
          expect(written).toBe(true);
          seen[s.how === "pay" ? "paid" : s.how === "reject" ? "rejected" : "cancelled"]++;
        } else if ("result" in s) {
          const batch = await env.DB.prepare(
            "select b.id from payout_batches b where b.recorded_at is null and exists (select 1 from payout_requests q where q.batch_id = b.id and q.user_id in (?1, ?2)) limit 1",
          )
            .bind(...ids)
            .first<{ id: number }>();
          if (!batch) continue;
          const { results: sent } = await env.DB.prepare(
            "select id from payout_requests where batch_id = ? and status = 'sent'",
          )
            .bind(batch.id)
            .all<{ id: string }>();
          const returned = sent
            .filter((_, i) => (s.result >> (i % 3)) & 1)
            .map((r) => ({ id: r.id, reason: "returned" }));
          const paymentIds = Object.fromEntries(
            sent.filter((r) => !returned.some((x) => x.id === r.id)).map((r) => [r.id, newId()]),
          );
          expect(
            await recordBatchResult(db, {
              id: batch.id,
              now: now(),
              actorId: admin,
              returned,
              paymentIds,
              reference: null,
            }),
          ).toBe(true);
          expect(
            await recordBatchResult(db, {
              id: batch.id,
              now: now(),
              actorId: admin,
              returned: [],
              paymentIds: {},
              reference: null,
            }),
          ).toBe(false);
          seen.batchReturned += returned.length;
          seen.batchPaid += sent.length - returned.length;
        } else if ("pay" in s) {
          await insertPayment(
            db,
            {
              id: newId(),
              userId: people[s.pay]!.id,
              amountMicros: s.micros,
              paymentMethod: "Venmo",
              paymentReference: null,
              status: "completed",
              notes: null,
              processedAt: now(),
            },
            { override: false, actorId: admin, now: now() },
          );
        } else if ("correct" in s) {
          const { results: open } = await env.DB.prepare(
            "select p.id, p.request_id as requestId from payments p where p.user_id in (?1, ?2) and not exists (select 1 from payment_reversals pr where pr.payment_id = p.id) order by p.rowid",
          )
            .bind(...ids)
            .all<{ id: string; requestId: string | null }>();
          const target = open[s.correct % Math.max(open.length, 1)];
          if (!target) continue;
          const w = await reversePayment(db, {
            id: target.id,
            reason: "property",
            request: s.reopen ? "reopen" : "close",
            now: now(),
            actorId: admin,
          });
          expect(w.written).toBe(!(target.requestId && s.reopen && w.otherInFlight));
          if (w.written) seen.corrected++;
          if (w.written && target.requestId && s.reopen) seen.reopened++;
        } else if ("remove" in s) {
          const { results: all } = await env.DB.prepare(
            `select p.id, p.request_id is not null or exists (select 1 from payment_reversals pr where pr.payment_id = p.id) as permanent
             from payments p where p.user_id in (?1, ?2) order by p.rowid`,
          )
            .bind(...ids)
            .all<{ id: string; permanent: number }>();
          const target = all[s.remove % Math.max(all.length, 1)];
          if (!target) continue;
          const w = await deletePayment(db, target.id, { actorId: admin, now: now() });
          // Only a hand-recorded payment no correction touched may go; the rest are permanent facts.
          expect(w.deleted).toBe(target.permanent === 0);
          seen[w.deleted ? "deleted" : "deleteRefused"]++;
        } else {
          clock += s.advanceDays * DAY_MS;
        }
        for (const p of people) {
          const f = await facts(p.id, now());
          const b = balancesOf((await walletParts(db, p.id, now())).parts);
          expect(f.paid).toBeLessThanOrEqual(f.availableCredits);
          expect(b.available).toBeGreaterThanOrEqual(0);
          expect(b.viewerAvailable).toBeGreaterThanOrEqual(0);
          expect(b.creatorAvailable).toBeGreaterThanOrEqual(0);
          expect(b.viewerAvailable + b.creatorAvailable + b.pending).toBe(b.viewerBalance + b.creatorBalance);
          // Each side's lines: gross − payouts = balance (what the cards show).
          expect(b.viewerGross - b.fromViewer).toBe(b.viewerBalance);
          expect(b.creatorGross - b.fromCreator).toBe(b.creatorBalance);
        }
        const { results: requests } = await env.DB.prepare(
          `select q.status, (select count(*) from payments p where p.request_id = q.id
              and not exists (select 1 from payment_reversals pr where pr.payment_id = p.id)) as n
           from payout_requests q where q.user_id in (?1, ?2)`,
        )
          .bind(...ids)
          .all<{ status: string; n: number }>();
        for (const r of requests) expect(r.n).toBe(r.status === "paid" ? 1 : 0);
      }
    }),
    { numRuns: 60, seed: 20261129 },
  );
  for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
}, 600_000);
