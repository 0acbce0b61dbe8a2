import { useEffect, useId, useState } from "react";
import { normalizePayoutAddress, PAYOUT_METHODS, payoutAddressProblem } from "../../../common/payouts";
import { ApiError, refusalOf } from "../../lib/api";
import { cancelPayoutRequest, requestPayout, setPayoutDestination } from "../../lib/earnings-api";
import { formatDate, formatDay, formatUsd } from "../../lib/format";
import { COMMA_IN_AMOUNT, hasComma, MICROS_PER_USD } from "../../lib/money";
import type { PayoutRequestJson, PayoutRequestsResponse } from "../../../common/schemas/payout-requests";
import { inFlightRequest, usePayoutRequests, useRefreshPayouts } from "../../queries/wallet";
import { buttonClass, card } from "../ui";

// The wallet's "Request payout" card (docs/decisions/036, 066): where the member is paid (the destination,
// with Change); the request on its way (open: Cancel; sent in a batch: no longer cancellable); otherwise what
// became of the last one and, with the minimum available, the form; below the minimum, how long it takes at
// the member's last 7 days' pace of view rewards.

type Destination = NonNullable<PayoutRequestsResponse["destination"]>;

const field =
  "w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-slate-100 [color-scheme:dark] focus-visible:outline-2 focus-visible:outline-violet-400";
const label = "text-sm font-medium text-slate-300";

const CENT_MICROS = MICROS_PER_USD / 100;
/** Payouts are sent in whole cents; an available $30.004 offers $30.00 and keeps the $0.004. */
const wholeCents = (amount: number) => Math.floor(Math.round(amount * MICROS_PER_USD) / CENT_MICROS) / 100;

/** The server's refusal in words (docs/decisions/038), or the fallback for a failure it did not explain. */
const failureOf = (error: unknown, fallback: string) => refusalOf(error) ?? fallback;

/**
 * A 409 means the server's state moved since this tab read it (a request asked or cancelled in another tab,
 * the balance drawn, the address changed): the refusal is kept on the card and the wallet is read again, so
 * the tab never goes on offering what the server just refused.
 */
const stateMoved = (error: unknown) => error instanceof ApiError && error.status === 409;

/** A moment as the server's refusals name it, e.g. "Dec 6, 2026, 14:05 UTC" (the wallet's days are UTC days). */
const formatMoment = (iso: string) =>
  `${new Date(iso).toLocaleString("en-US", { timeZone: "UTC", year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hour12: false })} UTC`;

const WAIT_REASON = "A changed payout address can be used 7 days after the change, to protect your earnings.";
const PACE_HINT = "Watching items to the end and sharing your uploads raise your pace.";

export function PayoutRequestCard() {
  const list = usePayoutRequests();
  const waiting = useStillAhead(list.data?.destination?.usable_from ?? null);
  // The server's last refusal of a request or a cancel that found its state moved (stateMoved): kept here, as
  // the form or the request it came from may be gone once the wallet is read again. It is told once the wallet
  // was read again, and speaks of the state that read showed: when the latest request changes after it (the other
  // tab's request paid, cancelled), the refusal is gone with it.
  const [moved, setMoved] = useState<{ text: string; about: string | null } | null>(null);
  const latest = list.data?.requests[0];
  const state = latest ? `${latest.id}:${latest.status}` : "none";
  if (moved && moved.about === null) setMoved({ ...moved, about: state });
  else if (moved && moved.about !== state) setMoved(null);
  const onMoved = (text: string | null) => setMoved(text === null ? null : { text, about: null });
  if (!list.data) return null;
  const {
    requests,
    minimum_payout: minimum,
    available_balance: available,
    destination,
    days_to_minimum: days,
    releasing_usd: releasing,
    minimum_released: released,
  } = list.data;
  const onItsWay = inFlightRequest(requests);
  const last = requests[0];
  const canAsk = !onItsWay && available >= minimum;
  const usableFrom = destination && waiting ? destination.usable_from : null;
  return (
    <section aria-labelledby="payout-request" className={`${card} min-w-0 space-y-4`}>
      <h2 id="payout-request" className="text-lg font-semibold">
        Request payout
      </h2>
      {/* With the minimum available and nowhere to send it, the form asks where first. */}
      <PayoutDestination destination={destination} usableFrom={usableFrom} askNow={canAsk && !destination} />
      {moved ? (
        <p role="alert" className="text-sm wrap-anywhere text-amber-400">
          {moved.text}
        </p>
      ) : null}
      {onItsWay ? (
        <RequestOnItsWay request={onItsWay} onMoved={onMoved} />
      ) : (
        <>
          {last ? <LastOutcome request={last} /> : null}
          {!canAsk ? (
            <p className="text-sm text-slate-400">
              You can request a payout once {formatUsd(minimum)} is available (you have {formatUsd(available)}
              {releasing > 0 ? `, and ${formatUsd(releasing)} pending` : ""}).{" "}
              {released ? `${releaseText(released)}.` : paceText(days, minimum)}
            </p>
          ) : !destination ? null : usableFrom ? (
            <p className="text-sm text-slate-400">
              You can request a payout from {formatMoment(usableFrom)}, when your new payout address can be used.
            </p>
          ) : (
            <PayoutForm available={available} minimum={minimum} onMoved={onMoved} />
          )}
        </>
      )}
    </section>
  );
}

