import { lazy, Suspense, useId, useState } from "react";
import { Modal } from "../modal";
import { buttonClass } from "../ui";
import { dayText, parseDayText } from "./day-text";
import { todayUtc } from "./report-dates";

const DayCalendar = lazy(() => import("./day-calendar"));

type DateFieldProps = {
  label: string;
  /** YYYY-MM-DD, or "" when no valid day is chosen. */
  value: string;
  min?: string;
  max?: string;
  error?: string;
  onChange: (value: string) => void;
};

/**
 * A day shown and typed as 'MMM d, yyyy' (docs/product-spec.md §2; native date fields show the browser's own format), with
 * a calendar (button or Alt+Down) for those who would rather pick. The typed text counts when the field is
 * left or Enter is pressed; the calendar offers no day outside min–max.
 */
export function DateField({ label, value, min, max, error, onChange }: DateFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState(() => dayText(value));
  const [typo, setTypo] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  // A new value from outside (the calendar, a reset) replaces the text; what was typed is kept otherwise.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(dayText(value));
    setTypo(null);
  }

  const choose = (day: string) => {
    setShown(day);
    setText(dayText(day));
    setTypo(null);
    if (day !== value) onChange(day);
  };
  const commit = () => {
    if (text.trim() === "") {
      setTypo(null);
      setShown("");
      if (value !== "") onChange("");
      return;
    }
    const day = parseDayText(text);
    if (day) return choose(day);
    // Not a day: the report waits (no valid value) and the field says how to write one; the text stays.
    setTypo(`Enter a date like ${dayText(max ?? todayUtc())}`);
    setShown("");
    if (value !== "") onChange("");
  };

  const problem = typo ?? error;
  return (
    // A fixed width, so a long error message wraps instead of stretching the field.
    <div className="flex w-44 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-300">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder="MMM d, yyyy"
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => setText(event.currentTarget.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === "Enter") commit();
            else if (event.key === "ArrowDown" && event.altKey) {
              event.preventDefault();
              setPicking(true);
            }
          }}
          className="w-full rounded-lg border border-slate-700 bg-slate-900 py-2 pr-10 pl-3 tabular-nums text-slate-100 focus-visible:outline-2 focus-visible:outline-violet-400 aria-invalid:border-red-500"
        />
        <button
          type="button"
          aria-label={`Choose ${label.toLowerCase()} from a calendar`}
          aria-haspopup="dialog"
          onClick={() => setPicking(true)}
          className={`${buttonClass("ghost", "icon")} absolute top-1/2 right-1 -translate-y-1/2`}
        >
          <CalendarIcon />
        </button>
      </div>
      {problem ? (
        <p id={errorId} className="text-sm text-red-400">
          {problem}
        </p>
      ) : null}
      {picking ? (
        <Modal title={`Choose ${label.toLowerCase()}`} size="md" onClose={() => setPicking(false)}>
          <Suspense
            fallback={
              <p role="status" className="py-8 text-center text-sm text-slate-400">
                Loading calendar…
              </p>
            }
          >
            <DayCalendar
              value={shown}
              min={min}
              max={max}
              onChoose={(day) => {
                choose(day);
                setPicking(false);
              }}
            />
          </Suspense>
        </Modal>
      ) : null}
    </div>
  );
}

const CalendarIcon = () => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    className="size-4"
  >
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 11h18" />
  </svg>
);
