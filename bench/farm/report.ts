// The farm benchmark's numbers: per farm strategy and per kind of honest member, from the ledger after the
// hold, the sweep's cost per 1,000 held rewards, the sanity checks, and README's short table.
import { readFileSync, writeFileSync } from "node:fs";
import type { Machine } from "../traffic/report.ts";
import { percentile, round } from "../lib/stats.ts";
import type { flagsByRule, ledgerChecks, UserMoney } from "./outcome.ts";
import type { TickLog } from "./simulate.ts";
import type { World } from "./world.ts";

/** Goals of docs/decisions (DESIGN §6): a farm's cash-out and honest members' loss to false flags. */
const FARM_GOAL_USD_PER_ACCOUNT_DAY = 0.01;
const HONEST_GOAL_FLAGGED_SHARE = 0.005;

type Strategy = {
  name: string;
  what: string;
  accounts: number;
  viewsTried: number;
  paidViews: number;
  bonusesAwarded: number;
  creditedUsd: number;
  availableUsd: number;
  heldUsd: number;
  flaggedUsd: number;
  usdPerAccountDay: number;
  met: boolean;
};
/** Shares are of view rewards; sign-on bonuses (few, $75 each) are counted apart so they cannot hide them. */
type HonestKind = {
  kind: string;
  members: number;
  paidMembers: number;
  flaggedMembers: number;
  rewardsUsd: number;
  flaggedUsd: number;
  flaggedShare: number;
  bonuses: number;
  bonusesFlagged: number;
  /** Members of the kind who signed up during the run (enrolled in the sign-on challenges): an honest claimant whose bonus never came is a loss too. */
  claimants: number;
  met: boolean;
};

export type FarmReport = {
  command: string;
  machine: Machine;
  tree: { commit: string; subject: string; uncommittedProductFiles: number };
  members: number;
  days: number;
  holdDays: number;
  ticksPerDay: number;
  seed: number;
  baseDay: string;
  end: string;
  dailyCap: number;
  perItemPerDay: number;
  durationSec: number;
  templates: Record<string, { what: string; status: number; row: Record<string, unknown> | null }>;
  accounts: number;
  scriptedViews: number;
  strategies: Strategy[];
  honest: HonestKind[];
  honestByAge: HonestKind[];
  honestAll: HonestKind;
  rules: { rule: string; flags: number; earnings: number }[];
  /** This run's sweep figures and those of earlier runs at other --members (kept from bench/farm-results.json). */
  sweepBySize: (FarmReport["sweep"] & { date: string; commit: string })[];
  sweep: {
    members: number;
    samples: number;
    heldP50: number;
    msPer1000HeldFirstP50: number;
    msPer1000HeldRepeatP50: number;
    maxRunsPerTick: number;
    firstMsP95: number;
  };
  ledger: Record<string, number>;
  checks: { problems: string[] };
  goals: { farms: boolean; honest: boolean };
};

type Input = {
  command: string;
  machine: Machine;
  tree: FarmReport["tree"];
  members: number;
  days: number;
  holdDays: number;
  ticksPerDay: number;
  seed: number;
  baseDay: string;
  end: string;
  dailyCap: number;
  perItemPerDay: number;
  templates: FarmReport["templates"];
  world: World;
  idOf: (key: string) => string;
  money: Map<string, UserMoney>;
  ledger: Awaited<ReturnType<typeof ledgerChecks>>;
  rules: Awaited<ReturnType<typeof flagsByRule>>;
  ticks: TickLog[];
  durationSec: number;
  earlierSweeps: FarmReport["sweepBySize"];
};

const usd = (micros: number) => micros / 1e6;
const zero = (): UserMoney => ({
  userId: "",
  total: 0,
  available: 0,
  held: 0,
  flagged: 0,
  views: 0,
  bonusAwarded: 0,
  bonusFlagged: 0,
  bonusMicros: 0,
  bonusFlaggedMicros: 0,
});

