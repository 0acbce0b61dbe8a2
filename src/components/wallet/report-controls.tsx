import type { EarningsGroupBy } from "../../../common/schemas/reports";
import { buttonClass } from "../ui";
import { DateField } from "./date-field";
import type { DateErrors, ReportSelection } from "./report-dates";

const viewModes: [mode: EarningsGroupBy, label: string][] = [
  ["daily", "Daily"],
  ["weekly", "Weekly"],
  ["monthly", "Monthly"],
];

type ReportControlsProps = {
  selection: ReportSelection;
  errors: DateErrors;
  /** Today (UTC): the latest day either picker offers. */
  today: string;
  onChange: (selection: ReportSelection) => void;
  onUpdate: () => void;
};

/** Start and end dates, the view mode toggle, and Update (also on Enter in a date field). */
export function ReportControls({ selection, errors, today, onChange, onUpdate }: ReportControlsProps) {
  const invalid = Boolean(errors.startDate || errors.endDate);
  return (
    <form
      aria-label="Report range"
      className="flex flex-wrap items-start gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid) onUpdate();
      }}
    >
      <DateField
        label="Start date"
        value={selection.startDate}
        max={today}
        error={errors.startDate}
        onChange={(startDate) => onChange({ ...selection, startDate })}
      />
      <DateField
        label="End date"
        value={selection.endDate}
        min={selection.startDate || undefined}
        max={today}
        error={errors.endDate}
        onChange={(endDate) => onChange({ ...selection, endDate })}
      />
      <div
        role="group"
        aria-label="View mode"
        className="flex gap-1 self-start rounded-lg border border-slate-700 p-1 sm:mt-6"
      >
        {viewModes.map(([mode, label]) => (
          <button
            key={mode}
            type="button"
            aria-pressed={selection.groupBy === mode}
            onClick={() => onChange({ ...selection, groupBy: mode })}
            className={
              "rounded-md px-3 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-violet-400 " +
              (selection.groupBy === mode ? "bg-violet-600 text-white" : "text-slate-300 hover:bg-slate-800")
            }
          >
            {label}
          </button>
        ))}
      </div>
      <button type="submit" disabled={invalid} className={`${buttonClass()} sm:mt-6`}>
        Update
      </button>
    </form>
  );
}
