import { useId, useState } from "react";
import { visibleLength } from "../../../common/member-text";
import { reversePayment } from "../../lib/admin-api";
import { describeFailure, refusalOf } from "../../lib/api";
import { formatDate } from "../../lib/format";
import type { PaymentJson } from "../../../common/schemas/payments";
import { Modal } from "../modal";
import { buttonClass } from "../ui";
import { fieldClass, labelClass } from "./admin-ui";
import { formatUsd } from "./money";
import { useRefreshAdminLists } from "../../queries/admin";
import { MONEY_TEXT_MAX } from "../../../common/schemas/money-fields";
import { FormError } from "../form-error";

// A correction of a payment (docs/decisions/066): the payment did not reach the member, so its whole amount
// comes back to their balance; the payment stays on record, marked corrected. For a payment that settled a
// payout request the admin also says what becomes of the request: reopened (to be paid again) or closed (the
// money stays with the member). The reason is required; the member reads it.

type Outcome = "reopen" | "close";

const REASON_MAX = MONEY_TEXT_MAX.reason;
const OUTCOMES: [Outcome, string][] = [
  ["reopen", "Reopen the request (pay it again)"],
  ["close", "Close the request (the money goes back to the member)"],
];

export function PaymentCorrectionModal({ payment: p, onClose }: { payment: PaymentJson; onClose: () => void }) {
  const refreshAdminLists = useRefreshAdminLists();
  const settles = p.request_id !== null;
  const [reason, setReason] = useState("");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const [outcomeProblem, setOutcomeProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async () => {
    const noReason = visibleLength(reason) > 0 ? null : "Give the reason for the correction";
    const noOutcome = settles && !outcome ? "Choose what becomes of the payout request" : null;
    setReasonProblem(noReason);
    setOutcomeProblem(noOutcome);
    if (noReason || noOutcome) return;
    setBusy(true);
    setProblem(null);
    try {
      await reversePayment(
        p.id,
        settles && outcome ? { reason: reason.trim(), request: outcome } : { reason: reason.trim() },
      );
      refreshAdminLists();
      onClose();
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) console.error(describeFailure("Failed to correct the payment", error));
      setProblem(refusal ?? "Could not record the correction. Please try again.");
      setBusy(false);
    }
  };

  return (
    <Modal title="Correct payment" onClose={onClose}>
      <form
        noValidate
        aria-label="Correct payment"
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm wrap-anywhere text-slate-300">
          <span className="font-semibold tabular-nums text-slate-100">{formatUsd(p.amount_usd)}</span> to {p.user_email}{" "}
          by <bdi>{p.payment_method}</bdi> on {formatDate(p.created_at)}
          {p.payment_reference ? (
            <>
              {" "}
              (reference <bdi>{p.payment_reference}</bdi>)
            </>
          ) : null}
          .
        </p>
        <p className="text-sm text-slate-400">
          {settles
            ? "It settled a payout request, so it stays on record. "
            : "The payment stays on record, marked corrected. "}
          The correction gives its whole amount back to the member's balance; use it when the money did not reach them.
        </p>
        {settles ? (
          <fieldset className="space-y-2" aria-describedby={outcomeProblem ? `${id}-outcome` : undefined}>
            <legend className={labelClass}>The payout request</legend>
            {OUTCOMES.map(([value, label]) => (
              <label key={value} className="flex items-start gap-2 text-sm text-slate-200">
                <input
                  type="radio"
                  name={`${id}-outcome`}
                  value={value}
                  checked={outcome === value}
                  onChange={() => {
                    setOutcome(value);
                    setOutcomeProblem(null);
                  }}
                  className="mt-0.5 size-4 shrink-0 accent-violet-500 focus-visible:outline-2 focus-visible:outline-violet-400"
                />
                {label}
              </label>
            ))}
            {outcomeProblem ? (
              <p id={`${id}-outcome`} role="alert" className="text-sm text-red-400">
                {outcomeProblem}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <div className="space-y-1">
          <label htmlFor={`${id}-reason`} className={labelClass}>
            Reason
          </label>
          <textarea
            id={`${id}-reason`}
            data-autofocus
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            aria-invalid={reasonProblem ? true : undefined}
            aria-describedby={`${id}-reason-note`}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonProblem(null);
            }}
            className={fieldClass}
          />
          {reasonProblem ? (
            <p id={`${id}-reason-note`} role="alert" className="text-sm text-red-400">
              {reasonProblem}
            </p>
          ) : (
            <p id={`${id}-reason-note`} className="text-sm text-slate-400">
              The member sees this on their Wallet ({reason.length}/{REASON_MAX} characters).
            </p>
          )}
        </div>
        <FormError message={problem} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()} disabled={busy} aria-busy={busy}>
            {busy ? "Saving..." : "Record correction"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
