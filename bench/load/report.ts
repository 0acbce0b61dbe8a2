// The load suite's report: a markdown table for README's "### Load" subsection and the terminal.
import { readFileSync, writeFileSync } from "node:fs";
import type { Machine } from "../traffic/report.ts";
import type { ErrorNote, KindRow } from "./client.ts";
import type { Check } from "./ledger.ts";

export type LoadReport = {
  command: string;
  machine: Machine;
  loadAverage: [number, number, number];
  config: { seconds: number; browsers: number; players: number; earningsParallel: number; earningsEveryMs: number; items: number; viewers: number; creators: number; shortItems: { title: string; seconds: number }[] };
  measuredSeconds: number;
  durationSec: number;
  kinds: KindRow[];
  views: { started: number; qualifiedSeen: number; selfQualified: number; expectedCredited: number; anomalies: number };
  anomalies: string[];
  earningsDuringRun: { runs: number; processed: number };
  drainCalls: number[];
  counts: Record<string, number>;
  checks: Check[];
  errors: ErrorNote[];
};

export function markdown(r: LoadReport): string {
  const m = r.machine;
  const lines = [
    `Measured ${r.config.seconds} s of mixed traffic (${r.measuredSeconds} s until the last session ended) from ` +
      `${r.config.browsers} browsing users (no think time), ${r.config.players} players (events 0.5 s apart) and ` +
      `${r.config.earningsParallel} concurrent earnings calls every ` +
      `${r.config.earningsEveryMs / 1000} s, against ${r.config.items.toLocaleString("en-US")} synthetic items, ` +
      `${r.config.viewers} viewers and ${r.config.creators} creators. Machine: ${m.nproc} CPUs (${m.arch}, ${m.cpu}), ` +
      `Node ${m.node}, ${m.date}, load average before the run ${r.loadAverage.join(" / ")}. Command: \`${r.command}\` ` +
      `(whole run ${r.durationSec} s).`,
    "",
    "| request | count | req/s | p50 ms | p95 ms | p99 ms | errors | expected 4xx |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...r.kinds.map((k) => {
      const name = k.kind === "all" ? "**all**" : k.kind;
      return `| ${name} | ${k.count} | ${k.perSec} | ${k.p50} | ${k.p95} | ${k.p99} | ${k.errors} | ${k.expected4xx} |`;
    }),
    "",
    `Views: ${r.views.started} started, ${r.views.qualifiedSeen} seen to qualify by the client (${r.views.selfQualified} of ` +
      `them self-views), ${r.counts.credited} credited, ${r.counts.unearnable} unearnable; ${r.views.anomalies} sessions ` +
      `ended otherwise than their kind promises. Earnings calls during the run: ${r.earningsDuringRun.runs} ` +
      `(${r.earningsDuringRun.processed} processed); draining afterwards: ${r.drainCalls.join(", ")}.`,
    "",
    "| ledger invariant (after draining the job) | result | detail |",
    "|---|---|---|",
    ...r.checks.map((c) => `| ${c.name} | ${c.pass ? "pass" : "**FAIL**"} | ${c.detail} |`),
  ];
  if (r.errors.length) {
    lines.push("", "First errors:", "", ...r.errors.slice(0, 10).map((e) => `- ${e.kind} → ${e.status}: \`${e.detail.replace(/`/g, "'")}\``));
  }
  return lines.join("\n");
}

const START = "<!-- bench:load:start -->";
const END = "<!-- bench:load:end -->";

/** Replaces the generated part of README's "### Load" subsection (between the load markers). */
export function updateReadme(md: string) {
  const readme = readFileSync("README.md", "utf8");
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) {
    console.warn("README.md has no load markers; not updated");
    return;
  }
  writeFileSync("README.md", readme.slice(0, a + START.length) + "\n" + md + "\n" + readme.slice(b));
}
