import { useId } from "react";
import { formatDay } from "../../lib/format";
import { isDay } from "./report-dates";

type DateFieldProps = {
  label: string;
  value: string;
  min?: string;
  max?: string;
  error?: string;
  onChange: (value: string) => void;
};

/**
 * A native date picker (keyboard and screen-reader support for free), with the chosen day also written
 * out as 'MMM d, yyyy' (spec §2), since the native field shows the browser's own format.
 */
export function DateField({ label, value, min, max, error, onChange }: DateFieldProps) {
  const id = useId();
  const shownId = `${id}-shown`;
  const errorId = `${id}-error`;
  return (
    // A fixed width, so a long error message wraps instead of stretching the field.
    <div className="flex w-44 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-300">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${shownId} ${errorId}` : shownId}
        onChange={(event) => onChange(event.currentTarget.value)}
        className="w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-slate-100 [color-scheme:dark] focus-visible:outline-2 focus-visible:outline-violet-400 aria-invalid:border-red-500"
      />
      <p id={shownId} className="text-sm tabular-nums text-slate-400">
        {isDay(value) ? formatDay(value) : "No date chosen"}
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
