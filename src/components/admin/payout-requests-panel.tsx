import { useEffect, useRef, useState } from "react";
import { createPayoutBatch, payoutBatchCsvUrl, payPayoutRequest, rejectPayoutRequest } from "../../lib/admin-api";
import { describeFailure, refusalOf } from "../../lib/api";
import { formatDate } from "../../lib/format";
import type { PayoutRequestJson } from "../../../common/schemas/payout-requests";
import { buttonClass } from "../ui";
import { Badge, num, Table, td, tdNum } from "./admin-ui";
import { formatUsd } from "./money";
import { NoteDecisionModal } from "./note-decision-modal";
import { BATCH_METHODS, batchSizeText, requestsSizeText } from "./payout-words";
import { usePayoutBatches, usePayoutRequests } from "../../queries/admin-payouts";
import { useRefreshAdminLists } from "../../queries/admin";
import { MONEY_TEXT_MAX } from "../../../common/schemas/money-fields";

// Members' payout requests, first in the Payments tab (docs/decisions/036, 066). Open PayPal and Venmo requests
// go out in batches: the admin ticks them (or none, for all), sends, and downloads PayPal's file at once; the
// batch's result is recorded in the batches list. Bank transfers are paid one by one (Pay); any open request
// may be rejected with a reason. Requests sent in a batch wait here, marked with their batch, until then.

type Decision = { request: PayoutRequestJson; kind: "pay" | "reject" };
type SentBatch = { id: number; count: number; total_usd: number };

/** The longest payment reference and rejection reason the server takes (common/schemas/payout-requests.ts). */
const REFERENCE_MAX = MONEY_TEXT_MAX.reference;
const REASON_MAX = MONEY_TEXT_MAX.reason;

export function PayoutRequestsPanel() {
  const { data: open } = usePayoutRequests("open");
  const { data: sent } = usePayoutRequests("sent");
  const [decision, setDecision] = useState<Decision | null>(null);
  const [justSent, setJustSent] = useState<SentBatch | null>(null);
  const { data: batches } = usePayoutBatches();
  // The file of the batch just sent is offered until its result is recorded: uploading it again then would pay twice.
  const sentBatch =
    justSent && !batches?.some((b) => b.id === justSent.id && b.status === "recorded") ? justSent : null;

  const openList = open ?? [];
  const sentList = sent ?? [];
  if (openList.length === 0 && sentList.length === 0 && !sentBatch) return null;
  return (
    <section aria-labelledby="payout-requests" className="min-w-0 space-y-4">
      <h2 id="payout-requests" className="text-lg font-semibold">
        Payout requests
      </h2>
      {sentBatch ? <BatchSentNotice batch={sentBatch} /> : null}
      {openList.length > 0 ? (
        <OpenRequests requests={openList} onDecide={setDecision} onSent={setJustSent} />
      ) : (
        <p className="text-sm text-slate-400">No open payout requests.</p>
      )}
      {sentList.length > 0 ? (
        <>
          <h3 className="text-base font-semibold text-slate-200">Sent in batches, waiting for their result</h3>
          <Table
            caption="Payout requests sent in batches"
            columns={["User", num("Amount"), "Method", "Pay to", "Requested", "Batch"]}
          >
            {sentList.map((r) => (
              <tr key={r.id}>
                <RequestCells request={r} />
                <td className={`${td} whitespace-nowrap`}>
                  <Badge tone="violet">Sent in batch {r.batch_id}</Badge>
                </td>
              </tr>
            ))}
          </Table>
        </>
      ) : null}
      {decision ? <PayoutDecisionModal {...decision} onClose={() => setDecision(null)} /> : null}
    </section>
  );
}

/**
 * The open requests, with a tick box on each one a batch can pay, "Select all", what the batch would send and
 * "Send in a batch". With nothing ticked the batch takes every open PayPal and Venmo request (the server leaves
 * out those their member's available balance no longer covers, so its answer says what was sent).
 */
