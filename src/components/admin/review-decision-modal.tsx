import { useId, useState } from "react";
import { decideReview } from "../../lib/admin-api";
import { ApiError, describeFailure } from "../../lib/api";
import type { ReviewDecision, ReviewJson } from "../../lib/types";
import { Modal } from "../modal";
import { buttonClass } from "../ui";
import { fieldClass, labelClass } from "./admin-ui";
import { NOTE_MAX, noteProblem } from "./bonus-review";
import { usd3 } from "./money";
import { accountsText } from "./reviews";
import { refreshAdminLists } from "./use-admin-query";

type ReviewDecisionModalProps = {
  review: ReviewJson;
  decision: ReviewDecision["decision"];
  onClose: () => void;
};

const titles = { reverse: "Reverse earnings", clear: "Clear flag" } as const;
const actions = { reverse: "Reverse earnings", clear: "Clear" } as const;

/** What the decision does, so the admin knows before confirming (docs/decisions/019). */
function consequence(review: ReviewJson, decision: ReviewDecision["decision"]) {
  const earnings = `${review.earnings_count.toLocaleString("en-US")} ${review.earnings_count === 1 ? "earning" : "earnings"}`;
  return decision === "reverse"
    ? `Takes back ${usd3(review.amount_usd)} (${earnings}) from the wallets they were credited to.`
    : `Lifts this flag's hold on ${earnings}: they become available when their holding period ends, unless another open flag covers them.`;
}

/** Reverse the earnings a fraud flag covers, or clear it, with the note the audit keeps. */
export function ReviewDecisionModal({ review, decision, onClose }: ReviewDecisionModalProps) {
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async () => {
    const invalid = noteProblem(note);
    setProblem(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await decideReview(review.id, { decision, note: note.trim() });
      refreshAdminLists();
      onClose();
    } catch (error) {
      // A refusal (400, or 409 when another admin settled it first) says what happened; others are logged (docs/product-spec.md §8).
      if (error instanceof ApiError && (error.status === 400 || error.status === 409)) setProblem(error.message);
      else console.error(describeFailure("Failed to settle review", error));
      setBusy(false);
    }
  };

  return (
    <Modal title={titles[decision]} onClose={onClose}>
      <form
        noValidate
        aria-label={titles[decision]}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm break-words text-slate-200">
          {review.title}
          {review.users.length > 0 ? <span className="text-slate-400">: {accountsText(review.users)}</span> : null}
        </p>
        <p className="text-sm text-slate-400">{consequence(review, decision)}</p>
        <div className="space-y-1">
          <label htmlFor={id} className={labelClass}>Note</label>
          <textarea
            id={id}
            data-autofocus
            rows={3}
            maxLength={NOTE_MAX}
            value={note}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-note`}
            onChange={(event) => setNote(event.currentTarget.value)}
            className={fieldClass}
          />
          {problem ? (
            <p id={`${id}-note`} role="alert" className="text-sm text-red-400">{problem}</p>
          ) : (
            <p id={`${id}-note`} className="text-sm text-slate-400">
              Why, for the audit log ({note.length}/{NOTE_MAX} characters).
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>Cancel</button>
          <button type="submit" className={buttonClass()} disabled={busy}>{busy ? "Saving..." : actions[decision]}</button>
        </div>
      </form>
    </Modal>
  );
}
