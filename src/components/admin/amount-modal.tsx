import type { MoneyStep } from "../../../common/money";
import { useState } from "react";
import { describeFailure, refusalOf } from "../../lib/api";
import { buttonClass } from "../ui";
import { AmountField } from "./amount-field";
import { sendWithOverride } from "./confirm-override";
import type { ManualRecord } from "./manual-kinds";
import { Modal } from "../modal";
import { amountProblem, readAmount } from "./money";
import { useRefreshAdminLists } from "../../queries/admin";

type AmountModalProps = {
  title: string;
  record: ManualRecord;
  step: MoneyStep;
  /** Saves the amount; `override` once the admin confirmed a refusal they may overrule. */
  onSave: (amount: number, override: boolean) => Promise<unknown>;
  /** Logged when saving fails; the dialog says why (the server's words, or "Could not save the amount"). */
  failure: string;
  onClose: () => void;
};

/** Edit a manual earning or bonus: the amount only (docs/product-spec.md §5). */
export function AmountModal({ title, record, step, onSave, failure, onClose }: AmountModalProps) {
  const refreshAdminLists = useRefreshAdminLists();
  const [amount, setAmount] = useState(String(record.amount));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const value = readAmount(amount);

  const submit = async () => {
    if (value === null || amountProblem(amount, step)) return;
    setBusy(true);
    setProblem(null);
    try {
      // Lowering a credit that payments already drew on asks first, with the amounts (the server's 409).
      if (!(await sendWithOverride((override) => onSave(value, override)))) return setBusy(false);
      refreshAdminLists();
      onClose();
    } catch (error) {
      console.error(describeFailure(failure, error));
      setProblem(refusalOf(error) ?? "Could not save the amount. Please try again.");
      setBusy(false);
    }
  };

  return (
    <Modal title={title} onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm text-slate-400">
          For <span className="text-slate-200">{record.email}</span>
          {record.description ? ` · ${record.description}` : ""}
        </p>
        <AmountField value={amount} onChange={setAmount} step={step} autoFocus />
        {problem ? (
          <p role="alert" className="text-sm break-words text-red-400">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={buttonClass()}
            disabled={value === null || amountProblem(amount, step) !== null || busy}
          >
            {busy ? "Saving..." : "Save"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
