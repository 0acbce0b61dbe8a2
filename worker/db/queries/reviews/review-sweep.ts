import type { Db } from "../../client";
import {
  BONUS_CANDIDATES_SQL,
  candidatesSql,
  coverSql,
  OPEN_BONUS_REVIEW_SQL,
  OPEN_REVIEW_SQL,
  type BonusCandidate,
  type Candidate,
  type EarningRuleName,
  type ReviewRuleName,
} from "./review-rules";

// The fraud sweep's reads and its one write batch (what it decides: domain/reviews/sweep.ts).

/** The rule's subjects with held earnings no flag of the rule covers yet, at most `limit`. */
export async function findSweepCandidates(
  db: Db,
  rule: EarningRuleName,
  now: string,
  limit: number,
): Promise<Candidate[]> {
  const { results } = await db.$client.prepare(candidatesSql(rule, limit)).bind(now).all<Candidate>();
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
 * earnings. A `bonus_risk` flag covers its subject, the bonus, and is opened only while the bonus is held.
 * Returns how many flags this batch created (not refreshed) and how many earnings and bonuses it covered.
 */
export async function openFlagsAndCover(db: Db, now: string, flags: NewFlag[], covering: EarningRuleName[]) {
  const d1 = db.$client;
  const opens = flags.map((f) =>
    d1
      .prepare(f.rule === "bonus_risk" ? OPEN_BONUS_REVIEW_SQL : OPEN_REVIEW_SQL)
      .bind(now, f.id, ...(f.rule === "bonus_risk" ? [] : [f.rule]), f.subject, f.userIds, JSON.stringify(f.evidence)),
  );
  const covers = covering.map((rule) => d1.prepare(coverSql(rule)).bind(now));
  const results = await d1.batch<{ id: string }>([...opens, ...covers]);
  const ids = new Set(flags.map((f) => f.id));
  const created = results.slice(0, opens.length).map((r) => r.results.some((row) => ids.has(row.id)));
  return {
    flagged: created.filter(Boolean).length,
    covered:
      results.slice(opens.length).reduce((n, r) => n + (r.meta.changes ?? 0), 0) +
      created.filter((made, i) => made && flags[i]!.rule === "bonus_risk").length,
  };
}
