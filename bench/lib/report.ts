// Turns bench results into the Markdown tables of bench/results.md and README's "Numbers" section.
import type { QueryMeasurement } from "./latency.ts";

export type Machine = { nproc: string; arch: string; node: string; cpu: string; date: string };

export type QueryRow = {
  name: string;
  label: string;
  perSize: Record<string, QueryMeasurement & { matches?: number }>;
  ratioP95: number | null;
  ratioP50: number | null;
  ratioP95Concurrent: number | null;
  meetsGoal: boolean | null;
};

export type RoundTripRow = {
  route: string;
  request: string;
  signedIn: boolean;
  status: number;
  roundTrips: number;
  rowsRead: string;
  meetsGoal: boolean;
};

export type StreamRow = {
  label: string;
  /** Median over rounds of MB/s (the headline) and all bytes over all time (mean). */
  stream: number;
  r2: number;
  ratio: number;
  streamMean: number;
  r2Mean: number;
  ratioMean: number;
  /** CPU ms per 10⁹ bytes for the whole local stack, and bare / stream (1.0 = same work per byte). */
  cpuStream: number | null;
  cpuR2: number | null;
  cpuRatio: number | null;
  /** Bare R2 under a second URL ÷ bare R2: how far the same route drifts on this machine (ideal 1.00). */
  controlRatio: number;
  meetsGoal: boolean;
};

type RangeRow = { route: string; requests: number; p50: number; p95: number; mbPerSec: number };

export type SeedRow = { toSize: number; rows: number; ms: number; rowsPerSec: number; requests: number };

export type Report = {
  machine: Machine;
  command: string;
  durationSec: number;
  sizes: number[];
  queries: QueryRow[];
  roundTrips: RoundTripRow[];
  streaming: StreamRow[];
  ranges: RangeRow[];
  seeding: SeedRow[];
  missed: string[];
};

const fmt = (x: number | null | undefined, d = 1) =>
  x === null || x === undefined || Number.isNaN(x) ? "–" : x.toFixed(d);
const size = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));
const verdict = (ok: boolean | null) => (ok === null ? "–" : ok ? "yes" : "**no**");

