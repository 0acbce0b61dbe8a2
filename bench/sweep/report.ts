// The sweep bench's report: markdown for README's "### Fraud sweep" subsection and the terminal.
import { readFileSync, writeFileSync } from "node:fs";
import type { Machine } from "../traffic/report.ts";
import { percentile, round } from "../lib/stats.ts";
import { RULES, type Found, type RuleRead, type SweepSeries } from "./measure.ts";

const GOAL_RATIO = 1.3;

export type SizeResult = {
  views: number;
  heldEarnings: number;
  users: number;
  items: number;
  seed: { ms: number; rowsPerSec: number };
  noiseFloorMs: number;
  loadAverage: number;
  series: SweepSeries[];
  found: Found;
  /** Each rule's read alone (POST /bench/select), from no flags: as shipped and per what-if. */
  ruleReads: Record<string, Record<string, RuleRead>>;
  /** Each rule's read and the SELECT part of its cover, as shipped and per what-if: EXPLAIN QUERY PLAN lines. */
  plans: Record<string, Record<string, { candidates: string[]; coverSelect: string[] }>>;
  /** Every hold ended: the sweeps (at a time after the last hold) until the mark has passed every reward. */
  holdEnd: { ms: number; runs: number; rowsRead: number; roundTrips: number; covered: number; countersLeft: number };
  /** The real admin route once, signed in, after the sweeps: what a press of "Run sweep" costs. */
  adminRoute: { ms: number; status: number; body: string; roundTrips: number | null; rowsRead: string | null };
};

export type SweepReport = {
  command: string;
  machine: Machine;
  workerdVersion: string;
  baseDay: string;
  dailyCap: number;
  durationSec: number;
  sizes: SizeResult[];
  ratios: {
    label: string;
    whatif: string | null;
    kind: "first" | "repeat";
    timePerView: number;
    rowsPerView: number;
    met: boolean;
  }[];
  shapeSame: boolean;
};

const k = (n: number) => (n >= 1000 ? `${round(n / 1000, 0)}k` : String(n));
const int = (n: number) => n.toLocaleString("en-US");
const perK = (ms: number, views: number) => round(ms / (views / 1000), 2);

function seriesOf(size: SizeResult, kind: "first" | "repeat", whatif: string | null) {
  return size.series.find((s) => s.kind === kind && s.whatif === whatif);
}

/** Largest/smallest size ratios per held view of p50 time and of rows read, per kind of sweep and what-if. */
export function ratios(sizes: SizeResult[]): SweepReport["ratios"] {
  const [small, large] = [sizes[0]!, sizes.at(-1)!];
  const out: SweepReport["ratios"] = [];
  for (const s of small.series) {
    const l = seriesOf(large, s.kind, s.whatif);
    if (!l || small === large) continue;
    const timePerView = round(l.latency.p50 / large.views / (s.latency.p50 / small.views), 2);
    const rowsPerView = round(l.rowsRead / large.views / (s.rowsRead / small.views), 2);
    out.push({
      label: `${s.kind} sweep${s.whatif ? ` (what-if: ${s.whatif})` : ""}`,
      whatif: s.whatif,
      kind: s.kind,
      timePerView,
      rowsPerView,
      met: timePerView <= GOAL_RATIO,
    });
  }
  return out;
}

function sweepRows(r: SweepReport, whatif: string | null): string[] {
  const rows: string[] = [];
  for (const size of r.sizes) {
    for (const kind of ["first", "repeat"] as const) {
      const s = seriesOf(size, kind, whatif);
      if (!s) continue;
      const label =
        kind === "first"
          ? "first (all new: opens flags, covers earnings)"
          : "repeat (nothing new: the every-minute cron)";
      rows.push(
        `| ${k(size.views)} | ${label} | ${s.latency.n} | ${round(s.latency.p50, 1)} | ${round(s.latency.p95, 1)} | ${perK(s.latency.p50, size.views)} | ` +
          `${int(s.rowsRead)} | ${round(s.rowsRead / size.views, 1)} | ${s.roundTrips} | ${s.flagged.join("/")} / ${s.covered.join("/")} |`,
      );
    }
  }
  return rows;
}