export function summarize(i: Input): FarmReport {
  const moneyOf = (key: string) => i.money.get(i.idOf(key)) ?? zero();
  const tried = new Map<string, number>();
  for (const day of i.world.days) for (const v of day) tried.set(v.viewer, (tried.get(v.viewer) ?? 0) + 1);
  const sum = (keys: string[], f: (m: UserMoney) => number) => keys.reduce((n, k) => n + f(moneyOf(k)), 0);

  const strategies: Strategy[] = i.world.strategies.map(({ name, what }) => {
    const keys = i.world.accounts.filter((a) => a.group === name).map((a) => a.key);
    const available = usd(sum(keys, (m) => m.available));
    const perAccountDay = available / (keys.length * i.days);
    return {
      name,
      what,
      accounts: keys.length,
      viewsTried: keys.reduce((n, k) => n + (tried.get(k) ?? 0), 0),
      paidViews: sum(keys, (m) => m.views),
      bonusesAwarded: sum(keys, (m) => m.bonusAwarded),
      creditedUsd: round(usd(sum(keys, (m) => m.total)), 2),
      availableUsd: round(available, 2),
      heldUsd: round(usd(sum(keys, (m) => m.held)), 2),
      flaggedUsd: round(usd(sum(keys, (m) => m.flagged)), 2),
      usdPerAccountDay: round(perAccountDay, 4),
      met: perAccountDay <= FARM_GOAL_USD_PER_ACCOUNT_DAY,
    };
  });

  const honestAccounts = i.world.accounts.filter((a) => a.group === "honest");
  const signedUp = new Set(honestAccounts.filter((a) => a.signUp).map((a) => a.key));
  const kindRow = (kind: string, keys: string[]): HonestKind => {
    const total = sum(keys, (m) => m.total - m.bonusMicros);
    const flagged = sum(keys, (m) => m.flagged - m.bonusFlaggedMicros);
    const share = total ? flagged / total : 0;
    const bonuses = keys.filter((k) => moneyOf(k).bonusMicros > 0).length;
    const bonusesFlagged = sum(keys, (m) => m.bonusFlagged);
    const claimants = keys.filter((k) => signedUp.has(k)).length;
    return {
      kind,
      members: keys.length,
      paidMembers: keys.filter((k) => moneyOf(k).total > 0).length,
      flaggedMembers: keys.filter((k) => moneyOf(k).flagged > 0).length,
      rewardsUsd: round(usd(total), 2),
      flaggedUsd: round(usd(flagged), 2),
      flaggedShare: round(share, 5),
      bonuses,
      bonusesFlagged,
      claimants,
      met: share <= HONEST_GOAL_FLAGGED_SHARE && bonusesFlagged === 0 && bonuses === claimants,
    };
  };
  const kinds = [...new Set(honestAccounts.map((a) => a.kind))].sort();
  const honest = kinds.map((kind) =>
    kindRow(
      kind,
      honestAccounts.filter((a) => a.kind === kind).map((a) => a.key),
    ),
  );
  const honestAll = kindRow(
    "all honest",
    honestAccounts.map((a) => a.key),
  );
  // The same members by account age on the first simulated day, whatever their kind.
  const base = Date.parse(i.baseDay);
  const AGES: [string, (days: number) => boolean][] = [
    ["age: made during the run", (d) => d < 0],
    ["age: under 7 days", (d) => d >= 0 && d < 7],
    ["age: 7 to 30 days", (d) => d >= 7 && d < 30],
    ["age: 30 days or more", (d) => d >= 30],
  ];
  const honestByAge = AGES.map(([label, test]) =>
    kindRow(
      label,
      honestAccounts.filter((a) => test((base - a.createdAt) / 86_400_000)).map((a) => a.key),
    ),
  );

  // The sweep's cost per 1,000 rewards in holding, over the ticks that held at least 1,000.
  const samples = i.ticks.filter((t) => t.sweep.held >= 1000);
  const per1000 = (ms: number, held: number) => (ms / held) * 1000;
  const sweep = {
    members: i.members,
    samples: samples.length,
    heldP50: Math.round(
      percentile(
        samples.map((t) => t.sweep.held),
        50,
      ),
    ),
    msPer1000HeldFirstP50: round(
      percentile(
        samples.map((t) => per1000(t.sweep.firstMs, t.sweep.held)),
        50,
      ),
      2,
    ),
    msPer1000HeldRepeatP50: round(
      percentile(
        samples.filter((t) => t.sweep.quiet).map((t) => per1000(t.sweep.repeatMs, t.sweep.held)),
        50,
      ),
      2,
    ),
    maxRunsPerTick: Math.max(0, ...i.ticks.map((t) => t.sweep.runs)),
    firstMsP95: Math.round(
      percentile(
        samples.map((t) => t.sweep.firstMs),
        95,
      ),
    ),
  };

  const problems: string[] = [];
  const l = i.ledger;
  if (l.creditedNotTwo) problems.push(`${l.creditedNotTwo} credited views without exactly two earnings`);
  if (l.earningsWithoutCredit) problems.push(`${l.earningsWithoutCredit} view earnings without a credited view`);
  if (l.stillQualified) problems.push(`${l.stillQualified} qualified views the job never settled`);
  const all = [...i.money.values()];
  const credited = all.reduce((n, m) => n + m.total, 0);
  const parts = all.reduce((n, m) => n + m.available + m.held + m.flagged, 0);
  if (credited !== parts)
    problems.push(`available + held + reversed (${parts}) ≠ credited (${credited}) micro-dollars`);
  if (honestAll.rewardsUsd <= 0 || honestAll.paidMembers < honestAll.members * 0.5)
    problems.push(
      `honest members are not paid: ${honestAll.paidMembers}/${honestAll.members} paid, $${honestAll.rewardsUsd}`,
    );
  const unfinished = i.ticks.filter((t) => !t.sweep.quiet).length;
  if (unfinished)
    problems.push(
      `${unfinished} ticks whose sweep still found something new after ${i.ticks.find((t) => !t.sweep.quiet)!.sweep.runs} runs`,
    );

  return {
    command: i.command,
    machine: i.machine,
    tree: i.tree,
    members: i.members,
    days: i.days,
    holdDays: i.holdDays,
    ticksPerDay: i.ticksPerDay,
    seed: i.seed,
    baseDay: i.baseDay,
    end: i.end,
    dailyCap: i.dailyCap,
    perItemPerDay: i.perItemPerDay,
    durationSec: i.durationSec,
    templates: i.templates,
    accounts: i.world.accounts.length,
    scriptedViews: [...tried.values()].reduce((a, b) => a + b, 0),
    strategies,
    honest,
    honestByAge,
    honestAll,
    rules: i.rules,
    sweep,
    ledger: l,
    checks: { problems },
    sweepBySize: [
      ...i.earlierSweeps.filter((x) => x.members !== i.members),
      { ...sweep, date: i.machine.date, commit: i.tree.commit },
    ].sort((a, b) => a.members - b.members),
    goals: { farms: strategies.every((s) => s.met), honest: honest.every((h) => h.met) && honestAll.met },
  };
}