function OpenRequests({
  requests,
  onDecide,
  onSent,
}: {
  requests: PayoutRequestJson[];
  onDecide: (d: Decision) => void;
  onSent: (b: SentBatch) => void;
}) {
  const refreshAdminLists = useRefreshAdminLists();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const batchable = requests.filter((r) => BATCH_METHODS.has(r.payment_method));
  // Ticks of requests no longer open (paid, rejected, cancelled since) fall away with the next list.
  const chosen = batchable.filter((r) => ticked.has(r.id));
  const going = chosen.length > 0 ? chosen : batchable;

  const toggle = (id: string, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const send = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const batch = await createPayoutBatch(chosen.length > 0 ? chosen.map((r) => r.id) : null);
      setTicked(new Set());
      onSent(batch);
      refreshAdminLists();
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) console.error(describeFailure("Failed to send the payout batch", error));
      setProblem(refusal ?? "Could not send the batch. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      {batchable.length > 0 ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-slate-800 bg-slate-900/60 p-4">
          <SelectAll
            count={chosen.length}
            of={batchable.length}
            onChange={(on) => setTicked(new Set(on ? batchable.map((r) => r.id) : []))}
          />
          <p className="min-w-0 flex-1 text-sm text-slate-300 tabular-nums">
            {chosen.length > 0 ? null : (
              <span className="text-slate-400">None ticked, so all open PayPal and Venmo requests: </span>
            )}
            <span className="font-semibold text-slate-100">{requestsSizeText(going)}</span>
          </p>
          <button type="button" className={buttonClass()} disabled={busy} aria-busy={busy} onClick={() => void send()}>
            {busy ? "Sending..." : "Send in a batch"}
          </button>
          {problem ? (
            <p role="alert" className="w-full text-sm wrap-anywhere text-red-400">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
      {/* One card per request on a phone: Pay to, Pay and Reject were off a 390 px screen (docs/decisions/098). */}
      <Table
        caption="Open payout requests"
        stacked
        columns={[
          { label: "In batch", hidden: true },
          "User",
          num("Amount"),
          "Method",
          "Pay to",
          "Requested",
          { label: "Actions", hidden: true },
        ]}
      >
        {requests.map((r) => {
          const inBatch = BATCH_METHODS.has(r.payment_method);
          return (
            <tr key={r.id}>
              <td data-label={inBatch ? "In batch" : ""} className={`${td} w-0`}>
                {inBatch ? (
                  <input
                    type="checkbox"
                    aria-label={`Select payout to ${r.user_email}`}
                    checked={ticked.has(r.id)}
                    onChange={(e) => toggle(r.id, e.currentTarget.checked)}
                    className="size-4 accent-violet-500"
                  />
                ) : (
                  <span className="sr-only">Paid on its own</span>
                )}
              </td>
              <RequestCells request={r} />
              <td data-label="" className={`${td} whitespace-nowrap text-right`}>
                {inBatch ? null : (
                  <button
                    type="button"
                    aria-label={`Pay ${r.user_email}`}
                    className={buttonClass("ghost")}
                    onClick={() => onDecide({ request: r, kind: "pay" })}
                  >
                    Pay
                  </button>
                )}
                <button
                  type="button"
                  aria-label={`Reject payout to ${r.user_email}`}
                  className={buttonClass("ghost")}
                  onClick={() => onDecide({ request: r, kind: "reject" })}
                >
                  Reject
                </button>
              </td>
            </tr>
          );
        })}
      </Table>
    </div>
  );
}

/** Ticks every request a batch can pay, or none; half-ticked while some are. */
function SelectAll({ count, of, onChange }: { count: number; of: number; onChange: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && count < of;
  }, [count, of]);
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-200">
      <input
        ref={ref}
        type="checkbox"
        checked={count === of}
        onChange={(e) => onChange(e.currentTarget.checked)}
        className="size-4 accent-violet-500"
      />
      Select all
    </label>
  );
}

