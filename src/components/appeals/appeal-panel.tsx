import { useState } from "react";
import type { MyAppealActionJson } from "../../../common/schemas/appeals";
import { formatDate } from "../../lib/format";
import { buttonClass } from "../ui";
import { AppealDialog } from "./appeal-dialog";

/** What stands when an admin upholds an appeal without a note. */
const stands = {
  takedown: "the takedown stands",
  suspend: "the suspension stands",
  comment_takedown: "the comment stays removed",
} as const;
const undone = {
  takedown: "the item is visible again",
  suspend: "your account is no longer suspended",
  comment_takedown: "your comment is visible again",
} as const;

/**
 * Where a member sees an action against them (a taken-down item in My Content, the suspension notice, their
 * taken-down comment under its item: docs/decisions/095): "Appeal"
 * while they may, then their appeal's state (docs/decisions/092). The dialog stays open across that change, so
 * it can say the appeal was sent.
 */
export function AppealPanel({ action }: { action: MyAppealActionJson }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <AppealState action={action} onAppeal={() => setOpen(true)} />
      {open ? <AppealDialog action={action} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function AppealState({ action, onAppeal }: { action: MyAppealActionJson; onAppeal: () => void }) {
  const { appeal } = action;
  if (appeal?.status === "open")
    return (
      <p className="text-sm text-amber-200">Appeal sent {formatDate(appeal.created_at)}: an admin will review it.</p>
    );
  if (appeal?.status === "upheld")
    return (
      <p className="text-sm wrap-anywhere text-red-200">
        Appeal upheld: {appeal.decision_note || stands[action.action]}
      </p>
    );
  if (appeal?.status === "reversed")
    return (
      <p className="text-sm wrap-anywhere text-emerald-300">
        Appeal granted: {appeal.decision_note || undone[action.action]}
      </p>
    );
  // Moot (undone another way, which the member sees for themselves), or no longer in force.
  if (appeal || !action.in_force) return null;
  if (!action.can_appeal)
    return <p className="text-sm text-red-200/80">The time to appeal ended {formatDate(action.appeal_until)}.</p>;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" aria-haspopup="dialog" className={buttonClass("secondary")} onClick={onAppeal}>
        Appeal
      </button>
      <span className="text-xs text-red-200/80">You can appeal until {formatDate(action.appeal_until)}.</span>
    </div>
  );
}
