import type { Db } from "../../db/client";
import { EARNING_RULE_DEFAULTS } from "../../db/queries/earning-rule-settings";
import type { EarningRuleName } from "../../db/queries/review-rules";
import { findBonusCandidates, findSweepCandidates, openFlagsAndCover, type NewFlag } from "../../db/queries/review-sweep";
import { readSettings } from "../../db/queries/settings";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "../admin/admin-context";
import { earningRulesJson } from "../views/earning-rules";
import { bonusEvidenceLines, evidenceLines } from "./evidence";

const RULES: EarningRuleName[] = ["ring", "shared_ip", "daily_cap", "same_day_accounts"];
/** Subjects opened or refreshed per rule and run; the next run takes the rest. */
const SUBJECTS_PER_RULE = 200;

/**
 * The fraud sweep (docs/decisions/019): each rule (db/queries/review-rules.ts) reads the patterns among view
 * rewards still in holding that no flag of the rule covers yet, then one batch opens (or refreshes) a flag per
 * pattern and covers its held earnings. Covered earnings stay pending until an admin reverses or clears the
 * flag. The `bonus_risk` rule (docs/decisions/031) runs the sign-on bonus risk checks again on awarded
 * bonuses still in holding and flags each one they now find something on; it stays pending the same way. Idempotent: a second run finds nothing new. Runs with the earnings job (cron) and from the admin's
 * "Run sweep".
 */
export async function runReviewSweep(db: Db, now: string): Promise<{ flagged: number; covered: number }> {
  const dailyCap = earningRulesJson(await readSettings(db, EARNING_RULE_DEFAULTS)).daily_earnable_views;
  const [found, bonuses] = await Promise.all([
    Promise.all(RULES.map(async (rule) => ({ rule, candidates: await findSweepCandidates(db, rule, now, SUBJECTS_PER_RULE) }))),
    findBonusCandidates(db, now),
  ]);
  const flags: NewFlag[] = [
    ...found.flatMap(({ rule, candidates }) =>
      candidates.map((c) => ({ id: newId(), rule, subject: c.subject, userIds: c.userIds, evidence: evidenceLines(rule, c, dailyCap) })),
    ),
    ...bonuses.map((b) => ({ id: newId(), rule: "bonus_risk" as const, subject: b.subject, userIds: JSON.stringify([b.userId]), evidence: bonusEvidenceLines(b) })),
  ];
  if (!flags.length) return { flagged: 0, covered: 0 };
  return openFlagsAndCover(db, now, flags, found.filter((f) => f.candidates.length > 0).map((f) => f.rule));
}

/**
 * The admin's "Run sweep": the cron's job on demand, checked like every admin service. The flags it opens are
 * the record of what it did (the cron's runs write none either), so it writes no audit row (docs/decisions/041).
 */
export async function sweepReviews({ ctx }: AdminCall<null>) {
  checkAdmin(ctx);
  return runReviewSweep(ctx.db, nowIso());
}
