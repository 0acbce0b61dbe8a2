import type { Db } from "../client";
import { candidatesSql, coverSql, OPEN_REVIEW_SQL, type Candidate, type ReviewRuleName } from "./review-rules";

// The fraud sweep's reads and its one write batch (what it decides: domain/reviews/sweep.ts).

/** The rule's subjects with held earnings no flag of the rule covers yet, at most `limit`. */
export async function findSweepCandidates(db: Db, rule: ReviewRuleName, now: string, limit: number): Promise<Candidate[]> {
  const { results } = await db.$client.prepare(candidatesSql(rule, limit)).bind(now).all<Candidate>();
  return results;
}

export type NewFlag = { id: string; rule: ReviewRuleName; subject: string; userIds: string; evidence: string[] };

/**
 * One batch: opens (or refreshes) each flag, then, for each rule in `covering`, covers its matching held
 * earnings. Returns how many flags this batch created (not refreshed) and how many earnings it covered.
 */
export async function openFlagsAndCover(db: Db, now: string, flags: NewFlag[], covering: ReviewRuleName[]) {
  const d1 = db.$client;
  const opens = flags.map((f) => d1.prepare(OPEN_REVIEW_SQL).bind(now, f.id, f.rule, f.subject, f.userIds, JSON.stringify(f.evidence)));
  const covers = covering.map((rule) => d1.prepare(coverSql(rule)).bind(now));
  const results = await d1.batch<{ id: string }>([...opens, ...covers]);
  const ids = new Set(flags.map((f) => f.id));
  return {
    flagged: results.slice(0, opens.length).filter((r) => r.results.some((row) => ids.has(row.id))).length,
    covered: results.slice(opens.length).reduce((n, r) => n + (r.meta.changes ?? 0), 0),
  };
}