const pct = (x: number) => `${round(x * 100, 2)} %`;
const money = (x: number) => `$${x.toFixed(2)}`;

export function markdown(r: FarmReport): string {
  const m = r.machine;
  const templ = Object.entries(r.templates)
    .map(
      ([name, t]) =>
        `${name} (${t.what}): ${t.row ? `finalized${t.row.earn_block !== undefined ? `, earn_block ${t.row.earn_block ?? "null (earns)"}` : ""}` : `refused (${t.status})`}`,
    )
    .join("; ");
  return [
    `Measured by \`${r.command}\` on ${m.date} (${m.nproc} CPUs, Node ${m.node}) at ${r.tree.commit} "${r.tree.subject}"` +
      `${r.tree.uncommittedProductFiles ? ` with ${r.tree.uncommittedProductFiles} uncommitted product files` : ""}: ${r.members} honest members ` +
      `(${r.accounts} accounts in all), ${r.scriptedViews.toLocaleString("en-US")} scripted qualified views over ${r.days} simulated days from ${r.baseDay}, ` +
      `then ${r.holdDays + 1} days of hold with only the job and the sweep; ${r.ticksPerDay} job + sweep ticks per day; every open flag counted as reversed. ` +
      `Whole run ${r.durationSec} s. Template items (real upload + finalize): ${templ}.`,
    "",
    `| farm strategy | accounts | views tried | paid | credited | held at end | flagged (reversed) | **available per account-day** (goal ≤ $${FARM_GOAL_USD_PER_ACCOUNT_DAY}) |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...r.strategies.map(
      (s) =>
        `| ${s.name} | ${s.accounts} | ${s.viewsTried.toLocaleString("en-US")} | ${s.paidViews.toLocaleString("en-US")}${s.bonusesAwarded ? ` + ${s.bonusesAwarded} bonuses` : ""} | ` +
        `${money(s.creditedUsd)} | ${money(s.heldUsd)} | ${money(s.flaggedUsd)} | ${s.met ? "" : "**"}$${s.usdPerAccountDay.toFixed(4)}${s.met ? "" : "**"} |`,
    ),
    "",
    `| honest members, by kind | members | paid | with a flag | view rewards | flagged | **share flagged** (goal ≤ ${pct(HONEST_GOAL_FLAGGED_SHARE)}) | sign-on bonuses: claimants, bonuses, flagged |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...[...r.honest, ...(r.honestByAge ?? []), r.honestAll].map(
      (h) =>
        `| ${h.kind} | ${h.members} | ${h.paidMembers} | ${h.flaggedMembers} | ${money(h.rewardsUsd)} | ${money(h.flaggedUsd)} | ` +
        `${h.flaggedShare <= HONEST_GOAL_FLAGGED_SHARE ? "" : "**"}${pct(h.flaggedShare)}${h.flaggedShare <= HONEST_GOAL_FLAGGED_SHARE ? "" : "**"} | ${h.claimants || h.bonuses ? `${h.claimants}, ${h.bonuses}, ${h.bonusesFlagged}` : ""} |`,
    ),
    "",
    `Flags by rule: ${r.rules.length ? r.rules.map((x) => `${x.rule} ${x.flags} (${x.earnings.toLocaleString("en-US")} earnings)`).join(", ") : "none"}. ` +
      `Sweep: ${r.sweep.msPer1000HeldFirstP50} ms per 1,000 held rewards (first run of a tick, p50 over ${r.sweep.samples} ticks, ${r.sweep.heldP50.toLocaleString("en-US")} held at p50; p95 ${r.sweep.firstMsP95} ms a run), ` +
      `${r.sweep.msPer1000HeldRepeatP50} ms when nothing is new; at most ${r.sweep.maxRunsPerTick} runs in a tick. ` +
      `By population size (runs of \`--members=N\`, kept in bench/farm-results.json): ${sweepSizes(r)}. ` +
      `Ledger: ${r.ledger.credited.toLocaleString("en-US")} credited views, ${r.ledger.viewEarnings.toLocaleString("en-US")} view earnings; ` +
      `${r.checks.problems.length ? `**checks failed: ${r.checks.problems.join("; ")}**` : "checks passed (two earnings per credited view, available + held + reversed = credited, honest members paid)"}.`,
  ].join("\n");
}

