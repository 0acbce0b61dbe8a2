/**
 * A row of pressed/unpressed buttons choosing one list filter (Reviews: Open/All, Moderation: Open/Removed, a
 * day's views: As viewer/As creator). In a dialog, `autoFocusSelected` puts the first focus on the chosen one.
 */
export function FilterToggle<T extends string>({
  label,
  options,
  value,
  onChange,
  autoFocusSelected = false,
}: {
  /** What the group chooses, for assistive technology ("Show flags"). */
  label: string;
  options: readonly (readonly [value: T, label: string])[];
  value: T;
  onChange: (value: T) => void;
  autoFocusSelected?: boolean;
}) {
  return (
    <div role="group" aria-label={label} className="flex w-fit gap-1 rounded-lg border border-slate-700 p-1">
      {options.map(([option, text]) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          data-autofocus={autoFocusSelected && value === option ? true : undefined}
          onClick={() => onChange(option)}
          className={
            "rounded-md px-3 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-violet-400 " +
            (value === option ? "bg-violet-600 text-white" : "text-slate-300 hover:bg-slate-800")
          }
        >
          {text}
        </button>
      ))}
    </div>
  );
}
