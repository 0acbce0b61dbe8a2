import * as q from "../../db/queries/payout-requests";
import type { Db } from "../../db/client";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { MINIMUM_PAYOUT_MICROS, usdText } from "../../lib/money";
import { addMs, nowIso } from "../../lib/time";

// A member's payout requests (docs/decisions/036). The minimum, "one open request" and the available
// balance are checked inside the insert (payout-requests.ts); a refusal is explained from the figures the
// same batch read.

/** Who asks (a signed-in member) and the database. */
type MemberContext = { db: Db; actor: { id: string } };
export type MemberCall<Input> = { ctx: MemberContext; input: Input };

export type PayoutRequestInput = { amountMicros: number; paymentMethod: string; payoutAddress: string };

const DAY_MS = 24 * 60 * 60 * 1000;

export async function requestPayout({ ctx, input }: MemberCall<PayoutRequestInput>) {
  if (input.amountMicros < MINIMUM_PAYOUT_MICROS) {
    throw badRequest(`amount_usd must be at least ${usdText(MINIMUM_PAYOUT_MICROS)}, the minimum payout`, "below_minimum");
  }
  const w = await q.insertRequest(ctx.db, { id: newId(), userId: ctx.actor.id, ...input }, { now: nowIso(), minimumMicros: MINIMUM_PAYOUT_MICROS });
  if (w.written && w.request) return w.request;
  if (w.figures.hasOpen) throw conflict("You already have an open payout request. Cancel it or wait until it is paid.", "open_request");
  throw conflict(
    `You have ${usdText(Math.max(w.figures.availableMicros, 0))} available; a payout of ${usdText(input.amountMicros)} needs at least that much available.`,
    "insufficient_balance",
  );
}

export async function cancelPayoutRequest({ ctx, input }: MemberCall<{ id: string }>) {
  const w = await q.cancelRequest(ctx.db, { id: input.id, userId: ctx.actor.id, now: nowIso() });
  if (!w.request) throw notFound("Payout request not found");
  if (!w.written) throw conflict(`This payout request is already ${w.request.status}`, "not_open");
  return w.request;
}

/**
 * The member's requests and their pace: what they were credited over the last 7 days, per day, and in how
 * many days that pace reaches the minimum (null when already there or when nothing came in).
 */
export async function listMyPayoutRequests({ ctx }: MemberCall<null>) {
  const now = nowIso();
  const [requests, pace] = await Promise.all([
    q.requestsOf(ctx.db, ctx.actor.id),
    q.paceOf(ctx.db, { userId: ctx.actor.id, now, since: addMs(now, -7 * DAY_MS) }),
  ]);
  const perDayMicros = Math.max(pace.weekMicros, 0) / 7;
  const missing = MINIMUM_PAYOUT_MICROS - pace.availableMicros;
  const daysToMinimum = missing <= 0 || perDayMicros <= 0 ? null : Math.ceil(missing / perDayMicros);
  return { requests, availableMicros: pace.availableMicros, perDayMicros: Math.floor(perDayMicros), daysToMinimum };
}
