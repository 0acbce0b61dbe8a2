import { formatDay } from "../../lib/format";
import { isDay } from "./report-dates";

// The report pickers' text: days are shown as 'MMM d, yyyy' (docs/product-spec.md §2) and typed the same way. The API keeps
// its YYYY-MM-DD; these two convert between them.

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** A YYYY-MM-DD day as the field shows it ("Nov 21, 2026"); empty for no day. */
export const dayText = (day: string) => (isDay(day) ? formatDay(day) : "");

/**
 * What a typed day means, as YYYY-MM-DD: "Nov 21, 2026" (any case, the month's name or its first three or
 * more letters, the comma optional) or a pasted "2026-11-21". Null for anything else, an impossible day
 * ("Feb 30, 2026") included. Numeric forms like 11/21/2026 are refused: read as month or day first, they
 * differ.
 */
export function parseDayText(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const named = /^([a-z]{3,9})\.?\s*(\d{1,2}),?\s+(\d{4})$/i.exec(t);
  let parts: [year: string, month: number, day: string] | null = null;
  if (iso) parts = [iso[1]!, Number(iso[2]), iso[3]!];
  else if (named) {
    const word = named[1]!.toLowerCase();
    const month = MONTHS.findIndex((name) => name.startsWith(word));
    if (month >= 0) parts = [named[3]!, month + 1, named[2]!];
  }
  if (!parts) return null;
  const [year, month, day] = parts;
  const value = `${year}-${String(month).padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isDay(value) ? value : null;
}

/** A YYYY-MM-DD day as the local-time Date the calendar draws (only its year, month and day matter). */
export const dayToDate = (day: string) => {
  const [y, m, d] = day.split("-").map(Number);
  const date = new Date(2000, 0, 1);
  // setFullYear, not the constructor, which reads years below 100 as 19xx.
  date.setFullYear(y!, m! - 1, d!);
  return date;
};

/** The calendar's chosen Date back to YYYY-MM-DD, from its local year, month and day. */
export const dateToDay = (date: Date) =>
  `${String(date.getFullYear()).padStart(4, "0")}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
