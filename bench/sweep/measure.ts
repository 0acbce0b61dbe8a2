// Calls of the sweep bench against a running bench Worker: the sweep itself (timed from the client, with the
// Worker's D1 counts and per-statement log), the reset between first sweeps, and what the flags found.
import { postJson, timedRequest } from "../lib/http.ts";
import { round, summarize, type Summary } from "../lib/stats.ts";
import { PLANTED_PER_BLOCK, type ReviewRule } from "./held-world.ts";

/** The rules over held view rewards this bench measures (the shape rules: `npm run bench:farm`). */
export const RULES: ReviewRule[] = ["shared_ip", "daily_cap", "same_day_accounts"];

type LogEntry = { sql: string; rowsRead: number | null };
type SweepAnswer = {
  flagged: number;
  covered: number;
  roundTrips: number;
  statementCount: number;
  writeCount: number;
  rowsRead: number;
  rowsReadComplete: boolean;
  log: LogEntry[];
};

/** One rule's share of one sweep (exact, from the Worker's per-statement log): its read's rows and, in a first sweep, its cover's. */
type RuleCost = { readRows: number; coverRows: number };
export type SweepSample = {
  ms: number;
  flagged: number;
  covered: number;
  roundTrips: number;
  statements: number;
  writes: number;
  rowsRead: number;
  /** The batch of flags and covers (first sweeps only): time in D1 and rows read. */
  batch: { rows: number } | null;
  rules: Record<ReviewRule, RuleCost>;
};

const ruleOf = (sql: string) => RULES.find((r) => sql.includes(`'${r}'`));

/**
 * Splits a sweep's rows read by rule. (Not its time: the reads go out together, and their results reach the
 * Worker together, so its clock cannot tell them apart; `ruleReads` times each read alone.)
 */
function perRule(a: SweepAnswer): { rules: Record<ReviewRule, RuleCost>; batch: SweepSample["batch"] } {
  const rules = Object.fromEntries(RULES.map((r) => [r, { readRows: 0, coverRows: 0 }])) as Record<
    ReviewRule,
    RuleCost
  >;
  let batch: SweepSample["batch"] = null;
  for (const e of a.log) {
    const rule = ruleOf(e.sql);
    // The batch's statements: flags opened, earnings covered.
    if (/insert into reviews|insert or ignore into review_earnings/.test(e.sql)) {
      batch ??= { rows: 0 };
      batch.rows += e.rowsRead ?? 0;
      if (rule) rules[rule].coverRows += e.rowsRead ?? 0;
    } else if (rule) {
      rules[rule].readRows += e.rowsRead ?? 0;
    }
  }
  return { rules, batch };
}

/** One sweep through POST /bench/sweep, timed from sending to the last byte. */
async function sweepOnce(origin: string, whatif?: string): Promise<SweepSample> {
  const res = await timedRequest(`${origin}/bench/sweep${whatif ? `?whatif=${whatif}` : ""}`, {
    method: "POST",
    keepBody: true,
  });
  if (res.status !== 200) throw new Error(`POST /bench/sweep: ${res.status} ${res.body?.toString().slice(0, 500)}`);
  const a = JSON.parse(res.body!.toString()) as SweepAnswer;
  return {
    ms: round(res.ms, 1),
    flagged: a.flagged,
    covered: a.covered,
    roundTrips: a.roundTrips,
    statements: a.statementCount,
    writes: a.writeCount,
    rowsRead: a.rowsRead,
    ...perRule(a),
  };
}

export const resetReviews = (origin: string) =>
  postJson<{ reviews: number; reviewEarnings: number }>(`${origin}/bench/sweep/reset`);

/**
 * Sweeps `max` times (at least once), stopping early once `budgetMs` is spent. First sweeps start from no
 * flags at all (`reset` before each); repeat sweeps follow a first sweep and find nothing new.
 */