/** The address, and in warning colour the other members refused this same address: the admin sees both accounts. */
function PayTo({ request: r }: { request: PayoutRequestJson }) {
  const others = r.address_also_named_by ?? [];
  // One block, so a stacked row (a phone) keeps the address and its warning together beside the label.
  return (
    <div className="min-w-0">
      {/* Isolated, as every payout address and payment text is shown (docs/decisions/108). */}
      <bdi>{r.payout_address}</bdi>
      {others.length > 0 ? (
        <p className="mt-1 font-medium wrap-anywhere text-amber-300">
          <span aria-hidden="true">⚠ </span>Also asked for by: {others.join(", ")}
        </p>
      ) : null}
    </div>
  );
}

/** The batch just sent, with PayPal's file to download at once. */
function BatchSentNotice({ batch }: { batch: SentBatch }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-emerald-800 bg-emerald-950/40 p-4"
    >
      <p className="min-w-0 text-sm text-emerald-200">
        <span className="font-semibold">Batch {batch.id} sent:</span> {batchSizeText(batch.count, batch.total_usd)}.
        Upload the file to PayPal Payouts, then record its result under Payout batches.
      </p>
      <a href={payoutBatchCsvUrl(batch.id)} download className={buttonClass()}>
        Download PayPal file
      </a>
    </div>
  );
}

/** Pay (an optional reference, kept on the payment) or reject (a reason the member reads on their Wallet). */
function PayoutDecisionModal({ request: r, kind, onClose }: Decision & { onClose: () => void }) {
  const others = r.address_also_named_by ?? [];
  const what = (
    <>
      <p className="text-sm text-slate-300 wrap-anywhere">
        <span className="font-semibold tabular-nums">{formatUsd(r.amount_usd)}</span> by {r.payment_method} to{" "}
        <bdi className="text-slate-100">{r.payout_address}</bdi>, asked by {r.user_email} on {formatDate(r.created_at)}.
      </p>
      {others.length > 0 ? (
        <p className="text-sm font-medium wrap-anywhere text-amber-300">Also asked for by: {others.join(", ")}</p>
      ) : null}
    </>
  );
  if (kind === "pay") {
    return (
      <NoteDecisionModal
        title="Record payout"
        action="Record payment"
        noteRequired={false}
        noteLabel="Payment reference"
        noteMax={REFERENCE_MAX}
        singleLine
        noteHint="The transaction id the member can match on their statement"
        send={(reference) => payPayoutRequest(r.id, { payment_reference: reference || null })}
        failure="Could not record the payment"
        onClose={onClose}
      >
        {what}
        <p className="text-sm text-slate-400">
          Send the money first: recording it completes the payment and closes the request.
        </p>
      </NoteDecisionModal>
    );
  }
  return (
    <NoteDecisionModal
      title="Reject payout request"
      action="Reject"
      noteLabel="Reason"
      noteMax={REASON_MAX}
      noteHint="The member sees this on their Wallet"
      send={(reason) => rejectPayoutRequest(r.id, reason)}
      failure="Could not reject the request"
      onClose={onClose}
    >
      {what}
      <p className="text-sm text-slate-400">The amount goes back to the member's available balance.</p>
    </NoteDecisionModal>
  );
}

/** The cells every request row shows, open or sent: user, amount, method, where to pay, when asked. */
function RequestCells({ request: r }: { request: PayoutRequestJson }) {
  return (
    <>
      <td data-label="User" className={`${td} min-w-44 max-w-56 wrap-anywhere`}>
        {r.user_email}
      </td>
      <td data-label="Amount" className={tdNum}>
        {formatUsd(r.amount_usd)}
      </td>
      <td data-label="Method" className={td}>
        <bdi>{r.payment_method}</bdi>
      </td>
      <td data-label="Pay to" className={`${td} min-w-48 max-w-64 wrap-anywhere`}>
        <PayTo request={r} />
      </td>
      <td data-label="Requested" className={`${td} whitespace-nowrap`}>
        {formatDate(r.created_at)}
      </td>
    </>
  );
}
