import { useId, useState } from "react";
import { reviewBonus } from "../../lib/admin-api";
import { ApiError, describeFailure } from "../../lib/api";
import type { BonusAwardJson, BonusReviewBody } from "../../lib/types";
import { BonusAmount } from "../bonus-amount";
import { Modal } from "../modal";
import { buttonClass } from "../ui";
import { fieldClass, labelClass } from "./admin-ui";
import { NOTE_MAX, noteProblem, reasonLabel } from "./bonus-review";
import { refreshAdminLists } from "./use-admin-query";

type BonusReviewModalProps = {
  award: BonusAwardJson;
  decision: BonusReviewBody["decision"];
  onClose: () => void;
};

const titles = { approve: "Approve bonus", reject: "Reject bonus" } as const;
const actions = { approve: "Approve", reject: "Reject" } as const;

/** Approve or reject a held sign-on bonus, with the note the audit keeps. */
export function BonusReviewModal({ award, decision, onClose }: BonusReviewModalProps) {
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
      await reviewBonus(award.id, { decision, note: note.trim() });
      refreshAdminLists();
      onClose();
    } catch (error) {
      // A refusal (400, or 409 when another admin settled it first) says what to do; others are logged (docs/product-spec.md §8).
      if (error instanceof ApiError && (error.status === 400 || error.status === 409)) setProblem(error.message);
      else console.error(describeFailure("Failed to review bonus", error));
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
        <p className="text-sm text-slate-400">
          <BonusAmount amount={award.total_bonus_amount} /> for <span className="text-slate-200">{award.user_email}</span>, held because:
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-300">
          {award.review_reasons.map((reason) => <li key={reason}>{reasonLabel(reason)}</li>)}
        </ul>
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
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>Cancel</button>
          <button type="submit" className={buttonClass()} disabled={busy}>{busy ? "Saving..." : actions[decision]}</button>
        </div>
      </form>
    </Modal>
  );
}
