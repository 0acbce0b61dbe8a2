import type { MoneyStep } from "../../../common/money";
import { useId } from "react";
import { fieldClass, labelClass } from "./admin-ui";
import { amountProblem } from "./money";

type AmountFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** MONEY_STEP's: 0.001 for earnings, 0.01 for bonuses and payments (docs/product-spec.md §5). */
  step: MoneyStep;
  label?: string;
  autoFocus?: boolean;
  /** The server refuses 0 (payments). */
  positive?: boolean;
};

/**
 * A USD amount, min 0, at most the server's MAX_ENTRY_USD, in steps of `step`; says what is wrong as soon as
 * the typed value breaks a rule, so the modal never sends what the server would refuse. A text field with the
 * decimal keypad, not `type="number"`: Chromium's number field silently dropped a typed "−" (U+2212), so "−5"
 * became 5 with nothing said; here the field keeps what was typed and amountProblem names it (docs/decisions/098).
 */
export function AmountField({ value, onChange, step, label = "Amount (USD)", autoFocus, positive }: AmountFieldProps) {
  const id = useId();
  const problem = amountProblem(value, step, { positive });
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        required
        value={value}
        data-autofocus={autoFocus ? true : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={`${fieldClass} tabular-nums`}
      />
      {problem ? (
        <p id={`${id}-problem`} className="text-sm break-words text-red-400">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
