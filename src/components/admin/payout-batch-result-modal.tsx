import { useId, useState } from "react";
import { visibleLength } from "../../../common/member-text";
import type { PayoutBatchJson } from "../../../common/schemas/payout-batches";
import { recordPayoutBatchResult } from "../../lib/admin-api";
import { describeFailure, refusalOf } from "../../lib/api";
import type { PayoutRequestJson } from "../../../common/schemas/payout-requests";
import { Modal } from "../modal";
import { buttonClass } from "../ui";
import { fieldClass, labelClass } from "./admin-ui";
import { formatUsd, sumUsd } from "./money";
import { usePayoutRequests } from "../../queries/admin-payouts";
import { useRefreshAdminLists } from "../../queries/admin";
import { MONEY_TEXT_MAX } from "../../../common/schemas/money-fields";
import { FormError } from "../form-error";

// Recording what PayPal did with a batch (docs/decisions/066): the admin ticks the requests PayPal returned
// and says why for each; every other request of the batch is paid, with the optional PayPal batch reference
// kept on its payment. The totals show before confirming; the server's refusal (recorded already by another
// admin) shows in the dialog.

export type PayoutBatch = PayoutBatchJson;

/** The longest reason and reference the server takes (common/schemas/payout-batches.ts). */
const REASON_MAX = MONEY_TEXT_MAX.reason;
const REFERENCE_MAX = MONEY_TEXT_MAX.reference;

type Props = { batch: PayoutBatch; onClose: () => void; onRecorded: (batch: PayoutBatch) => void };

export function BatchResultModal({ batch, onClose, onRecorded }: Props) {
  const refreshAdminLists = useRefreshAdminLists();
  const sent = usePayoutRequests("sent");
  const requests = (sent.data ?? []).filter((r) => r.batch_id === batch.id);
  // The requests ticked as returned, each with the reason typed for it.
  const [returned, setReturned] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [reference, setReference] = useState("");
  const [missing, setMissing] = useState<ReadonlySet<string>>(() => new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const paid = requests.filter((r) => !returned.has(r.id));
  const back = requests.filter((r) => returned.has(r.id));
  const total = (list: PayoutRequestJson[]) => formatUsd(sumUsd(list.map((r) => r.amount_usd)));

  const change = (requestId: string, reason: string | null) => {
    setReturned((prev) => {
      const next = new Map(prev);
      if (reason === null) next.delete(requestId);
      else next.set(requestId, reason);
      return next;
    });
    setMissing((prev) => {
      const next = new Set(prev);
      next.delete(requestId);
      return next;
    });
  };

  const submit = async () => {
    const unexplained = new Set(back.filter((r) => visibleLength(returned.get(r.id) ?? "") === 0).map((r) => r.id));
    setMissing(unexplained);
    if (unexplained.size > 0 || requests.length === 0) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await recordPayoutBatchResult(batch.id, {
        returned: back.map((r) => ({ request_id: r.id, reason: returned.get(r.id)!.trim() })),
        payment_reference: reference.trim() || null,
      });
      refreshAdminLists();
      onRecorded(result);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) console.error(describeFailure("Failed to record the payout batch", error));
      setProblem(refusal ?? "Could not record the result. Please try again.");
      setBusy(false);
    }
  };

  return (
    <Modal title={`Record result of batch ${batch.id}`} onClose={onClose}>
      <form
        noValidate
        aria-label={`Record result of batch ${batch.id}`}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm text-slate-400">
          Tick the requests PayPal returned and say why for each: their money becomes available to the member again.
          Every other request of the batch is recorded as paid.
        </p>
        {requests.length === 0 ? (
          <p className="text-sm text-slate-400">
            {sent.firstLoad ? "Loading the batch's requests..." : "This batch has no requests waiting for a result."}
          </p>
        ) : (
          <ul aria-label={`Requests in batch ${batch.id}`} className="space-y-3">
            {requests.map((r) => (
              <ResultItem
                key={r.id}
                request={r}
                reason={returned.get(r.id) ?? null}
                reasonMissing={missing.has(r.id)}
                onChange={(reason) => change(r.id, reason)}
              />
            ))}
          </ul>
        )}
        <div className="space-y-1">
          <label htmlFor={`${id}-reference`} className={labelClass}>
            PayPal batch reference (optional)
          </label>
          <input
            id={`${id}-reference`}
            type="text"
            maxLength={REFERENCE_MAX}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            aria-describedby={`${id}-reference-hint`}
            className={fieldClass}
          />
          <p id={`${id}-reference-hint`} className="text-sm text-slate-400">
            PayPal's batch id: kept on every payment of this batch.
          </p>
        </div>
        <p
          aria-live="polite"
          className="rounded-lg bg-slate-950/60 p-3 text-sm font-medium text-slate-100 tabular-nums"
        >
          {paid.length.toLocaleString("en-US")} paid · {total(paid)}; {back.length.toLocaleString("en-US")} returned ·{" "}
          {total(back)}
        </p>
        <FormError message={problem} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()} disabled={busy || requests.length === 0} aria-busy={busy}>
            {busy ? "Saving..." : "Record result"}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** One request of the batch: ticked when PayPal returned it, then with the reason it gives. */
function ResultItem(props: {
  request: PayoutRequestJson;
  reason: string | null;
  reasonMissing: boolean;
  onChange: (reason: string | null) => void;
}) {
  const { request: r, reason, reasonMissing, onChange } = props;
  const id = useId();
  return (
    <li className="space-y-2 rounded-xl border border-slate-800 p-3">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          checked={reason !== null}
          onChange={(e) => onChange(e.currentTarget.checked ? "" : null)}
          className="mt-0.5 size-4 shrink-0 accent-violet-500"
        />
        <span className="min-w-0 text-sm wrap-anywhere text-slate-300">
          <span className="font-medium text-slate-100">Returned</span>
          <span className="sr-only">:</span>{" "}
          <span className="font-semibold tabular-nums text-slate-100">{formatUsd(r.amount_usd)}</span> to{" "}
          <bdi>{r.payout_address}</bdi> <span className="text-slate-400">({r.user_email})</span>
        </span>
      </label>
      {reason !== null ? (
        <div className="space-y-1 pl-7">
          <label htmlFor={id} className={labelClass}>
            Why PayPal returned it
          </label>
          <input
            id={id}
            type="text"
            maxLength={REASON_MAX}
            value={reason}
            aria-invalid={reasonMissing ? true : undefined}
            aria-describedby={reasonMissing ? `${id}-problem` : undefined}
            onChange={(e) => onChange(e.currentTarget.value)}
            className={fieldClass}
          />
          {reasonMissing ? (
            <p id={`${id}-problem`} role="alert" className="text-sm text-red-400">
              Give the reason PayPal returned it
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