const TABLE_HEAD = [
  "| held views | sweep | n | p50 ms | p95 ms | ms per 1,000 held views (p50) | D1 rows read | rows read per held view | D1 round trips | flagged / covered |",
  "|---:|---|---:|---:|---:|---:|---:|---:|---:|---|",
];

export function markdown(r: SweepReport): string {
  const m = r.machine;
  const small = r.sizes[0]!;
  const large = r.sizes.at(-1)!;
  const whatifs = [
    ...new Set(r.sizes.flatMap((s) => s.series.map((x) => x.whatif)).filter((w): w is string => w !== null)),
  ];
  const lines = [
    `Measured by \`${r.command}\` on ${m.date}: ${m.nproc} CPUs (${m.cpu}, ${m.arch}), Node ${m.node}; the bench Worker in local ` +
      `workerd ${r.workerdVersion}, a fresh database per size in \`.wrangler/bench-sweep\`. Per size: credited views whose ` +
      `two earnings are all still in holding (bench/sweep/held-world.ts), 96 % honest (old accounts, an address each, 4 views a day ` +
      `on 5 days) and 1 % of the views for each rule's pattern (pairs of new accounts watching each other, viewers on the creator's ` +
      `address, a viewer near a daily cap of ${r.dailyCap} on 4 days, items watched only by accounts created that day); rows inserted ` +
      `in time order, as production writes them. Seeded: ${r.sizes.map((s) => `${k(s.views)} in ${round(s.seed.ms / 1000, 1)} s`).join(", ")}. ` +
      `Whole run ${r.durationSec} s. Timed from the client through \`POST /bench/sweep\` (\`runHeldRewardRules\`, the rules over held rewards; ` +
      `the shape rules are bench:farm's; D1 counted), run until nothing is left to judge; first sweeps start with no flag (all deleted ` +
      `and every subject marked before each), repeat sweeps follow a first one. Noise floor ` +
      `(\`/bench/ping\`, p50): ${r.sizes.map((s) => `${s.noiseFloorMs} ms`).join(" / ")}; load average (1 min): ` +
      `${r.sizes.map((s) => s.loadAverage).join(" / ")} on ${m.nproc} CPUs.`,
    "",
    "As shipped:",
    "",
    ...TABLE_HEAD,
    ...sweepRows(r, null),
    "",
    `| ${k(large.views)} / ${k(small.views)}, per held view | p50 time | rows read | goal (≤ ${GOAL_RATIO}) |`,
    "|---|---:|---:|:---:|",
    ...r.ratios.map((x) => `| ${x.label} | ${x.timePerView} | ${x.rowsPerView} | ${x.met ? "met" : "**missed**"} |`),
    "",
    `Each rule's read (\`candidatesSql\`) alone through \`POST /bench/select\`, from no flags (what a first sweep reads; p50 of up to ` +
      `3, timed from the client), with its D1 rows read, at ${k(small.views)} → ${k(large.views)}, and the growth per held view ` +
      `(1.0 = linear). Covers: the rows each rule's insert read in the first sweep.`,
    "",
    `| rule | read ms | rows read | per held view ×: ms, rows | subjects | covers: rows read |${whatifs.map((w) => ` what-if ${w}: read ms (×) |`).join("")}`,
    `|---|---:|---:|---:|---:|---:|${whatifs.map(() => "---:|").join("")}`,
    ...RULES.map((rule) => {
      const f = large.views / small.views;
      const ms = (size: SizeResult, v: string) => round(percentile(size.ruleReads[v]![rule]!.ms, 50), 1);
      const a = small.ruleReads.shipped![rule]!;
      const b = large.ruleReads.shipped![rule]!;
      const cover = (size: SizeResult) => seriesOf(size, "first", null)!.rules[rule].coverRows;
      return (
        `| ${rule} | ${ms(small, "shipped")} → ${ms(large, "shipped")} | ${int(a.rowsRead)} → ${int(b.rowsRead)} | ` +
        `${round(ms(large, "shipped") / ms(small, "shipped") / f, 2)}, ${round(b.rowsRead / a.rowsRead / f, 2)} | ${a.subjects} → ${b.subjects} | ` +
        `${int(cover(small))} → ${int(cover(large))} |` +
        whatifs
          .map((w) => ` ${ms(small, w)} → ${ms(large, w)} (${round(ms(large, w) / ms(small, w) / f, 2)}) |`)
          .join("")
      );
    }),
    "",
    `Flags found per rule (${r.sizes.map((s) => k(s.views)).join(" / ")}; planted in brackets): ` +
      RULES.map(
        (rule) => `${rule} ${r.sizes.map((s) => `${s.found[rule].flags} (${s.found[rule].plantedFlags})`).join(" / ")}`,
      ).join("; ") +
      `. Earnings covered: ` +
      RULES.map(
        (rule) =>
          `${rule} ${r.sizes.map((s) => `${s.found[rule].covered} (${s.found[rule].plantedCovered})`).join(" / ")}`,
      ).join("; ") +
      `. ${r.shapeSame ? "Same shape at every size: exactly the planted patterns, nothing honest." : "**Not the planted patterns at every size** (see bench/sweep-results.json)."}`,
    "",
    `Every hold ended (one sweep at the base day + 8 days, run until its mark passed every reward): ` +
      r.sizes
        .filter((s) => s.holdEnd)
        .map(
          (s) =>
            `${k(s.views)} ${s.holdEnd.runs} runs, ${int(s.holdEnd.rowsRead)} rows read (${round(s.holdEnd.rowsRead / s.views, 1)} per held view), ` +
            `${s.holdEnd.ms} ms, covered ${s.holdEnd.covered}, counter and mark rows left ${s.holdEnd.countersLeft}`,
        )
        .join("; ") +
      ".",
    "",
    `The admin route itself (\`POST /api/admin/reviews/sweep\`, signed in, after the sweeps: nothing new; it runs the shape ` +
      `rules too, which find this closed world of 20 creators a block in lockstep): ` +
      r.sizes
        .map(
          (s) =>
            `${k(s.views)} ${round(s.adminRoute.ms, 1)} ms (${s.adminRoute.status}, \`${s.adminRoute.body}\`, ${s.adminRoute.rowsRead} rows read)`,
        )
        .join("; ") +
      ".",
  ];
  const WHATIF_TEXT: Record<string, string> = {
    materialize:
      "the rules' `matches` CTE as `matches as materialized (…)`, computed once per statement instead of again inside each per-subject subquery",
    "group-users":
      "`materialize`, and the per-subject account lists (`userIds`, `userIdsCount`) from one grouped pass over `matches` (a CTE joined to the result) instead of two subqueries per subject",
  };
  for (const w of whatifs) {
    lines.push(
      "",
      `What-if \`${w}\` (a bench-only rewrite of the sweep's SQL; the same flags and covers found): ${WHATIF_TEXT[w] ?? w}:`,
      "",
      ...TABLE_HEAD,
      ...sweepRows(r, w),
    );
  }
  return lines.join("\n");
}

const START = "<!-- bench:sweep:start -->";
const END = "<!-- bench:sweep:end -->";

/** Replaces the generated part of README's "### Fraud sweep" subsection (between the sweep markers). */
export function updateReadme(md: string) {
  const readme = readFileSync("bench/README.md", "utf8");
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) {
    console.warn("README.md has no sweep markers; not updated");
    return;
  }
  writeFileSync("bench/README.md", readme.slice(0, a + START.length) + "\n" + md + "\n" + readme.slice(b));
}
