import { decideReview } from "../../lib/admin-api";
import type { ReviewDecisionBody, ReviewJson } from "../../../common/schemas/admin-reviews";
import { formatUsd } from "./money";
import { NoteDecisionModal } from "./note-decision-modal";
import { accountsText, reverseLabel } from "./reviews";

type ReviewDecisionModalProps = {
  review: ReviewJson;
  decision: ReviewDecisionBody["decision"];
  onClose: () => void;
};

const titles = { reverse: reverseLabel, clear: () => "Clear flag" } as const;
const actions = { reverse: reverseLabel, clear: () => "Clear" } as const;

/** What the decision does, so the admin knows before confirming (docs/decisions/019, 031). */
function consequence(review: ReviewJson, decision: ReviewDecisionBody["decision"]) {
  if (review.rule === "bonus_risk") {
    return decision === "reverse"
      ? `Takes back the ${formatUsd(review.amount_usd)} sign-on bonus from the member's wallet. The bonus record stays, with the reversal beside it.`
      : "Lifts this flag's hold on the sign-on bonus: it becomes available when its holding period ends.";
  }
  const earnings = `${review.earnings_count.toLocaleString("en-US")} ${review.earnings_count === 1 ? "earning" : "earnings"}`;
  return decision === "reverse"
    ? `Takes back ${formatUsd(review.amount_usd)} (${earnings}) from the wallets they were credited to.`
    : `Lifts this flag's hold on ${earnings}: they become available when their holding period ends, unless another open flag covers them.`;
}

/** Reverse the earnings a fraud flag covers, or clear it, with the note the audit keeps. */
export function ReviewDecisionModal({ review, decision, onClose }: ReviewDecisionModalProps) {
  return (
    <NoteDecisionModal
      title={titles[decision](review)}
      action={actions[decision](review)}
      send={(note) => decideReview(review.id, { decision, note })}
      failure="Failed to settle review"
      onClose={onClose}
    >
      <p className="text-sm wrap-anywhere text-slate-200">
        {review.title}
        {review.users.length > 0 ? <span className="text-slate-400">: {accountsText(review.users)}</span> : null}
      </p>
      <p className="text-sm text-slate-400">{consequence(review, decision)}</p>
    </NoteDecisionModal>
  );
}
