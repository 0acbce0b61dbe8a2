// How the traffic dashboard words its numbers (docs/product-spec.md §2 "Analytics dashboard"). The API's percentages are
// fractions (0–1).
import type { TrafficDashboard } from "../../../common/schemas/traffic";

export const RANGES = [
  { value: "1d", label: "Last 24 hours" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
] as const;
export const RANGE_DAYS = { "1d": 1, "7d": 7, "30d": 30, "90d": 90 } as const;

/** Five chart colours (violet, sky, emerald, amber, rose), cycled when there are more slices. */
export const CHART_COLORS = ["#8b5cf6", "#38bdf8", "#34d399", "#fbbf24", "#fb7185"] as const;
export const chartColor = (index: number) => CHART_COLORS[index % CHART_COLORS.length]!;

export const formatCount = (n: number) => n.toLocaleString("en-US");

/** Average session in minutes and seconds: 95 → "1m 35s", 0 → "0m 0s". */
export function formatSessionDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}m ${total % 60}s`;
}

/** A fraction as a percent with one decimal: 0.4253 → "42.5%". */
export const formatPercent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/** Conversions per visitor as a percent; "0%" when there were no visitors. */
export const conversionRate = (conversions: number, visitors: number) =>
  visitors > 0 ? formatPercent(conversions / visitors) : "0%";

export const sourceLabel = (source: string | null | undefined) => source?.trim() || "Direct";
export const campaignLabel = (campaign: string | null | undefined) => campaign?.trim() || "Unknown";

const DEVICE_TYPES = ["mobile", "desktop", "tablet"] as const;
// A Map: the type is data, and a plain object would answer "constructor" with Object's constructor.
const deviceNames: ReadonlyMap<string, string> = new Map([
  ["mobile", "Mobile"],
  ["desktop", "Desktop"],
  ["tablet", "Tablet"],
]);
export const deviceLabel = (type: string) =>
  deviceNames.get(type) ?? (type ? type.charAt(0).toUpperCase() + type.slice(1) : "Unknown");

/** Every device type, in the spec's order (mobile, desktop, tablet), with zeros for the missing ones. */
export function deviceBreakdown(devices: TrafficDashboard["devices"]): TrafficDashboard["devices"] {
  const byType = new Map(devices.map((d) => [d.type, d]));
  const known = DEVICE_TYPES.map((type) => byType.get(type) ?? { type, visitors: 0, percentage: 0 });
  const others = devices.filter((d) => !(DEVICE_TYPES as readonly string[]).includes(d.type));
  return [...known, ...others];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The timeline with every UTC day of the range, days without visits as zeros, so the chart's time axis is
 * even. The range starts on the UTC day that holds `now` − `days` × 24 hours (as the server counts it, decision 054)
 * and ends today.
 */
export function fillTimeline(
  timeline: TrafficDashboard["timeline"],
  days: number,
  now: number,
): TrafficDashboard["timeline"] {
  const byDate = new Map(timeline.map((t) => [t.date, t]));
  const filled: TrafficDashboard["timeline"] = [];
  for (let ms = now - days * DAY_MS; utcDay(ms) <= utcDay(now); ms += DAY_MS) {
    const date = utcDay(ms);
    filled.push(byDate.get(date) ?? { date, visitors: 0, pageViews: 0 });
  }
  // Days the server knows but our clock does not (a skewed clock): keep them rather than lose data.
  const extra = timeline.filter((t) => !filled.some((f) => f.date === t.date));
  return [...filled, ...extra].sort((a, b) => a.date.localeCompare(b.date));
}
