import { useId, useState } from "react";
import { describeFailure, refusalOf } from "../../lib/api";
import { buttonClass } from "../ui";
import { fieldClass, labelClass } from "./admin-ui";
import { AmountField } from "./amount-field";
import type { ManualKind } from "./manual-kinds";
import { Modal } from "../modal";
import { amountProblem, readAmount } from "./money";
import { stillNeeded } from "./still-needed";
import { useRefreshAdminLists } from "../../queries/admin";
import { type PickedUser, UserPicker } from "./user-picker";
import { MONEY_TEXT_MAX } from "../../../common/schemas/money-fields";

/**
 * Add a manual earning or bonus: user and amount required (the button waits for both and says which is still
 * missing), description optional.
 */
export function ManualAddModal({ kind, onClose }: { kind: ManualKind; onClose: () => void }) {
  const refreshAdminLists = useRefreshAdminLists();
  const [user, setUser] = useState<PickedUser | null>(null);
  const [amount, setAmount] = useState("");
  const [description, setDescription] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const descriptionId = useId();
  const value = readAmount(amount);
  const Noun = kind.noun === "earning" ? "Earning" : "Bonus";
  const neededId = useId();
  const needed = stillNeeded([!user && "a member", amount.trim() === "" && "an amount"]);

  const submit = async () => {
    if (!user || value === null || amountProblem(amount, kind.step)) return;
    setBusy(true);
    setFailure(null);
    try {
      await kind.add({ user_id: user.id, amount: value, description: description.trim() });
      refreshAdminLists();
      onClose();
    } catch (error) {
      // The dialog stays open with what was typed, and says why (the server's words) instead of only logging.
      console.error(describeFailure(`Failed to add manual ${kind.noun}`, error));
      setFailure(refusalOf(error) ?? `Could not add the ${kind.noun}. Please try again.`);
      setBusy(false);
    }
  };

  return (
    <Modal title={`Add Manual ${Noun}`} onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <UserPicker value={user} onChange={setUser} autoFocus />
        <AmountField value={amount} onChange={setAmount} step={kind.step} />
        <div className="space-y-1">
          <label htmlFor={descriptionId} className={labelClass}>
            Description (optional)
          </label>
          <input
            id={descriptionId}
            type="text"
            maxLength={MONEY_TEXT_MAX.description}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            className={fieldClass}
          />
        </div>
        {failure ? (
          <p role="alert" className="text-sm break-words text-red-400">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-2">
          {needed ? (
            <p id={neededId} className="mr-auto text-sm text-slate-400">
              {needed}
            </p>
          ) : null}
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={buttonClass()}
            disabled={!user || value === null || amountProblem(amount, kind.step) !== null || busy}
            aria-describedby={needed ? neededId : undefined}
          >
            {busy ? "Adding..." : `Add ${Noun}`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
