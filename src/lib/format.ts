/** m:ss, as the content page and Up Next cards show durations (spec §2). */
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

/** Tags of a content item (stored comma-separated) as a list. */
export const tagList = (tags: string) =>
  tags
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