/** The longest wait setTimeout takes (about 24.8 days); a later moment is checked again then. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Whether the moment `iso` is still to come; it turns false by itself when the moment arrives. */
function useStillAhead(iso: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  const at = iso === null ? null : Date.parse(iso);
  useEffect(() => {
    if (at === null || at <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(at - Date.now(), 0), MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [at, now]);
  return at !== null && at > now;
}

/**
 * How long the minimum takes at the last 7 days' pace of view rewards, after what is pending is released (the
 * server counts that first and leaves out one-off credits; docs/decisions/066). Beyond a year a day count says nothing: the member reads what raises the pace instead.
 */
function paceText(days: number | null, minimum: number): string {
  if (days === null) return `No views paid you in the last 7 days. ${PACE_HINT}`;
  if (days > 365)
    return `At your last 7 days' pace it would take more than a year to reach ${formatUsd(minimum)}. ${PACE_HINT}`;
  return `At your last 7 days' pace you reach ${formatUsd(minimum)} in about ${days.toLocaleString("en-US")} ${days === 1 ? "day" : "days"}.`;
}

/**
 * Pending money that alone brings the available balance to the minimum, with its day (docs/decisions/066):
 * "$75.015 becomes available on Dec 7, 2026, enough to request a payout" ("by" when it is released over several
 * days). The Total Balance card says the same.
 */
export function releaseText(released: NonNullable<PayoutRequestsResponse["minimum_released"]>): string {
  return `${formatUsd(released.amount_usd)} becomes available ${released.on_one_day ? "on" : "by"} ${formatDay(released.day)}, enough to request a payout`;
}

/** Where payouts go: "Paid to: PayPal · a@b.com" with Change, or the form while there is none. */
function PayoutDestination({
  destination,
  usableFrom,
  askNow,
}: {
  destination: Destination | null;
  usableFrom: string | null;
  askNow: boolean;
}) {
  const [editing, setEditing] = useState(false);
  if (editing || askNow) {
    return <DestinationForm current={destination} onDone={editing ? () => setEditing(false) : undefined} />;
  }
  if (!destination) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-400">
          Where should we send your payouts? Your first payout address can be used at once.
        </p>
        <button type="button" className={buttonClass("secondary")} onClick={() => setEditing(true)}>
          Set payout address
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* An address can be one long unbroken word (an email): it wraps inside the card. */}
        <p className="min-w-0 text-sm wrap-anywhere text-slate-300">
          Paid to: {destination.payment_method} · <bdi>{destination.payout_address}</bdi>
        </p>
        <button type="button" className={buttonClass("secondary")} onClick={() => setEditing(true)}>
          Change
        </button>
      </div>
      {usableFrom ? (
        <>
          <p className="text-sm text-amber-300">Usable from {formatMoment(usableFrom)}</p>
          <p className="text-xs text-slate-400">{WAIT_REASON}</p>
        </>
      ) : null}
    </div>
  );
}

