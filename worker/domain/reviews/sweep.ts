import type { Db } from "../../db/client";
import { EARNING_RULE_DEFAULTS } from "../../db/queries/earning-rule-settings";
import type { ReviewRuleName } from "../../db/queries/review-rules";
import { findSweepCandidates, openFlagsAndCover, type NewFlag } from "../../db/queries/review-sweep";
import { readSettings } from "../../db/queries/settings";
import { newId } from "../../lib/ids";
import { earningRulesJson } from "../views/earning-rules";
import { evidenceLines } from "./evidence";

const RULES: ReviewRuleName[] = ["ring", "shared_ip", "daily_cap", "same_day_accounts"];
/** Subjects opened or refreshed per rule and run; the next run takes the rest. */
const SUBJECTS_PER_RULE = 200;

/**
 * The fraud sweep (docs/decisions/019): each rule (db/queries/review-rules.ts) reads the patterns among view
 * rewards still in holding that no flag of the rule covers yet, then one batch opens (or refreshes) a flag per
 * pattern and covers its held earnings. Covered earnings stay pending until an admin reverses or clears the
 * flag. Idempotent: a second run finds nothing new. Runs with the earnings job (cron) and from the admin's
 * "Run sweep".
 */
export async function runReviewSweep(db: Db, now: string): Promise<{ flagged: number; covered: number }> {
  const dailyCap = earningRulesJson(await readSettings(db, EARNING_RULE_DEFAULTS)).daily_earnable_views;
  const found = await Promise.all(
    RULES.map(async (rule) => ({ rule, candidates: await findSweepCandidates(db, rule, now, SUBJECTS_PER_RULE) })),
  );
  const flags: NewFlag[] = found.flatMap(({ rule, candidates }) =>
    candidates.map((c) => ({ id: newId(), rule, subject: c.subject, userIds: c.userIds, evidence: evidenceLines(rule, c, dailyCap) })),
  );
  if (!flags.length) return { flagged: 0, covered: 0 };
  return openFlagsAndCover(db, now, flags, found.filter((f) => f.candidates.length > 0).map((f) => f.rule));
}
