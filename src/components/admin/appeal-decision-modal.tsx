import { APPEAL_NOTE_MAX, type AppealOutcome } from "../../../common/appeals";
import type { AdminAppealJson } from "../../../common/schemas/appeals";
import { formatUsd } from "../../lib/format";
import { useDecideAppeal } from "../../queries/appeals";
import { appealSubject } from "./appeal-card";
import { NoteDecisionModal } from "./note-decision-modal";

type AppealDecisionModalProps = {
  appeal: AdminAppealJson;
  outcome: AppealOutcome;
  onClose: () => void;
  /** What happened, for the tab's status line. */
  onDone: (outcome: string) => void;
};

/**
 * What the decision does, so the admin knows before confirming (docs/decisions/092): reversing also gives back the
 * earnings the action reversed, held again, and says how much (docs/decisions/096).
 */
function consequence(appeal: AdminAppealJson, outcome: AppealOutcome) {
  // A comment's takedown (docs/decisions/095): no money was ever at stake.
  if (appeal.action.action === "comment_takedown")
    return outcome === "upheld"
      ? "The comment stays removed. The member is told on the bell, with your note."
      : "Restores the comment, as Restore does: it shows under the item again. The member is told on the bell.";
  const takedown = appeal.action.action === "takedown";
  const action = takedown ? "takedown" : "suspension";
  if (outcome === "upheld") return `The ${action} stands. The member is told on the bell, with your note.`;
  const undo = takedown
    ? "Restores the item, as Restore does: it is visible again."
    : "Lifts the suspension, as Unsuspend does.";
  const money =
    appeal.give_back_usd > 0
      ? `Gives back ${formatUsd(appeal.give_back_usd)} of earnings the ${action} reversed (both sides of each view), held again before it can be paid.`
      : `The ${action} reversed no earnings that can be given back.`;
  return `${undo} ${money} The member is told on the bell.`;
}

/** Uphold or reverse an appeal, with an optional note the member reads. */
export function AppealDecisionModal({ appeal, outcome, onClose, onDone }: AppealDecisionModalProps) {
  const decide = useDecideAppeal();
  const subject = appealSubject(appeal);
  return (
    <NoteDecisionModal
      title={outcome === "upheld" ? "Uphold appeal" : "Reverse appeal"}
      action={outcome === "upheld" ? "Uphold" : "Reverse"}
      send={async (note) => {
        await decide(appeal.id, outcome, note);
        onDone(`${outcome === "upheld" ? "Appeal upheld" : "Appeal reversed"}: ${subject}.`);
      }}
      failure="Failed to decide appeal"
      onClose={onClose}
      noteRequired={false}
      noteHint="Shown to the member, and kept in the audit log"
      noteMax={APPEAL_NOTE_MAX}
    >
      <p className="text-sm font-medium wrap-anywhere text-slate-200">{subject}</p>
      <p className="text-sm text-slate-400">{consequence(appeal, outcome)}</p>
    </NoteDecisionModal>
  );
}