export function markdown(r: Report): string {
  const out: string[] = [];
  const first = r.sizes[0]!;
  const last = r.sizes.at(-1)!;
  out.push(
    `Machine: ${r.machine.nproc} CPUs (\`nproc\`), ${r.machine.arch}, ${r.machine.cpu}, Node ${r.machine.node}; ${r.machine.date}. ` +
      `Command: \`${r.command}\` (took ${Math.round(r.durationSec)} s). Local workerd via wrangler \`unstable_startWorker\`, loopback HTTP.`,
  );
  out.push("");
  out.push(`### Gallery and search latency (ms; ${size(last)}/${size(first)} p95 ratio, goal ≤ 1.5)`);
  out.push("");
  out.push(
    `Sequential p50 / p95 per size; p95 with 4 concurrent clients; rows SQLite read for one request (D1 \`meta.rows_read\`). ` +
      `Ratios compare ${size(last)} with ${size(first)}. The goal is on the sequential p95; the rows-read column shows whether ` +
      "the work itself grows, which machine load cannot blur.",
  );
  out.push("");
  const per = r.sizes.map(size).join(" / ");
  out.push(
    `| query | ${r.sizes.map((s) => `${size(s)} p50 / p95`).join(" | ")} | ×4 p95 (${per}) | rows read (${per}) | ratio p95 | ratio p50 | ratio ×4 p95 | goal met |`,
  );
  out.push(`|---|${r.sizes.map(() => "---:").join("|")}|---:|---:|---:|---:|---:|:---:|`);
  for (const q of r.queries) {
    const cells = r.sizes.map((s) => {
      const m = q.perSize[s];
      return m ? `${fmt(m.sequential.p50)} / ${fmt(m.sequential.p95)}` : "–";
    });
    const conc = r.sizes.map((s) => fmt(q.perSize[s]?.concurrent.p95)).join(" / ");
    const rows = r.sizes.map((s) => q.perSize[s]?.rowsRead ?? "–").join(" / ");
    out.push(
      `| ${q.label} | ${cells.join(" | ")} | ${conc} | ${rows} | ${fmt(q.ratioP95, 2)} | ${fmt(q.ratioP50, 2)} | ${fmt(q.ratioP95Concurrent, 2)} | ${verdict(q.meetsGoal)} |`,
    );
  }
  out.push("");
  out.push(
    `Load average (1 min) while measuring: ${r.sizes.map((s) => `${size(s)}: ${fmt(r.queries[0]?.perSize[s]?.loadAverage, 2)}`).join(", ")} ` +
      `on ${r.machine.nproc} CPUs. The noise-floor row makes no D1 call: its ratio shows how much of a ratio is the machine, not the query.`,
  );
  const searches = r.queries.filter((q) => q.perSize[last]?.matches !== undefined);
  if (searches.length) {
    out.push("");
    out.push(
      "Search matches per size: " +
        searches.map((q) => `${q.label}: ${r.sizes.map((s) => q.perSize[s]?.matches ?? "–").join(" / ")}`).join("; ") +
        ".",
    );
  }
  out.push("");
  out.push("### D1 round trips per request (goal ≤ 3, session lookup included)");
  out.push("");
  out.push('Rows read: "+" marks a lower bound (drizzle\'s `.get()` uses D1 `raw()`, which reports no row count).');
  out.push("");
  out.push("| route | request | signed in | HTTP | round trips | rows read | goal met |");
  out.push("|---|---|:---:|---:|---:|---:|:---:|");
  for (const t of r.roundTrips) {
    out.push(
      `| ${t.route} | \`${t.request}\` | ${t.signedIn ? "yes" : "no"} | ${t.status} | ${t.roundTrips} | ${t.rowsRead} | ${verdict(t.meetsGoal)} |`,
    );
  }
  out.push("");
  out.push("### Streaming a 64 MiB object (MB/s = 10⁶ bytes/s; goal: stream route ≥ 0.9 × bare R2)");
  out.push("");
  out.push(
    "Median of the rounds' MB/s; in brackets all bytes over all time. CPU: ms of CPU per 10⁹ bytes used by the whole local " +
      "stack (runner, wrangler proxy, workerd), and bare ÷ stream: 1.00 means the stream route does no more work per byte, " +
      "whatever the machine's load did to the wall clock. A/A: the bare route under a second URL ÷ the bare route, " +
      "measured in the same rounds: the spread this machine puts on any ratio.",
  );
  out.push("");
  out.push(
    "| download | `/api/content/{id}/stream` (signed in) | `/bench/r2` (bare R2) | ratio | A/A | CPU ms/GB stream / bare | CPU ratio | goal met |",
  );
  out.push("|---|---:|---:|---:|---:|---:|---:|:---:|");
  for (const s of r.streaming) {
    out.push(
      `| ${s.label} | ${fmt(s.stream)} (${fmt(s.streamMean)}) | ${fmt(s.r2)} (${fmt(s.r2Mean)}) | ${fmt(s.ratio, 2)} (${fmt(s.ratioMean, 2)}) | ${fmt(s.controlRatio, 2)} | ` +
        `${fmt(s.cpuStream, 0)} / ${fmt(s.cpuR2, 0)} | ${fmt(s.cpuRatio, 2)} | ${verdict(s.meetsGoal)} |`,
    );
  }
  out.push("");
  out.push("| 1 MiB Range requests across the file, in order | requests | p50 ms | p95 ms | MB/s |");
  out.push("|---|---:|---:|---:|---:|");
  for (const g of r.ranges)
    out.push(`| ${g.route} | ${g.requests} | ${fmt(g.p50)} | ${fmt(g.p95)} | ${fmt(g.mbPerSec)} |`);
  out.push("");
  out.push("### Seeding (synthetic users + content through `POST /bench/seed`, FTS triggers included)");
  out.push("");
  out.push("| grow to | rows added | seconds | rows/s |");
  out.push("|---:|---:|---:|---:|");
  for (const s of r.seeding)
    out.push(`| ${size(s.toSize)} | ${s.rows} | ${fmt(s.ms / 1000, 1)} | ${Math.round(s.rowsPerSec)} |`);
  out.push("");
  out.push(r.missed.length ? `**Goals missed:** ${r.missed.join("; ")}.` : "All goals met.");
  return out.join("\n");
}