/**
 * Sets or changes the destination (PUT /api/me/payout-destination). The address is checked as the payment
 * service would (common/payouts.ts) before it is sent; the server's refusals (an address another member holds,
 * an address it cannot pay) are shown in its words. A change is announced before it is saved: new requests
 * wait 7 days.
 */
function DestinationForm({ current, onDone }: { current: Destination | null; onDone?: () => void }) {
  const id = useId();
  const refresh = useRefreshPayouts();
  const [method, setMethod] = useState(current?.payment_method ?? "PayPal");
  const [address, setAddress] = useState(current?.payout_address ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    // Nothing to save when it names the current destination already, however it is typed.
    const unchanged =
      current !== null &&
      method === current.payment_method &&
      normalizePayoutAddress(method, address) ===
        normalizePayoutAddress(current.payment_method, current.payout_address);
    const wrong = payoutAddressProblem(method, address) ?? (unchanged ? "That is already your payout address" : null);
    setProblem(wrong);
    if (wrong) return;
    setBusy(true);
    try {
      await setPayoutDestination({ payment_method: method, payout_address: address.trim() });
      await refresh();
      onDone?.();
    } catch (error) {
      setProblem(failureOf(error, "Could not save your payout address. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label="Payout address"
      className="grid gap-4 md:grid-cols-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {current ? null : (
        <p className="text-sm text-slate-400 md:col-span-2">
          Where should we send your payouts? Your first payout address can be used at once.
        </p>
      )}
      <div className="min-w-0 space-y-1">
        <label htmlFor={`${id}-method`} className={label}>
          Payout method
        </label>
        <select id={`${id}-method`} value={method} onChange={(e) => setMethod(e.currentTarget.value)} className={field}>
          {PAYOUT_METHODS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 space-y-1">
        <label htmlFor={`${id}-address`} className={label}>
          {method === "PayPal" ? "PayPal email" : "Where to pay you"}
        </label>
        <input
          id={`${id}-address`}
          type={method === "PayPal" ? "email" : "text"}
          maxLength={254}
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          className={field}
        />
      </div>
      {current ? (
        <p className="text-sm text-amber-300 md:col-span-2">
          New payout requests will wait 7 days after you save a change. {WAIT_REASON}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm wrap-anywhere text-red-400 md:col-span-2">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3 md:col-span-2">
        <button type="submit" className={buttonClass("primary")} disabled={busy} aria-busy={busy}>
          Save payout address
        </button>
        {onDone ? (
          <button type="button" className={buttonClass("ghost")} onClick={onDone} disabled={busy}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The request open (the member may cancel it) or sent in a payout batch (no longer cancellable). */
function RequestOnItsWay({
  request,
  onMoved,
}: {
  request: PayoutRequestJson;
  onMoved: (refusal: string | null) => void;
}) {
  const refresh = useRefreshPayouts();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = async () => {
    setBusy(true);
    setFailure(null);
    onMoved(null);
    try {
      await cancelPayoutRequest(request.id);
      await refresh();
    } catch (error) {
      const refusal = failureOf(error, "Could not cancel the request. Please try again.");
      if (stateMoved(error)) {
        // Read again first: the refusal speaks of the state that read shows.
        await refresh();
        onMoved(refusal);
      } else setFailure(refusal);
    } finally {
      setBusy(false);
    }
  };
  const reopened = request.correction?.outcome === "reopened" ? request.correction : null;
  return (
    <div className="space-y-3">
      {reopened ? (
        <p className="text-sm wrap-anywhere text-amber-400">
          A correction reopened your payout request: {reopened.reason}
        </p>
      ) : null}
      {request.status === "sent" ? (
        <p className="text-sm wrap-anywhere text-slate-300">
          You asked on {formatDate(request.created_at)} for {formatUsd(request.amount_usd)} by {request.payment_method}.{" "}
          Sent in batch {request.batch_id}
          {request.sent_at ? ` on ${formatDate(request.sent_at)}` : ""} — on its way to{" "}
          <bdi>{request.payout_address}</bdi>; it can no longer be cancelled.
        </p>
      ) : (
        <>
          <p className="text-sm wrap-anywhere text-slate-300">
            You asked on {formatDate(request.created_at)} for {formatUsd(request.amount_usd)} by{" "}
            {request.payment_method} to <bdi>{request.payout_address}</bdi>. Our team will send it and record it under
            Payment History; until then this amount is set aside and not available.
          </p>
          {failure ? (
            <p role="alert" className="text-sm text-red-400">
              {failure}
            </p>
          ) : null}
          <button
            type="button"
            className={buttonClass("secondary")}
            onClick={() => void cancel()}
            disabled={busy}
            aria-busy={busy}
          >
            Cancel request
          </button>
        </>
      )}
    </div>
  );
}

/** What became of the newest request, when it is no longer on its way. */
function LastOutcome({ request }: { request: PayoutRequestJson }) {
  const amount = formatUsd(request.amount_usd);
  if (request.status === "paid") {
    return <p className="text-sm text-emerald-400">Your payout request of {amount} was paid.</p>;
  }
  if (request.status === "rejected") {
    return (
      <p className="text-sm wrap-anywhere text-amber-400">
        Your payout request of {amount} was not paid: {request.reason}. The amount is available again.
      </p>
    );
  }
  if (request.status === "returned") {
    // Closed by a correction of its payment, or returned by the payout batch.
    const closed = request.correction?.outcome === "closed" ? request.correction : null;
    return (
      <p className="text-sm wrap-anywhere text-amber-400">
        {closed
          ? `A correction closed your payout request: ${closed.reason}. The amount is available again.`
          : `Your payout of ${amount} was returned: ${request.reason ?? "no reason given"}. The amount is available again.`}
      </p>
    );
  }
  return null;
}

/**
 * The request: only an amount, paid to the current destination (docs/decisions/066). Whole cents, at least the
 * minimum, at most what is available; an amount beyond it is answered with what is available, whatever its size.
 */
function PayoutForm({
  available,
  minimum,
  onMoved,
}: {
  available: number;
  minimum: number;
  onMoved: (refusal: string | null) => void;
}) {
  const id = useId();
  const refresh = useRefreshPayouts();
  const [amount, setAmount] = useState(wholeCents(available).toFixed(2));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const wrong = amountProblem(amount, available, minimum);
    setProblem(wrong);
    if (wrong) return;
    setBusy(true);
    onMoved(null);
    try {
      await requestPayout({ amount_usd: Number(amount.trim()) });
      await refresh();
    } catch (error) {
      const refusal = failureOf(error, "Could not request the payout. Please try again.");
      if (stateMoved(error)) {
        // Read again first: the refusal speaks of the state that read shows.
        await refresh();
        onMoved(refusal);
      } else setProblem(refusal);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label="Payout request"
      className="flex flex-wrap items-end gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="min-w-0 space-y-1">
        <label htmlFor={`${id}-amount`} className={label}>
          Amount (USD)
        </label>
        {/* Text with the decimal keypad, read by amountProblem: a number field dropped a typed comma without a
            word, so "25,50" asked for $2,550.00 (docs/product-spec.md §9 "Display of amounts"). */}
        <input
          id={`${id}-amount`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          className={field}
        />
      </div>
      <button type="submit" className={buttonClass("primary")} disabled={busy} aria-busy={busy}>
        Request payout
      </button>
      {problem ? (
        <p role="alert" className="w-full text-sm wrap-anywhere text-red-400">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/**
 * What is wrong with a typed amount, in the member's terms; null when it may be sent. Only digits with at most
 * one point are read ("25", "25.5", "25.50"); a comma is refused in words, never dropped.
 */
function amountProblem(text: string, available: number, minimum: number): string | null {
  if (hasComma(text)) return COMMA_IN_AMOUNT;
  const typed = text.trim();
  if (!/^(\d+\.?\d*|\.\d+)$/.test(typed)) return "Enter an amount in dollars";
  const value = Number(typed);
  if (value > available) return `You have ${formatUsd(available)} available`;
  if (value < minimum) return `Enter at least ${formatUsd(minimum)}`;
  const micros = value * MICROS_PER_USD;
  if (Math.abs(micros - Math.round(micros)) > 1e-6 || Math.round(micros) % CENT_MICROS !== 0)
    return "Use steps of 0.01 (at most 2 decimals)";
  return null;
}
