// The Ads card's daily chart. chart.js is large, so ads-card.tsx loads this module lazily; it registers only
// what a line chart needs, and colours itself, since the traffic charts' global defaults may not be loaded.
import {
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
} from "chart.js";
import { Line } from "react-chartjs-2";
import { formatDay } from "../../lib/format";
import type { AdAnalyticsResponse } from "../../../common/schemas/admin-analytics";
import { CHART_COLORS } from "../traffic/traffic-format";

ChartJS.register(CategoryScale, Legend, LinearScale, LineElement, PointElement, Tooltip);

const text = "#94a3b8"; // slate-400 on the dark cards
const grid = "rgba(148, 163, 184, 0.15)";

const series = [
  { key: "impressions", label: "Impressions" },
  { key: "completes", label: "Completes" },
  { key: "skips", label: "Skips" },
  { key: "clicks", label: "Clicks" },
] as const;

/** Impressions, completes, skips and clicks per day. */
export function AdDaysChart({ days }: { days: AdAnalyticsResponse["days"] }) {
  // Dots on every day are clutter over 30 days; hovering still shows each day.
  const pointRadius = days.length > 14 ? 0 : 2;
  const options: ChartOptions<"line"> = {
    maintainAspectRatio: false,
    interaction: { mode: "index", intersect: false },
    plugins: { legend: { position: "bottom", labels: { color: text } } },
    scales: {
      x: { grid: { display: false }, ticks: { color: text } },
      y: { beginAtZero: true, ticks: { precision: 0, color: text }, grid: { color: grid } },
    },
  };
  return (
    <Line
      role="img"
      aria-label="Ad events by date"
      options={options}
      data={{
        labels: days.map((d) => formatDay(d.date, { month: "short", day: "numeric" })),
        datasets: series.map(({ key, label }, i) => ({
          label,
          data: days.map((d) => d[key]),
          borderColor: CHART_COLORS[i],
          backgroundColor: CHART_COLORS[i],
          // Monotone: smooth, but never overshoots between days (no dip below zero).
          cubicInterpolationMode: "monotone" as const,
          pointRadius,
          pointHoverRadius: 4,
        })),
      }}
    />
  );
}
