// The load suite's report: markdown for README's "### Load" subsection and the terminal.
import { readFileSync, writeFileSync } from "node:fs";
import type { EarningRulesJson } from "../../common/schemas/earning-rules";
import type { Machine } from "../traffic/report.ts";
import type { ErrorNote, KindRow } from "./client.ts";
import type { Check } from "./ledger.ts";
import type { MediaStats } from "./media.ts";
import type { ObjectRow, ObjectTotals } from "./objects.ts";
import type { PollersReport } from "./pollers.ts";
import type { PathResult, SideBySide } from "./side-by-side.ts";
import type { Expected } from "./views-model.ts";

export type LoadReport = {
  command: string;
  machine: Machine;
  loadAverage: [number, number, number];
  config: {
    seconds: number;
    browsers: number;
    players: number;
    earningsParallel: number;
    earningsEveryMs: number;
    items: number;
    viewers: number;
    creators: number;
    burstStarts: number;
    tabs: number;
    playerPace: number;
    playItems: { kind: string; title: string; seconds: number }[];
  };
  rules: EarningRulesJson;
  defaultDailyCap: number;
  measuredSeconds: number;
  durationSec: number;
  kinds: KindRow[];
  views: {
    started: number;
    kinds: Record<string, number>;
    expected: Expected;
    anomalies: number;
    refusedStarts: number;
    undelivered: number;
  };
  /** The players' media (bench/load/media.ts) during the mixed traffic, and how often the start limit made one wait. */
  media: MediaStats;
  startBudget: { waits: number; switchedViewer: number };
  anomalies: string[];
  earningsDuringRun: { runs: number; processed: number };
  drainCalls: number[];
  counts: Record<string, number>;
  checks: Check[];
  objects: ObjectTotals;
  objectRows: ObjectRow[];
  sideBySide: SideBySide;
  pollers: PollersReport;
  errors: ErrorNote[];
};

const num = (x: number | null) => (x === null ? "–" : String(x));

const phases = (p: PathResult) => p.perSecByPhase.map((x, i) => `${x}/${p.p99ByPhase[i]}`).join(", ");

function sideBySideLines(s: SideBySide): string[] {
  const [obj, d1] = s.paths;
  if (!obj || !d1) return [];
  const order = s.order.map((p) => (p === "object" ? "object" : "D1")).join(", ");
  const faster = s.ratios.p50 < 1 && s.ratios.perSec > 1;
  const slower = s.ratios.p50 > 1 && s.ratios.perSec < 1;
  const ratios = `p50 ×${s.ratios.p50}, p95 ×${s.ratios.p95}, p99 ×${s.ratios.p99}, events/s ×${s.ratios.perSec}`;
  const verdict = faster
    ? `Here the object path is faster (${ratios}): it makes one D1 round trip per event in ` +
      `the Worker (the session lookup) and an RPC hop to the object, where the replaced path made ${d1.total.roundTrips} (session, ` +
      `the view with its content, the write batch) and ${d1.total.writes} writes, even though local D1 is itself a ` +
      `SQLite-backed object in the same workerd process (in production each round trip crosses the network to the primary).`
    : slower
      ? `Here the object path is slower (${ratios}): locally the object is an RPC hop ` +
        `inside the same workerd process and D1 is a SQLite-backed object beside it, so neither D1's network round trips ` +
        `nor its single writer shows in these milliseconds.`
      : `Here neither path is clearly faster (${ratios}).`;
  return [
    `Side by side, after the mixed traffic: ${s.viewers} viewers each start a session on the ${s.item.seconds} s item and send ` +
      `progress events as fast as they are answered (positions at real time, so nothing qualifies), ${s.secondsPerPhase} s per ` +
      `path per round, ${s.rounds} rounds in the order ${order}; load average during the phases ${s.loadAverage.join(" / ")}. ` +
      `D1 columns: per event, the Worker's round trips (session lookup included) plus the object's own.`,
    "",
    "| path | events | events/s | p50 ms | p95 ms | p99 ms | D1 round trips/event | D1 statements/event | D1 writes/event | errors |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...s.paths.map(
      (p) =>
        `| ${p.label} (\`${p.route}\`) | ${p.events} | ${p.perSec} | ${p.p50} | ${p.p95} | ${p.p99} | ${p.total.roundTrips} | ` +
        `${p.total.statements} | ${p.total.writes} | ${p.errors} |`,
    ),
    `| **object / D1** | | **${s.ratios.perSec}** | **${s.ratios.p50}** | **${s.ratios.p95}** | **${s.ratios.p99}** | | | | |`,
    "",
    `${verdict} What the object buys does not depend on the machine: no D1 write per progress event (${d1.total.writes} on the ` +
      `replaced path), so D1's single writer is left to qualified views (one batch each), ended views and the money. ` +
      `Per phase (events/s, p99 ms): object ${phases(obj)}; D1 ${phases(d1)}.` +
      (s.ratios.p50 < 1 && s.ratios.p99 > 1
        ? ` The object path's p99 is the exception (×${s.ratios.p99}): the slowest 1 % of a phase is a dozen events, the least ` +
          `steady figure on one shared workerd process (it swings from run to run and phase to phase); p50 and p95 are the ones ` +
          `to compare.`
        : ""),
  ];
}

