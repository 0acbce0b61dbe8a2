import { useId } from "react";
import { inputClass, labelClass } from "../upload/form-styles";
import { localTimeZone, type VisibilityChoice, type VisibilityOption } from "./visibility-choice";

const OPTIONS: { value: VisibilityOption; label: string; hint: string }[] = [
  { value: "public", label: "Public", hint: "Everyone can find and watch it." },
  { value: "unlisted", label: "Unlisted", hint: "Anyone with the link can watch it; it is never listed or searched." },
  { value: "private", label: "Private", hint: "Only you can see it." },
  { value: "scheduled", label: "Scheduled", hint: "Private until the time you choose, then public." },
];

type VisibilityFieldProps = {
  value: VisibilityChoice;
  onChange: (next: VisibilityChoice) => void;
  /** What is wrong with the choice (visibilityProblem), shown under the date and time. */
  problem?: string | null;
  disabled?: boolean;
};

/** Who may see the item: a radio group, and for Scheduled a date and time in the member's own time zone. */
export function VisibilityField({ value, onChange, problem, disabled }: VisibilityFieldProps) {
  const id = useId();
  return (
    <fieldset className="min-w-0 space-y-2" disabled={disabled}>
      <legend className={labelClass}>Visibility</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {OPTIONS.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-700 px-3 py-2 text-sm has-[:checked]:border-violet-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-400"
          >
            <input
              type="radio"
              name={`${id}-visibility`}
              value={o.value}
              checked={value.option === o.value}
              // Named by its option alone; the hint is its description.
              aria-label={o.label}
              aria-describedby={`${id}-${o.value}-hint`}
              onChange={() => onChange({ ...value, option: o.value })}
              className="mt-1 accent-violet-500"
            />
            <span className="min-w-0">
              <span className="block font-medium text-slate-100">{o.label}</span>
              <span id={`${id}-${o.value}-hint`} className="block text-xs text-slate-400">
                {o.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      {value.option === "scheduled" ? (
        <div className="min-w-0">
          <label htmlFor={`${id}-at`} className={labelClass}>
            Goes public at
          </label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            // Seconds may be given (a premiere to the second), though minutes are what most people pick.
            step={1}
            className={`${inputClass} max-w-xs`}
            value={value.at}
            onChange={(e) => onChange({ ...value, at: e.target.value })}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-zone${problem ? ` ${id}-problem` : ""}`}
            required
          />
          <p id={`${id}-zone`} className="mt-1 text-xs text-slate-400">
            Your time zone: {localTimeZone()}. Followers are told when it goes public.
          </p>
          {problem ? (
            <p id={`${id}-problem`} className="mt-1 text-sm break-words text-red-400">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
