import { normalizePayoutAddress } from "../../../common/payouts";
import * as q from "../../db/queries/payouts/payout-requests";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { MINIMUM_PAYOUT_MICROS, usdText } from "../../lib/money";
import { addMs, nowIso } from "../../lib/time";
import type { MemberCall } from "../member-context";

// A member's payout requests and where they are paid (docs/decisions/036, 066). The minimum, "one request in
// flight", the destination's waiting time and the available balance are checked inside the insert
// (payout-requests.ts); a refusal is explained from the figures the same batch read, in the member's words.

const DAY_MS = 24 * 60 * 60 * 1000;
/** A changed payout destination may be used this long after the change (what a stolen session does first). */
const DESTINATION_CHANGE_WAIT_MS = 7 * DAY_MS;

/** "Dec 6, 2026, 14:05 UTC": when a waiting destination may be used, in the member's words. */
const whenText = (iso: string) =>
  `${new Date(iso).toLocaleString("en-US", { timeZone: "UTC", year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hour12: false })} UTC`;

export async function requestPayout({ ctx, input }: MemberCall<{ amountMicros: number }>) {
  const now = nowIso();
  const w = await q.insertRequest(
    ctx.db,
    { id: newId(), userId: ctx.actor.id, amountMicros: input.amountMicros },
    { now, minimumMicros: MINIMUM_PAYOUT_MICROS },
  );
  if (w.written && w.request) return w.request;
  const available = usdText(Math.max(w.figures.availableMicros, 0));
  if (w.figures.hasOpen)
    throw conflict(
      "You already have a payout request on its way. Cancel it (while it is open) or wait until it is paid.",
      "open_request",
    );
  if (input.amountMicros > w.figures.availableMicros) {
    throw conflict(
      `You have ${available} available; a payout of ${usdText(input.amountMicros)} needs at least that much available.`,
      "insufficient_balance",
    );
  }
  if (input.amountMicros < MINIMUM_PAYOUT_MICROS) {
    throw badRequest(
      `The minimum payout is ${usdText(MINIMUM_PAYOUT_MICROS)}; you have ${available} available.`,
      "below_minimum",
    );
  }
  if (!w.figures.destinationUsableAt) throw badRequest("Set where you want to be paid first.", "no_destination");
  if (w.figures.destinationUsableAt > now) {
    throw conflict(
      `Your payout address changed recently, so it can be used from ${whenText(w.figures.destinationUsableAt)}. This protects your earnings if someone else got into your account.`,
      "destination_waiting",
    );
  }
  throw conflict(
    `You have ${available} available; a payout of ${usdText(input.amountMicros)} needs at least that much available.`,
    "insufficient_balance",
  );
}

/** Sets where the member is paid; refused when another member holds the address (docs/decisions/066). */
export async function setPayoutDestination({
  ctx,
  input,
}: MemberCall<{ paymentMethod: string; payoutAddress: string }>) {
  const now = nowIso();
  const w = await q.setDestination(ctx.db, {
    userId: ctx.actor.id,
    method: input.paymentMethod,
    address: input.payoutAddress,
    key: normalizePayoutAddress(input.paymentMethod, input.payoutAddress),
    now,
    changeUsableAt: addMs(now, DESTINATION_CHANGE_WAIT_MS),
  });
  if (w.taken) {
    throw conflict(
      "This payout address is used by another Reelpay account. Each account must be paid to an address of its own.",
      "address_taken",
    );
  }
  return w.destination!;
}

export async function cancelPayoutRequest({ ctx, input }: MemberCall<{ id: string }>) {
  const w = await q.cancelRequest(ctx.db, { id: input.id, userId: ctx.actor.id, now: nowIso() });
  if (!w.request) throw notFound("Payout request not found");
  if (!w.written) {
    throw conflict(
      w.request.status === "sent"
        ? "This payout was already sent in a batch and can no longer be cancelled."
        : `This payout request is already ${w.request.status}`,
      "not_open",
    );
  }
  return w.request;
}

/**
 * The member's requests, destination and pace: what qualified views paid them over the last 7 days, per
 * day, and in how many days that pace reaches the minimum (null when already there or when no view paid).
 * Money already pending on its hold counts first (docs/decisions/066): when its releases alone bring the
 * available balance to the minimum, `minimumReleased` names the UTC day and what is released by then, and no
 * pace is needed; otherwise the pace only has to earn what the releases leave missing.
 */
export async function listMyPayoutRequests({ ctx }: MemberCall<null>) {
  const now = nowIso();
  const { requests, destination, releases, ...pace } = await q.payoutCardOf(ctx.db, {
    userId: ctx.actor.id,
    now,
    since: addMs(now, -7 * DAY_MS),
  });
  const perDayMicros = Math.max(pace.weekMicros, 0) / 7;
  const missing = MINIMUM_PAYOUT_MICROS - pace.availableMicros;
  let releasingMicros = 0;
  let minimumReleased: { day: string; micros: number; onFirstDay: boolean } | null = null;
  releases.forEach((r, i) => {
    releasingMicros += r.micros;
    if (missing > 0 && !minimumReleased && releasingMicros >= missing)
      minimumReleased = { day: r.day, micros: releasingMicros, onFirstDay: i === 0 };
  });
  const leftForPace = missing - releasingMicros;
  const daysToMinimum = leftForPace <= 0 || perDayMicros <= 0 ? null : Math.ceil(leftForPace / perDayMicros);
  return {
    requests,
    availableMicros: pace.availableMicros,
    releasingMicros,
    minimumReleased: minimumReleased as { day: string; micros: number; onFirstDay: boolean } | null,
    perDayMicros: Math.floor(perDayMicros),
    daysToMinimum,
    destination,
  };
}