const sweepSizes = (r: FarmReport) =>
  r.sweepBySize
    .map(
      (x) =>
        `${x.members.toLocaleString("en-US")} members ${x.msPer1000HeldFirstP50} ms (${x.heldP50.toLocaleString("en-US")} held; ${x.date}, ${x.commit})`,
    )
    .join("; ");

const START = "<!-- bench:farm:start -->";
const END = "<!-- bench:farm:end -->";

/** README's short table (three rows: farms, honest members, the sweep), between the farm markers. */
export function updateReadme(r: FarmReport) {
  const readme = readFileSync("bench/README.md", "utf8");
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) {
    console.warn("README.md has no bench:farm markers; not updated");
    return;
  }
  const worst = [...r.honest].sort((a, b) => b.flaggedShare - a.flaggedShare)[0];
  const table = [
    `\`${r.command}\` (${r.members.toLocaleString("en-US")} honest members, ${r.days} days + the hold, ${r.machine.date}, at ${r.tree.commit}${r.tree.uncommittedProductFiles ? " with uncommitted changes" : ""}; bench/README.md "Farm benchmark"):`,
    "",
    "| figure | result | goal |",
    "|---|---|---|",
    `| farm's $ available after the hold per account-day | ${r.strategies.map((s) => `${s.name} ${s.usdPerAccountDay.toFixed(s.usdPerAccountDay < 0.1 ? 4 : 2)}`).join(", ")} | ≤ ${FARM_GOAL_USD_PER_ACCOUNT_DAY} each (${r.strategies.filter((s) => s.met).length} of ${r.strategies.length} met) |`,
    `| honest members' view rewards flagged (all open flags reversed) | ${pct(r.honestAll.flaggedShare)}${worst ? `; worst kind ${worst.kind} ${pct(worst.flaggedShare)}` : ""}; honest claimants' sign-on bonuses: ${r.honestAll.bonuses} of ${r.honestAll.claimants} awarded, ${r.honestAll.bonusesFlagged} flagged | ≤ ${pct(HONEST_GOAL_FLAGGED_SHARE)} |`,
    `| sweep, ms per 1,000 held rewards | ${r.sweepBySize.map((x) => `${x.msPer1000HeldFirstP50} at ${x.members.toLocaleString("en-US")} members${x.commit === r.tree.commit ? "" : ` (at ${x.commit})`}`).join(", ")} | flat |`,
  ].join("\n");
  writeFileSync("bench/README.md", readme.slice(0, a + START.length) + "\n" + table + "\n" + readme.slice(b));
}
