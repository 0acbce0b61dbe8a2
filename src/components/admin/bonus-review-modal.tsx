import { reviewBonus } from "../../lib/admin-api";
import type { BonusAwardJson } from "../../../common/schemas/challenges";
import type { BonusReviewBody } from "../../../common/schemas/admin-reviews";
import { BonusAmount } from "../bonus-amount";
import { reasonLabel } from "./bonus-review";
import { NoteDecisionModal } from "./note-decision-modal";

type BonusReviewModalProps = {
  award: BonusAwardJson;
  decision: BonusReviewBody["decision"];
  onClose: () => void;
};

const titles = { approve: "Approve bonus", reject: "Reject bonus" } as const;
const actions = { approve: "Approve", reject: "Reject" } as const;

/** Approve or reject a held sign-on bonus, with the note the audit keeps. */
export function BonusReviewModal({ award, decision, onClose }: BonusReviewModalProps) {
  return (
    <NoteDecisionModal
      title={titles[decision]}
      action={actions[decision]}
      send={(note) => reviewBonus(award.id, { decision, note })}
      failure="Failed to review bonus"
      onClose={onClose}
    >
      <p className="text-sm text-slate-400">
        <BonusAmount amount={award.total_bonus_amount} /> for <span className="text-slate-200">{award.user_email}</span>
        , held because:
      </p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-300">
        {award.review_reasons.map((reason) => (
          <li key={reason}>{reasonLabel(reason)}</li>
        ))}
      </ul>
    </NoteDecisionModal>
  );
}
