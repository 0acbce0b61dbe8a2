// The dashboard's charts. chart.js is large, so this module is loaded lazily (charts.ts) and registers only
// the pieces these three charts use: line (layered areas), pie and bar.
import {
  ArcElement,
  BarElement,
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
import { Bar, Line, Pie } from "react-chartjs-2";
import { formatDay } from "../../lib/format";
import type { TrafficDashboard } from "../../../common/schemas/traffic";
import { chartColor, CHART_COLORS } from "./traffic-format";

// The controllers (LineController, PieController, BarController) are registered by react-chartjs-2's
// typed components themselves.
ChartJS.register(
  ArcElement,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
);
ChartJS.defaults.color = "#94a3b8"; // slate-400 on the dark cards
ChartJS.defaults.borderColor = "rgba(148, 163, 184, 0.15)";
ChartJS.defaults.font.family = "inherit";

const translucent = (hex: string) => `${hex}55`;
const countTicks = { precision: 0 };

export type Slice = { label: string; value: number };

/**
 * Visitors and page views per day as layered areas (docs/product-spec.md §2 Overview): each line at its own value,
 * never summed, so the page-view line peaks at the day's page views. Every visitor makes a page view, so the
 * visitors' area lies within the page views' and the chart still reads as layers.
 */
export function VisitsChart({ timeline }: { timeline: TrafficDashboard["timeline"] }) {
  const [visitors, pageViews] = CHART_COLORS;
  // Dots on every day are clutter over 30 or 90 days; hovering still shows each day.
  const pointRadius = timeline.length > 14 ? 0 : 2;
  const options: ChartOptions<"line"> = {
    maintainAspectRatio: false,
    interaction: { mode: "index", intersect: false },
    plugins: { legend: { position: "bottom" } },
    scales: { x: { grid: { display: false } }, y: { beginAtZero: true, ticks: countTicks } },
  };
  return (
    <Line
      role="img"
      aria-label="Visitors and page views by date"
      options={options}
      data={{
        labels: timeline.map((t) => formatDay(t.date, { month: "short", day: "numeric" })),
        datasets: [
          {
            label: "Visitors",
            data: timeline.map((t) => t.visitors),
            fill: "origin",
            borderColor: visitors,
            backgroundColor: translucent(visitors),
            tension: 0.3,
            pointRadius,
            pointHoverRadius: 4,
          },
          {
            label: "Page Views",
            data: timeline.map((t) => t.pageViews),
            fill: "origin",
            borderColor: pageViews,
            backgroundColor: translucent(pageViews),
            tension: 0.3,
            pointRadius,
            pointHoverRadius: 4,
          },
        ],
      }}
    />
  );
}

export function SharePie({ slices: all, label }: { slices: Slice[]; label: string }) {
  // Colours follow the full list, so a slice has the colour of its row in the list beside the pie. Empty
  // slices are left out, and a lone slice gets no border (either would draw a stray line).
  const slices = all.map((s, i) => ({ ...s, color: chartColor(i) })).filter((s) => s.value > 0);
  const options: ChartOptions<"pie"> = { maintainAspectRatio: false, plugins: { legend: { position: "bottom" } } };
  return (
    <Pie
      role="img"
      aria-label={label}
      options={options}
      data={{
        labels: slices.map((s) => s.label),
        datasets: [
          {
            label: "Visitors",
            data: slices.map((s) => s.value),
            backgroundColor: slices.map((s) => s.color),
            borderColor: "#0f172a",
            borderWidth: slices.length > 1 ? 2 : 0,
          },
        ],
      }}
    />
  );
}

export function VisitorsBar({ slices, label }: { slices: Slice[]; label: string }) {
  const options: ChartOptions<"bar"> = {
    maintainAspectRatio: false,
    plugins: { legend: { display: false } },
    scales: { x: { grid: { display: false } }, y: { beginAtZero: true, ticks: countTicks } },
  };
  return (
    <Bar
      role="img"
      aria-label={label}
      options={options}
      data={{
        labels: slices.map((s) => s.label),
        datasets: [
          {
            label: "Visitors",
            data: slices.map((s) => s.value),
            backgroundColor: slices.map((_, i) => chartColor(i)),
            borderRadius: 6,
          },
        ],
      }}
    />
  );
}
