import { DayButton, type DayButtonProps, DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import "./day-picker.css";
import { dateToDay, dayToDate } from "./day-text";
import { todayUtc } from "./report-dates";

type DayCalendarProps = {
  /** YYYY-MM-DD days; `value` "" when none is chosen. */
  value: string;
  min?: string;
  max?: string;
  onChoose: (day: string) => void;
};

/**
 * A month grid to pick a day from (react-day-picker: arrow keys, Page Up/Down, Home/End, Enter). Loaded only
 * when a date field's calendar opens, so the wallet itself stays light. Days outside min–max are disabled.
 */
export default function DayCalendar({ value, min, max, onChoose }: DayCalendarProps) {
  return (
    <DayPicker
      mode="single"
      required
      autoFocus
      // "Today" is the UTC day, as the server's day buckets (docs/decisions/014).
      today={dayToDate(todayUtc())}
      selected={value ? dayToDate(value) : undefined}
      defaultMonth={dayToDate(value || max || todayUtc())}
      startMonth={min ? dayToDate(min) : undefined}
      endMonth={max ? dayToDate(max) : undefined}
      disabled={[...(min ? [{ before: dayToDate(min) }] : []), ...(max ? [{ after: dayToDate(max) }] : [])]}
      onSelect={(date) => onChoose(dateToDay(date))}
      components={{ DayButton: FocusedDayButton }}
      className="reelpay-day-picker mx-auto w-fit"
    />
  );
}

/** Marks the day that takes the focus (the chosen one, else today) for the dialog to focus first. */
function FocusedDayButton(props: DayButtonProps) {
  return <DayButton {...props} data-autofocus={props.modifiers.focused ? true : undefined} />;
}
