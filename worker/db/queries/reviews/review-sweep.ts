import type { Db } from "../../client";
import type { Subject } from "./held-counters";
import {
  BONUS_CANDIDATES_SQL,
  candidatesSql,
  coverSql,
  OPEN_BONUS_REVIEW_SQL,
  OPEN_REVIEW_SQL,
  RULE_GATES,
  type BonusCandidate,
  type Candidate,
  type EarningRuleName,
  type ReviewRuleName,
} from "./review-rules";

// The fraud sweep's reads and its one write batch (what it decides: domain/reviews/sweep.ts).

/**
 * The judged subjects each rule's gate lets through (RULE_GATES), in one batch: viewers for shared_ip and
 * daily_cap, items for same_day_accounts.
 */
export async function gatedSubjects(db: Db, dirty: Subject[]): Promise<Record<EarningRuleName, string[]>> {
  const d1 = db.$client;
  const viewers = JSON.stringify(dirty.filter((d) => d.kind === 0).map((d) => d.subject));
  const items = JSON.stringify(dirty.filter((d) => d.kind === 1).map((d) => d.subject));
  const [shared, capped, sameDay] = await d1.batch<{ subject: string }>([
    d1.prepare(RULE_GATES.shared_ip).bind(viewers),
    d1.prepare(RULE_GATES.daily_cap).bind(viewers),
    d1.prepare(RULE_GATES.same_day_accounts).bind(items),
  ]);
  const subjects = (r: D1Result<{ subject: string }> | undefined) => (r?.results ?? []).map((row) => row.subject);
  return { shared_ip: subjects(shared), daily_cap: subjects(capped), same_day_accounts: subjects(sameDay) };
}

/** The rule's subjects among `judged` with held earnings no flag of the rule covers yet. */
export async function findSweepCandidates(
  db: Db,
  rule: EarningRuleName,
  now: string,
  judged: string[],
): Promise<Candidate[]> {
  const { results } = await db.$client.prepare(candidatesSql(rule)).bind(now, JSON.stringify(judged)).all<Candidate>();
  return results;
}

/** Held sign-on bonuses never flagged whose risk checks, run again now, find something (`bonus_risk`). */
export async function findBonusCandidates(db: Db, now: string): Promise<BonusCandidate[]> {
  const { results } = await db.$client.prepare(BONUS_CANDIDATES_SQL).bind(now).all<BonusCandidate>();
  return results;
}

export type NewFlag = { id: string; rule: ReviewRuleName; subject: string; userIds: string; evidence: string[] };

/**
 * One batch: opens (or refreshes) each flag, then, for each rule in `covering`, covers its matching held
 * earnings of the judged subjects, then runs `after` (the run's marks: the judged subjects forgotten, the mark of
 * new rewards moved). A `bonus_risk` flag covers its
 * subject, the bonus, and is opened only while the bonus is held. Returns how many flags this batch created (not
 * refreshed) and how many earnings and bonuses it covered.
 */
export async function openFlagsAndCover(
  db: Db,
  now: string,
  flags: NewFlag[],
  covering: { rule: EarningRuleName; subjects: string[] }[],
  after: D1PreparedStatement[],
) {
  const d1 = db.$client;
  const opens = flags.map((f) =>
    d1
      .prepare(f.rule === "bonus_risk" ? OPEN_BONUS_REVIEW_SQL : OPEN_REVIEW_SQL)
      .bind(now, f.id, ...(f.rule === "bonus_risk" ? [] : [f.rule]), f.subject, f.userIds, JSON.stringify(f.evidence)),
  );
  const covers = covering.map(({ rule, subjects }) => d1.prepare(coverSql(rule)).bind(now, JSON.stringify(subjects)));
  const results = await d1.batch<{ id: string }>([...opens, ...covers, ...after]);
  const ids = new Set(flags.map((f) => f.id));
  const created = results.slice(0, opens.length).map((r) => r.results.some((row) => ids.has(row.id)));
  return {
    flagged: created.filter(Boolean).length,
    covered:
      results.slice(opens.length, opens.length + covers.length).reduce((n, r) => n + (r.meta.changes ?? 0), 0) +
      created.filter((made, i) => made && flags[i]!.rule === "bonus_risk").length,
  };
}
