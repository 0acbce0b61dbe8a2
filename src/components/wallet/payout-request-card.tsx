import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { MONEY_STEP } from "../../../common/money";
import { PAYOUT_METHODS, payoutAddressProblem } from "../../../common/payouts";
import { refusalOf } from "../../lib/api";
import { cancelPayoutRequest, getPayoutRequests, requestPayout } from "../../lib/earnings-api";
import { formatDate, formatUsd } from "../../lib/format";
import { MICROS_PER_USD } from "../../lib/money";
import { queryKeys } from "../../lib/query-keys";
import type { PayoutRequestJson } from "../../lib/types";
import { useUserId } from "../../stores/auth";
import { amountProblem } from "../admin/money";
import { buttonClass, card } from "../ui";

// The wallet's "Request payout" card (docs/decisions/036): the open request with Cancel; otherwise, with the
// minimum available, the form; below it, how long the minimum takes at the member's last 7 days' pace.

const field =
  "w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-slate-100 [color-scheme:dark] focus-visible:outline-2 focus-visible:outline-violet-400";
const label = "text-sm font-medium text-slate-300";

/** Payouts are sent in whole cents; an available $30.004 offers $30.00 and keeps the $0.004. */
const wholeCents = (amount: number) => Math.floor(Math.round(amount * MICROS_PER_USD) / (MICROS_PER_USD / 100)) / 100;

/** The server's refusal in words (docs/decisions/038), or the fallback for a failure it did not explain. */
const failureOf = (error: unknown, fallback: string) => refusalOf(error) ?? fallback;

/** What the wallet and the request list must show again after a request changes. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.payoutRequests(null), queryKeys.wallet(null)].map(([kind]) => client.invalidateQueries({ queryKey: [kind] })),
    );
}

export function PayoutRequestCard() {
  const userId = useUserId();
  const list = useQuery({
    queryKey: queryKeys.payoutRequests(userId),
    queryFn: ({ signal }) => getPayoutRequests(signal),
    meta: { failure: "Failed to load payout requests" },
  });
  if (!list.data) return null;
  const { requests, minimum_payout: minimum, available_balance: available, days_to_minimum: days } = list.data;
  const open = requests.find((r) => r.status === "open");
  const last = requests[0];
  return (
    <section aria-labelledby="payout-request" className={`${card} space-y-4`}>
      <h2 id="payout-request" className="text-lg font-semibold">
        Request payout
      </h2>
      {open ? (
        <OpenRequest request={open} />
      ) : (
        <>
          {last ? <LastDecision request={last} /> : null}
          {available >= minimum ? (
            <PayoutForm available={available} minimum={minimum} previous={last} />
          ) : (
            <p className="text-sm text-slate-400">
              You can request a payout once {formatUsd(minimum)} is available (you have {formatUsd(available)}).
              {days !== null ? ` At your last 7 days' pace you reach ${formatUsd(minimum)} in about ${days} ${days === 1 ? "day" : "days"}.` : ""}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function OpenRequest({ request }: { request: PayoutRequestJson }) {
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await cancelPayoutRequest(request.id);
      await refresh();
    } catch (error) {
      setFailure(failureOf(error, "Could not cancel the request. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      {/* A payout address can be one long unbroken word (an email): it wraps inside the card. */}
      <p className="text-sm wrap-anywhere text-slate-300">
        You asked on {formatDate(request.created_at)} for {formatUsd(request.amount_usd)} by {request.payment_method} to{" "}
        {request.payout_address}. Our team will send it and record it under Payment History; until then this amount is
        set aside and not available.
      </p>
      {failure ? (
        <p role="alert" className="text-sm text-red-400">
          {failure}
        </p>
      ) : null}
      <button type="button" className={buttonClass("secondary")} onClick={() => void cancel()} disabled={busy} aria-busy={busy}>
        Cancel request
      </button>
    </div>
  );
}

function LastDecision({ request }: { request: PayoutRequestJson }) {
  if (request.status === "paid") {
    return <p className="text-sm text-emerald-400">Your payout request of {formatUsd(request.amount_usd)} was paid.</p>;
  }
  if (request.status === "rejected") {
    return (
      <p className="text-sm wrap-anywhere text-amber-400">
        Your payout request of {formatUsd(request.amount_usd)} was not paid: {request.reason}. The amount is available again.
      </p>
    );
  }
  return null;
}

function PayoutForm({ available, minimum, previous }: { available: number; minimum: number; previous: PayoutRequestJson | undefined }) {
  const id = useId();
  const refresh = useRefresh();
  const [method, setMethod] = useState(previous?.payment_method ?? "PayPal");
  const [address, setAddress] = useState(previous?.payout_address ?? "");
  const [amount, setAmount] = useState(wholeCents(available).toFixed(2));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const value = Number(amount);
    // The amount field's own rules are the payment's (whole cents, at most MAX_ENTRY_USD), as the admin's
    // payment form checks them; then the minimum and what is available.
    const wrong =
      payoutAddressProblem(method, address) ??
      amountProblem(amount, MONEY_STEP.payment) ??
      (!Number.isFinite(value) || value < minimum
        ? `Enter at least ${formatUsd(minimum)}`
        : value > available
          ? `You have ${formatUsd(available)} available`
          : null);
    setProblem(wrong);
    if (wrong) return;
    setBusy(true);
    try {
      await requestPayout({ amount_usd: value, payment_method: method, payout_address: address.trim() });
      await refresh();
    } catch (error) {
      setProblem(failureOf(error, "Could not request the payout. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="grid gap-4 md:grid-cols-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="space-y-1">
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
      <div className="space-y-1">
        <label htmlFor={`${id}-address`} className={label}>
          {method === "PayPal" ? "PayPal email" : "Where to pay you"}
        </label>
        <input
          id={`${id}-address`}
          type={method === "PayPal" ? "email" : "text"}
          maxLength={200}
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          className={field}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-amount`} className={label}>
          Amount (USD)
        </label>
        <input
          id={`${id}-amount`}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={minimum}
          max={available}
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          className={field}
        />
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-400 md:col-span-3">
          {problem}
        </p>
      ) : null}
      <div className="md:col-span-3">
        <button type="submit" className={buttonClass("primary")} disabled={busy} aria-busy={busy}>
          Request payout
        </button>
      </div>
    </form>
  );
}
