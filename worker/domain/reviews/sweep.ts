import type { Db } from "../../db/client";
import { readSettings } from "../../db/queries/settings";
import { newId } from "../../lib/ids";
import { EARNING_RULE_DEFAULTS, earningRulesJson } from "../views/earning-rules";
import { evidenceLines } from "./evidence";
import { candidatesSql, coverSql, OPEN_REVIEW_SQL, type Candidate, type ReviewRuleName } from "./rules";

const RULES: ReviewRuleName[] = ["ring", "shared_ip", "daily_cap", "same_day_accounts"];
/** Subjects opened or refreshed per rule and run; the next run takes the rest. */
const SUBJECTS_PER_RULE = 200;

/**
 * The fraud sweep (docs/decisions/019): each rule reads the patterns among view rewards still in holding that
 * no flag of the rule covers yet, then one batch opens (or refreshes) a flag per pattern and covers its held
 * earnings. Covered earnings stay pending until an admin reverses or clears the flag. Idempotent: a second
 * run finds nothing new. Runs with the earnings job (cron) and from the admin's "Run sweep".
 */
export async function runReviewSweep(db: Db, now: string): Promise<{ flagged: number; covered: number }> {
  const dailyCap = earningRulesJson(await readSettings(db, EARNING_RULE_DEFAULTS)).daily_earnable_views;
  const found = await Promise.all(
    RULES.map(async (rule) => {
      const { results } = await db.$client.prepare(candidatesSql(rule, SUBJECTS_PER_RULE)).bind(now).all<Candidate>();
      return { rule, candidates: results };
    }),
  );
  const opened = new Set<string>();
  const statements: D1PreparedStatement[] = [];
  for (const { rule, candidates } of found) {
    for (const c of candidates) {
      const id = newId();
      opened.add(id);
      statements.push(db.$client.prepare(OPEN_REVIEW_SQL).bind(now, id, rule, c.subject, c.userIds, JSON.stringify(evidenceLines(rule, c, dailyCap))));
    }
  }
  const covers = found.filter((f) => f.candidates.length > 0).map((f) => db.$client.prepare(coverSql(f.rule)).bind(now));
  if (!statements.length) return { flagged: 0, covered: 0 };
  const results = await db.$client.batch<{ id: string }>([...statements, ...covers]);
  const flagged = results.slice(0, statements.length).filter((r) => r.results.some((row) => opened.has(row.id))).length;
  const covered = results.slice(statements.length).reduce((n, r) => n + (r.meta.changes ?? 0), 0);
  return { flagged, covered };
}