export async function sweeps(
  origin: string,
  opts: { kind: "first" | "repeat"; max: number; budgetMs: number; whatif?: string },
  log: (m: string) => void,
) {
  const samples: SweepSample[] = [];
  const start = performance.now();
  while (samples.length < opts.max && (samples.length === 0 || performance.now() - start < opts.budgetMs)) {
    if (opts.kind === "first") await resetReviews(origin);
    const s = await sweepOnce(origin, opts.whatif);
    samples.push(s);
    if (s.ms > 5000)
      log(
        `  ${opts.kind} sweep${opts.whatif ? ` (${opts.whatif})` : ""}: ${(s.ms / 1000).toFixed(1)} s, flagged ${s.flagged}, covered ${s.covered}`,
      );
  }
  return samples;
}

export type SweepSeries = {
  kind: "first" | "repeat";
  whatif: string | null;
  latency: Summary;
  /** Of the median sample (by time): exact counts from the Worker. */
  rowsRead: number;
  roundTrips: number;
  statements: number;
  flagged: number[];
  covered: number[];
  rules: Record<ReviewRule, RuleCost>;
  batch: SweepSample["batch"];
  samples: SweepSample[];
};

export function series(kind: "first" | "repeat", whatif: string | null, samples: SweepSample[]): SweepSeries {
  const median = [...samples].sort((a, b) => a.ms - b.ms)[Math.floor((samples.length - 1) / 2)]!;
  return {
    kind,
    whatif,
    latency: summarize(samples.map((s) => s.ms)),
    rowsRead: median.rowsRead,
    roundTrips: median.roundTrips,
    statements: median.statements,
    flagged: [...new Set(samples.map((s) => s.flagged))],
    covered: [...new Set(samples.map((s) => s.covered))],
    rules: median.rules,
    batch: median.batch,
    samples,
  };
}

export type Found = Record<
  ReviewRule,
  { flags: number; covered: number; plantedFlags: number; plantedCovered: number }
>;

/** Flags and covered earnings per rule after a first sweep, against what the world planted. */
export async function found(origin: string, blocks: number): Promise<Found> {
  const cols = RULES.map(
    (r) => `(select count(*) from reviews where rule = '${r}' and status = 'open') as ${r}_flags,
      (select count(*) from review_earnings where rule = '${r}') as ${r}_covered`,
  ).join(",\n      ");
  const res = await postJson<{ first: Record<string, number>[] }>(`${origin}/bench/select`, {
    sql: `select ${cols}`,
    params: [],
  });
  const row = res.first[0]!;
  return Object.fromEntries(
    RULES.map((r) => [
      r,
      {
        flags: row[`${r}_flags`]!,
        covered: row[`${r}_covered`]!,
        plantedFlags: PLANTED_PER_BLOCK[r].subjects * blocks,
        plantedCovered: PLANTED_PER_BLOCK[r].earnings * blocks,
      },
    ]),
  ) as Found;
}

export const plantedTotals = (blocks: number) => ({
  flagged: RULES.reduce((n, r) => n + PLANTED_PER_BLOCK[r].subjects * blocks, 0),
  covered: RULES.reduce((n, r) => n + PLANTED_PER_BLOCK[r].earnings * blocks, 0),
});

export type RuleRead = { ms: number[]; rowsRead: number; subjects: number };
type RuleSql = Record<string, { candidates: string; coverSelect: string }>;

/**
 * Each rule's read alone through POST /bench/select, timed from the client, from the state a first sweep
 * starts in (no flag: the caller resets first): up to `max` times per rule, fewer once one takes `longMs`.
 */
export async function ruleReads(
  origin: string,
  sql: RuleSql,
  max = 3,
  longMs = 5000,
): Promise<Record<ReviewRule, RuleRead>> {
  const out = {} as Record<ReviewRule, RuleRead>;
  for (const rule of RULES) {
    const read: RuleRead = { ms: [], rowsRead: 0, subjects: 0 };
    while (read.ms.length < max && !(read.ms.length && Math.max(...read.ms) > longMs)) {
      const res = await timedRequest(`${origin}/bench/select`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sql: sql[rule]!.candidates, params: [new Date().toISOString()] }),
        keepBody: true,
      });
      if (res.status !== 200) throw new Error(`${rule} read: ${res.status} ${res.body?.toString().slice(0, 300)}`);
      const body = JSON.parse(res.body!.toString()) as { rows: number; rowsRead: number };
      read.ms.push(round(res.ms, 1));
      read.rowsRead = body.rowsRead;
      read.subjects = body.rows;
    }
    out[rule] = read;
  }
  return out;
}