function pollersLines(p: PollersReport): string[] {
  return [
    `Pollers, after the side by side: ${p.pollers} signed-in members (idle home pages, plus the mix's own viewers and ` +
      `creators) each call the earnings poll every ${p.everyMs / 1000} s at their own offset, while the browsers and players ` +
      `of the mix run again; ${p.secondsPerPhase} s per path, the poll as it was first (the site-wide job on every call, ` +
      `\`POST /bench/baseline/earnings/calculate\`), then as it is. D1 columns: per poll, in the Worker, the session lookup included.`,
    "",
    "| poll | polls | polls/s | p50 ms | p95 ms | p99 ms | D1 statements/poll | D1 writes/poll | statements/poll with nothing to settle | settled | errors |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...p.paths.map(
      (x) =>
        `| ${x.label} (\`${x.route}\`) | ${x.polls} | ${x.perSec} | ${x.p50} | ${x.p95} | ${x.p99} | ${x.statements} | ${x.writes} | ` +
        `${x.idleStatements} (${x.idlePolls} polls) | ${x.processed} | ${x.errors} |`,
    ),
    `| **after / before** | | | **${p.ratios.p50}** | **${p.ratios.p95}** | | **${p.ratios.statements}** | | | | |`,
  ];
}

export function markdown(r: LoadReport): string {
  const m = r.machine;
  const e = r.views.expected;
  const o = r.objects;
  const rows = r.objectRows;
  const lines = [
    `Measured ${r.config.seconds} s of mixed traffic (${r.measuredSeconds} s until the last session ended) from ` +
      `${r.config.browsers} browsing users (no think time), ${r.config.players} players (positions at ${r.config.playerPace}× real ` +
      `time, events 0.5–1 s apart, each item's media streamed first or replayed from the browser's cache; bursts of ` +
      `${r.config.burstStarts} starts, ${r.config.tabs} tabs at once), a binger and a ` +
      `repeater, and ${r.config.earningsParallel} concurrent earnings calls every ${r.config.earningsEveryMs / 1000} s, against ` +
      `${r.config.items.toLocaleString("en-US")} synthetic items, ${r.config.viewers} viewers and ${r.config.creators} creators. ` +
      `Earning rules for the run: shortest earning item ${r.rules.min_earning_seconds} s, ${r.rules.views_per_item_per_day} per ` +
      `(viewer, item, UTC day), ${r.rules.daily_earnable_views} per viewer per UTC day (set for the run; default ${r.defaultDailyCap}). ` +
      `Machine: ${m.nproc} CPUs (${m.arch}, ${m.cpu}), Node ${m.node}, ${m.date}, load average before the run ` +
      `${r.loadAverage.join(" / ")}. Command: \`${r.command}\` (whole run ${r.durationSec} s).`,
    "",
    "| request | count | req/s | p50 ms | p95 ms | p99 ms | D1 round trips/req | errors | expected 4xx |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...r.kinds.map((k) => {
      const name = k.kind === "all" ? "**all**" : k.kind;
      return `| ${name} | ${k.count} | ${k.perSec} | ${k.p50} | ${k.p95} | ${k.p99} | ${num(k.d1RoundTrips)} | ${k.errors} | ${k.expected4xx} |`;
    }),
    "",
    `Sessions the players ran (kind: count): ${Object.entries(r.views.kinds)
      .sort(([, a], [, b]) => b - a)
      .map(([k, n]) => `${k}: ${n}`)
      .join("; ")}. ` +
      `Views: ${r.views.started} started, ${e.qualified} seen to qualify by the client, ${r.counts.credited} credited, ` +
      `${r.counts.unearnable} unearnable (${e.selfViews} self-views, ${e.tooShort} of items under ${r.rules.min_earning_seconds} s, ` +
      `${e.overItemCap} over ${r.rules.views_per_item_per_day} per item and day, ${e.overDailyCap} over the daily cap), ` +
      `${r.counts.ended} ended without qualifying (${r.counts.ended_another_session} by a newer start of the same viewer: ` +
      `bursts, tabs, abandoned sessions; ${r.counts.ended_completed} by their complete; ${r.counts.ended_not_delivered} ` +
      `\`not_delivered\` (the client played ${r.views.undelivered} sessions with half their media streamed: check (p)); ` +
      `${r.counts.ended_expired} expired); ` +
      `${r.views.anomalies} sessions ended otherwise than their kind promises. Starts refused by the start limit (429, ` +
      `bursts only): ${r.views.refusedStarts}; honest players that had to wait for the next minute: ${r.startBudget.waits} ` +
      `(played as another of their viewers instead: ${r.startBudget.switchedViewer}). Media: ${r.media.fetched} whole items ` +
      `streamed to players (${(r.media.bytes / 1048576).toFixed(1)} MiB with the half ones), ${r.media.fromCache} plays from ` +
      `the browser's cache, ${r.media.short} short. Earnings calls during the run: ` +
      `${r.earningsDuringRun.runs} (${r.earningsDuringRun.processed} processed); draining afterwards: ${r.drainCalls.join(", ")}.`,
    "",
    `D1 inside the watch-session objects (counted by the bench's subclass of the object, summed over the ${o.objects} ` +
      `objects of the run's viewers and creators; goal: 0 per progress event, one batch per qualified view). The Worker's own ` +
      `round trips per request (the session lookup; a start also reads the item) are in the table above. A start that ends ` +
      `the viewer's older views writes them in its own call: those writes are the "ended" row, not the start's. The stream's ` +
      `delivery reports (one object call at the end of each media response) are not a counted kind of call: they write D1 ` +
      `only when a delivery completes a view, which this mix never lets happen (a player plays once its media is there), ` +
      `and any such write would show as a round trip outside any counted call.`,
    "",
    "| object call | calls | D1 statements | D1 round trips | statements/call | round trips/call |",
    "|---|---:|---:|---:|---:|---:|",
    ...rows.map(
      (x) =>
        `| ${x.call} | ${x.calls} | ${x.statements} | ${x.roundTrips} | ${num(x.statementsPerCall)} | ${num(x.roundTripsPerCall)} |`,
    ),
    "",
    ...sideBySideLines(r.sideBySide),
    "",
    ...pollersLines(r.pollers),
    "",
    "| ledger invariant (after draining the job) | result | detail |",
    "|---|---|---|",
    ...r.checks.map((c) => `| ${c.name} | ${c.pass ? "pass" : "**FAIL**"} | ${c.detail} |`),
  ];
  if (o.unattributed.roundTrips || o.errors || o.instances !== o.objects) {
    lines.push(
      "",
      `Objects: ${o.instances} constructions for ${o.objects} objects (an object evicted while idle is constructed again; ` +
        `its counts live on, at module level), ${o.errors} calls that threw, ${o.unattributed.roundTrips} D1 round trips ` +
        `outside any counted call.`,
    );
  }
  if (r.anomalies.length)
    lines.push(
      "",
      "Sessions that ended otherwise than promised:",
      "",
      ...r.anomalies.slice(0, 10).map((a) => `- ${a}`),
    );
  if (r.errors.length) {
    lines.push(
      "",
      "First errors:",
      "",
      ...r.errors.slice(0, 10).map((e) => `- ${e.kind} → ${e.status}: \`${e.detail.replace(/`/g, "'")}\``),
    );
  }
  return lines.join("\n");
}

const START = "<!-- bench:load:start -->";
const END = "<!-- bench:load:end -->";

/** Replaces the generated part of README's "### Load" subsection (between the load markers). */
export function updateReadme(md: string) {
  const readme = readFileSync("bench/README.md", "utf8");
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) {
    console.warn("README.md has no load markers; not updated");
    return;
  }
  writeFileSync("bench/README.md", readme.slice(0, a + START.length) + "\n" + md + "\n" + readme.slice(b));
}
