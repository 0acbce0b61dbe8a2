// The studio's charts. chart.js is large, so routes/studio.tsx loads this module lazily (as the admin charts
// are); it registers only what line charts need.
import {
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
} from "chart.js";
import { Line } from "react-chartjs-2";
import { formatDay } from "../../lib/format";
import type { ContentStatsJson } from "../../lib/studio-api";
import { CHART_COLORS } from "../traffic/traffic-format";

ChartJS.register(CategoryScale, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip);

const text = "#94a3b8"; // slate-400 on the dark cards
const grid = "rgba(148, 163, 184, 0.15)";

/** Views and qualified views per day of the range. */
export function ViewsChart({ days }: { days: ContentStatsJson["days"] }) {
  const pointRadius = days.length > 14 ? 0 : 2;
  const options: ChartOptions<"line"> = {
    maintainAspectRatio: false,
    interaction: { mode: "index", intersect: false },
    plugins: { legend: { position: "bottom", labels: { color: text } } },
    scales: {
      x: { grid: { display: false }, ticks: { color: text, maxRotation: 0, autoSkip: true } },
      y: { beginAtZero: true, ticks: { precision: 0, color: text }, grid: { color: grid } },
    },
  };
  const series = [
    { label: "Views", data: days.map((d) => d.views) },
    { label: "Qualified views", data: days.map((d) => d.qualified_views) },
  ];
  return (
    <Line
      role="img"
      aria-label="Views by day"
      options={options}
      data={{
        labels: days.map((d) => formatDay(d.day, { month: "short", day: "numeric" })),
        datasets: series.map((s, i) => ({
          ...s,
          borderColor: CHART_COLORS[i],
          backgroundColor: CHART_COLORS[i],
          cubicInterpolationMode: "monotone" as const,
          pointRadius,
          pointHoverRadius: 4,
        })),
      }}
    />
  );
}

/**
 * The share of views still watching at each percent of the item, with the line where views are paid: `paidAt`,
 * the share to watch as the server states it (GET /api/earning-rules' qualify_percent, docs/decisions/067).
 */
export function RetentionChart({ retention, paidAt }: { retention: number[]; paidAt: number }) {
  const options: ChartOptions<"line"> = {
    maintainAspectRatio: false,
    interaction: { mode: "nearest", intersect: false, axis: "x" },
    plugins: {
      // Lines in the legend, so the paid-from mark reads as the dashed line it is.
      legend: { position: "bottom", labels: { color: text, usePointStyle: true } },
      tooltip: { callbacks: { title: (items) => `At ${String(items[0]?.parsed.x ?? "")} % of the item` } },
    },
    scales: {
      x: {
        type: "linear",
        min: 0,
        max: 100,
        ticks: { color: text, stepSize: 20, callback: (v) => `${v} %` },
        grid: { display: false },
      },
      y: { min: 0, max: 100, ticks: { color: text, callback: (v) => `${v} %` }, grid: { color: grid } },
    },
  };
  return (
    <Line
      role="img"
      aria-label="Viewers still watching at each point of the item"
      options={options}
      data={{
        datasets: [
          {
            label: "Still watching",
            data: retention.map((share, x) => ({ x, y: Math.round(share * 1000) / 10 })),
            borderColor: CHART_COLORS[0],
            backgroundColor: "rgba(139, 92, 246, 0.15)",
            fill: true,
            pointStyle: "line",
            pointRadius: 0,
            pointHoverRadius: 3,
          },
          {
            label: `${paidAt} %: paid from here`,
            data: [
              { x: paidAt, y: 0 },
              { x: paidAt, y: 100 },
            ],
            borderColor: CHART_COLORS[3],
            backgroundColor: CHART_COLORS[3],
            borderDash: [6, 4],
            pointStyle: "line",
            pointRadius: 0,
          },
        ],
      }}
    />
  );
}
