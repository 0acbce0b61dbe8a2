import { MONEY_STEP } from "../../../common/money";
import { useId, useState } from "react";
import type { ChallengeInput } from "../../lib/admin-api";
import { ApiError, describeFailure } from "../../lib/api";
import type { RequirementType } from "../../../common/schemas/challenges";
import { buttonClass } from "../ui";
import { fieldClass, labelClass } from "./admin-ui";
import {
  type ChallengeDraft,
  type ChallengeProblems,
  challengeProblems,
  inputOf,
  requirementLabels,
} from "./challenge-draft";

type ChallengeFormProps = {
  initial: ChallengeDraft;
  submitLabel: string;
  /** Sends the challenge; a refusal (400) is shown in the form, other failures are logged (docs/product-spec.md §8). */
  onSubmit: (input: ChallengeInput) => Promise<unknown>;
  onCancel: () => void;
};

type Field = keyof ChallengeProblems;
// In the order they appear, so the first one wrong gets the focus.
const fieldOrder: Field[] = ["name", "description", "requirement_value", "bonus_amount", "time_limit_hours"];

/** The fields of a challenge, for creating one and for editing one in place. */
export function ChallengeForm({ initial, submitLabel, onSubmit, onCancel }: ChallengeFormProps) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  // Problems show once a send was tried, then follow the typing, so a fixed field clears at once.
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const set = (changes: Partial<ChallengeDraft>) => setDraft((d) => ({ ...d, ...changes }));
  const problems = tried ? challengeProblems(draft) : {};

  const submit = async () => {
    const found = challengeProblems(draft);
    const first = fieldOrder.find((field) => found[field]);
    if (first) {
      setTried(true);
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(inputOf(draft));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setError(failure.message);
      else console.error(describeFailure("Failed to save challenge", failure));
      setBusy(false);
    }
  };

  // The field's wiring to its problem: marked invalid and described by the message under it.
  const check = (field: Field) => ({
    "aria-invalid": problems[field] ? true : undefined,
    "aria-describedby": problems[field] ? `${id}-${field}-problem` : undefined,
  });
  const problem = (field: Field) =>
    problems[field] ? (
      <p id={`${id}-${field}-problem`} className="text-sm text-red-400">
        {problems[field]}
      </p>
    ) : null;

  const number = (
    key: "requirement_value" | "bonus_amount" | "time_limit_hours",
    label: string,
    min: string,
    step: string,
  ) => (
    <div className="space-y-1">
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        // The bonus is money: a text field keeps a typed "−5" (U+2212), which Chromium's number field turned
        // into 5 without a word; amountProblem then refuses it in words (docs/decisions/098).
        {...(key === "bonus_amount"
          ? { type: "text", inputMode: "decimal" as const, autoComplete: "off" }
          : { type: "number", min, step })}
        value={draft[key]}
        onChange={(e) => set({ [key]: e.currentTarget.value })}
        {...check(key)}
        className={`${fieldClass} tabular-nums`}
      />
      {problem(key)}
    </div>
  );

  return (
    <form
      // Checked here in words (docs/product-spec.md §5), not by the browser's own bubbles, which differ between browsers.
      noValidate
      aria-label={submitLabel}
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-name`} className={labelClass}>
          Name
        </label>
        <input
          id={`${id}-name`}
          autoFocus
          type="text"
          required
          maxLength={100}
          value={draft.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          {...check("name")}
          className={fieldClass}
        />
        {problem("name")}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-type`} className={labelClass}>
          Requirement
        </label>
        <select
          id={`${id}-type`}
          value={draft.requirement_type}
          onChange={(e) => set({ requirement_type: e.currentTarget.value as RequirementType })}
          className={fieldClass}
        >
          {Object.entries(requirementLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1 sm:col-span-2">
        <label htmlFor={`${id}-description`} className={labelClass}>
          Description
        </label>
        <textarea
          id={`${id}-description`}
          required
          rows={2}
          maxLength={500}
          value={draft.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          {...check("description")}
          className={fieldClass}
        />
        {problem("description")}
      </div>
      {number("requirement_value", "Target Value", "1", "1")}
      {number("bonus_amount", "Bonus Amount (USD)", "0", String(MONEY_STEP.bonus))}
      {number("time_limit_hours", "Time Limit (hours)", "1", "1")}
      <label className="flex items-center gap-3 self-end pb-2">
        <input
          type="checkbox"
          checked={draft.is_active}
          onChange={(e) => set({ is_active: e.currentTarget.checked })}
          className="size-4 accent-violet-500"
        />
        <span className="font-medium">Active</span>
      </label>
      {error ? (
        <p role="alert" className="text-sm text-red-400 sm:col-span-2">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <button type="button" className={buttonClass("secondary")} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </button>
      </div>
    </form>
  );
}
