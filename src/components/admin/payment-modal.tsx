import { visibleLength } from "../../../common/member-text";
import { MONEY_STEP } from "../../../common/money";
import { useId, useState } from "react";
import { addPayment, changePayment, type PaymentInput } from "../../lib/admin-api";
import type { PaymentJson } from "../../../common/schemas/payments";
import { buttonClass } from "../ui";
import { fieldClass, labelClass } from "./admin-ui";
import { AmountField } from "./amount-field";
import { Modal } from "../modal";
import { amountProblem, readAmount } from "./money";
import { savePayment } from "./payment-save";
import { stillNeeded } from "./still-needed";
import { useRefreshAdminLists } from "../../queries/admin";
import { type PickedUser, UserPicker } from "./user-picker";
import { MONEY_TEXT_MAX } from "../../../common/schemas/money-fields";
import { FormError } from "../form-error";

const methodSuggestions = ["PayPal", "Venmo", "Bank Transfer"];

/** Record a payment (no `payment`) or edit one: same fields; status may move either way (docs/product-spec.md §4). */
export function PaymentModal({ payment, onClose }: { payment?: PaymentJson; onClose: () => void }) {
  const refreshAdminLists = useRefreshAdminLists();
  const [user, setUser] = useState<PickedUser | null>(
    payment ? { id: payment.user_id, email: payment.user_email ?? "", username: null } : null,
  );
  const [amount, setAmount] = useState(payment ? String(payment.amount_usd) : "");
  const [method, setMethod] = useState(payment?.payment_method ?? "");
  const [reference, setReference] = useState(payment?.payment_reference ?? "");
  const [status, setStatus] = useState<PaymentJson["status"]>(payment?.status ?? "pending");
  const [notes, setNotes] = useState(payment?.notes ?? "");
  const [busy, setBusy] = useState(false);
  const id = useId();
  const value = readAmount(amount);
  const ready =
    user !== null &&
    value !== null &&
    amountProblem(amount, MONEY_STEP.payment, { positive: true }) === null &&
    visibleLength(method) > 0;
  // A wrong amount says so under its field; what is missing is said by the button (docs/decisions/098).
  const needed = stillNeeded([
    !user && "a member",
    amount.trim() === "" && "an amount",
    // Visible characters, as the server counts "required" (docs/decisions/106).
    visibleLength(method) === 0 && "a payment method",
  ]);

  // Why the last save failed, said in the dialog (docs/decisions/103).
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    if (!ready || !user || value === null) return;
    setBusy(true);
    setFailure(null);
    const input: PaymentInput = {
      user_id: user.id,
      amount_usd: value,
      payment_method: method.trim(),
      payment_reference: reference.trim(),
      status,
      notes: notes.trim(),
    };
    const outcome = payment
      ? await savePayment((override) => changePayment(payment.id, { ...input, override }), "Failed to update payment")
      : await savePayment((override) => addPayment({ ...input, override }), "Failed to add payment");
    if (outcome.done) {
      refreshAdminLists();
      onClose();
    } else {
      setFailure(outcome.failure);
      setBusy(false);
    }
  };

  return (
    <Modal title={payment ? "Edit Payment" : "Record Payment"} onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <UserPicker value={user} onChange={setUser} autoFocus />
        <AmountField value={amount} onChange={setAmount} step={MONEY_STEP.payment} positive />
        <div className="space-y-1">
          <label htmlFor={`${id}-method`} className={labelClass}>
            Payment Method
          </label>
          <input
            id={`${id}-method`}
            type="text"
            required
            maxLength={MONEY_TEXT_MAX.paymentMethod}
            list={`${id}-methods`}
            value={method}
            onChange={(e) => setMethod(e.currentTarget.value)}
            className={fieldClass}
          />
          <datalist id={`${id}-methods`}>
            {methodSuggestions.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-reference`} className={labelClass}>
            Reference (optional)
          </label>
          <input
            id={`${id}-reference`}
            type="text"
            maxLength={MONEY_TEXT_MAX.reference}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            className={fieldClass}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-status`} className={labelClass}>
            Status
          </label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as PaymentJson["status"])}
            className={fieldClass}
          >
            <option value="pending">Pending</option>
            <option value="completed">Completed</option>
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-notes`} className={labelClass}>
            Notes (optional)
          </label>
          <textarea
            id={`${id}-notes`}
            rows={2}
            maxLength={MONEY_TEXT_MAX.notes}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            className={fieldClass}
          />
        </div>
        <FormError message={failure} />
        <div className="flex flex-wrap items-center justify-end gap-2">
          {needed ? (
            <p id={`${id}-needed`} className="mr-auto text-sm text-slate-400">
              {needed}
            </p>
          ) : null}
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={buttonClass()}
            disabled={!ready || busy}
            aria-describedby={needed ? `${id}-needed` : undefined}
          >
            {busy ? "Saving..." : payment ? "Save Changes" : "Record Payment"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
