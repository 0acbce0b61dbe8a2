/** m:ss, as the content page and Up Next cards show durations (docs/product-spec.md §2). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${s.toString().padStart(2, "0")}`;
}

/** A date as people read it, e.g. "Nov 21, 2026". */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

// US dollars are written by one rule for the SPA and the server's CSV exports (docs/decisions/032).
export { formatUsd, formatUsdToCents } from "../../common/usd";

/**
 * A calendar day "YYYY-MM-DD" as "Nov 21, 2026". Read as UTC so the day never shifts with the
 * viewer's time zone (the API's report days are UTC days).
 */
export function formatDay(
  day: string,
  options: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" },
): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { ...options, timeZone: "UTC" });
}

/**
 * The UTC day of a timestamp, e.g. "Nov 28, 2026": the server's holds and day buckets run on UTC days, so
 * "Pending until" names the same day for everyone.
 */
export function formatUtcDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The UTC time of a timestamp as hh:mm (24-hour), e.g. "09:05", to go with the UTC days of the views list. */
export function formatUtcTime(iso: string): string {
  return new Date(iso).toLocaleTimeString("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone: "UTC",
  });
}
