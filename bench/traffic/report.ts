// The traffic bench's report: a markdown table for README and the machine it ran on.
import { execFileSync } from "node:child_process";
import os from "node:os";
import type { Latency } from "./http.ts";

export type Machine = { nproc: string; arch: string; node: string; cpu: string; date: string };

export function machine(): Machine {
  const sh = (cmd: string, args: string[], fallback: string) => {
    try {
      return execFileSync(cmd, args, { encoding: "utf8" }).trim();
    } catch {
      return fallback;
    }
  };
  return {
    nproc: sh("nproc", [], String(os.availableParallelism())),
    arch: sh("uname", ["-m"], os.machine()),
    node: process.version,
    cpu: os.cpus()[0]?.model.trim() ?? "unknown CPU",
    date: new Date().toISOString().slice(0, 10),
  };
}

export type DashboardRow = {
  variant: string;
  label: string;
  request: string;
  /** null when not even one request answered within the time-out. */
  latency: Latency | null;
  /** Requests that got no answer within the time-out (the Worker is restarted after one). */
  timedOut: number;
  timeoutMs: number;
  goalMs: number | null;
  visitsInRange: number;
  /** This dashboard's p95 ÷ the admin 1-day p95 of the same run. */
  ratioToAdmin1d: number | null;
  goalRatio: number;
};
export type TrackResult = {
  seconds: number;
  clients: number;
  requests: number;
  perSecond: number;
  status: Record<string, number>;
  latency: Latency;
};
export type RateLimitCheck = { requests: number; status: Record<string, number> };

export type TrafficReport = {
  machine: Machine;
  command: string;
  durationSec: number;
  dataset: {
    visits: number;
    sessions: number;
    days: number;
    existingUsers: number;
    newUsers: number;
    seedMs: number;
    rowsPerSec: number;
    rollupMs: number;
    rollupStatements: number;
    pageTotalsMs: number;
  };
  variants: { name: string; sql: string[] }[];
  dashboards: DashboardRow[];
  track: TrackResult;
  rateLimitCheck: RateLimitCheck;
  missed: string[];
};

const fmt = (n: number) => n.toLocaleString("en-US");
const statusText = (s: Record<string, number>) =>
  Object.entries(s)
    .map(([code, n]) => `${fmt(n)}× ${code}`)
    .join(", ");

export const meetsGoal = (d: DashboardRow) =>
  d.latency !== null &&
  d.timedOut === 0 &&
  (d.goalMs === null || d.latency.p95 < d.goalMs) &&
  d.ratioToAdmin1d !== null &&
  d.ratioToAdmin1d <= d.goalRatio;

export function markdown(r: TrafficReport): string {
  const m = r.machine;
  const cell = (d: DashboardRow, x: keyof Latency) => (d.latency ? String(d.latency[x]) : "–");
  const lines = [
    `Measured by \`${r.command}\` on ${m.date}: ${m.nproc} CPUs (${m.cpu}, ${m.arch}), Node ${m.node}; the real Worker in local ` +
      `workerd (wrangler), its own D1 in \`.wrangler/bench-traffic\`. ${fmt(r.dataset.visits)} page visits in ${fmt(r.dataset.sessions)} ` +
      `sessions over ${r.dataset.days} days (seeded in ${(r.dataset.seedMs / 1000).toFixed(1)} s; the rollups filled by the migrations' ` +
      `backfill in ${(r.dataset.rollupMs / 1000).toFixed(1)} s, the page totals as the cron keeps them in ${(r.dataset.pageTotalsMs / 1000).toFixed(1)} s). ` +
      `Whole run: ${Math.round(r.durationSec)} s. The dashboards are measured in interleaved rounds; the goal: every p95 at most ` +
      `${r.dashboards[0]?.goalRatio ?? 4}× the admin 1-day p95 of the same run (and the admin 7-day p95 under 200 ms).`,
    "",
    "| schema | dashboard | visits it covers | n | p50 ms | p95 ms | max ms | × admin 1d p95 | no answer | goal |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ...r.dashboards.map((d) => {
      const goalText = `${d.goalMs === null ? "" : `p95 < ${d.goalMs} ms, `}≤ ${d.goalRatio}×`;
      const goal = meetsGoal(d) ? `${goalText}: met` : `${goalText}: **missed**`;
      const none = d.timedOut ? `${d.timedOut} (> ${d.timeoutMs / 1000} s)` : "0";
      return `| ${d.variant} | ${d.label} | ${fmt(d.visitsInRange)} | ${d.latency?.n ?? 0} | ${cell(d, "p50")} | ${cell(d, "p95")} | ${cell(d, "max")} | ${d.ratioToAdmin1d ?? "–"} | ${none} | ${goal} |`;
    }),
    ...r.variants
      .filter((v) => v.sql.length)
      .flatMap((v) => ["", `"${v.name}": \`${v.sql.join("; ")}\` run on the bench database only (not a migration).`]),
    "",
    `Tracker: \`POST /api/analytics/track\`, ${r.track.clients} concurrent clients for ${r.track.seconds} s, a new \`cf-connecting-ip\` every ` +
      `100 requests per client: **${fmt(Math.round(r.track.perSecond))} requests/s** (${statusText(r.track.status)}; p50 ${r.track.latency.p50} ms, ` +
      `p95 ${r.track.latency.p95} ms). Rate-limit check, ${r.rateLimitCheck.requests} requests from one address: ${statusText(r.rateLimitCheck.status)}.`,
  ];
  if (r.missed.length) lines.push("", "Missed:", ...r.missed.map((x) => `- ${x}`));
  return lines.join("\n");
}
