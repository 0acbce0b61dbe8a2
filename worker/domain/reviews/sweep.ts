import type { Db } from "../../db/client";
import { EARNING_RULE_DEFAULTS } from "../../db/queries/earnings/earning-rule-settings";
import type { EarningRuleName } from "../../db/queries/reviews/review-rules";
import {
  dirtySubjects,
  forgetDirtyStatement,
  markDirty,
  moveHeldMark,
  newlyCredited,
  type Subject,
} from "../../db/queries/reviews/held-counters";
import {
  findBonusCandidates,
  findSweepCandidates,
  gatedSubjects,
  openFlagsAndCover,
  type NewFlag,
} from "../../db/queries/reviews/review-sweep";
import { readSettings } from "../../db/queries/settings/settings";
import {
  creatorsToJudge,
  heldAudienceCounts,
  heldEdgesOf,
  openShapeFlags,
  uncoveredOf,
  type ShapeFlag,
} from "../../db/queries/reviews/shape-sweep";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "../admin/admin-context";
import type { DbJobCall } from "../job-context";
import { earningRulesJson } from "../views/earning-rules";
import { bonusEvidenceLines, evidenceLines, shapeEvidenceLines } from "./evidence";
import { AUDIENCE_SAMPLE, GROUP_SHARE, groupCandidates, judgeShapes } from "./shape";

const RULES: EarningRuleName[] = ["shared_ip", "daily_cap", "same_day_accounts"];
/** Subjects (viewers and items) marked for a rarer fact, judged per run; the next run takes the rest. */
const DIRTY_PER_RUN = 2000;
/** Creators the shape rules judge per run; the next run takes the rest (docs/decisions/065). */
const CREATORS_PER_RUN = 100;
const DAY_MS = 86_400_000;

/**
 * The fraud sweep (docs/decisions/019, 065, 080): the shape rules judge the creators paid since the last run
 * (below); the rules over held rewards judge the viewers and items a fact changed for since they were last judged
 * (`runHeldRewardRules`); each opens (or refreshes) a flag per pattern and covers its held earnings.
 * `judgedBefore`: the shape rules judge a creator again only if not judged since (the cron: an hour ago).
 * Covered earnings stay pending until an admin reverses or clears the flag. The `bonus_risk` rule
 * (docs/decisions/031) runs the sign-on bonus risk checks again on awarded bonuses still in holding and flags each
 * one they now find something on; it stays pending the same way. Idempotent: a second run finds nothing new. Runs
 * with the earnings job (cron) and from the admin's "Run sweep".
 */
export async function runReviewSweep({
  ctx: { db },
  input,
}: DbJobCall<{ now: string; judgedBefore?: string }>): Promise<{ flagged: number; covered: number }> {
  const { now, judgedBefore = hoursBefore(now, 1) } = input;
  const rules = earningRulesJson(await readSettings(db, EARNING_RULE_DEFAULTS));
  const shapes = await runShapeRules(db, now, judgedBefore, rules.earnings_hold_days);
  const held = await judgeHeldRewards(db, now, rules.daily_earnable_views);
  return { flagged: shapes.flagged + held.flagged, covered: shapes.covered + held.covered };
}

/**
 * The rules over held rewards (shared_ip, daily_cap, same_day_accounts), incrementally (docs/decisions/080): the
 * mark moves to `now` (the rewards whose hold ended leave the counters), then the subjects a fact changed for
 * since they were last judged are judged: those of the rewards written since the last run and of the holds that
 * just ended, and those marked for a reversal, a new address on a small network or a new daily cap (at most
 * DIRTY_PER_RUN a run): first from the counters (each rule's gate, review-rules.ts), then, for those the counters
 * cannot clear, by the rule itself over their held rewards alone. A flag opens (or is refreshed) per matched
 * subject and covers its matching held earnings, and the run's marks move, in one batch. `bonus_risk` (decision 031) samples held bonuses as before. This is what
 * `npm run bench:sweep` measures (the shape rules are `npm run bench:farm`'s).
 */
export async function runHeldRewardRules({ ctx: { db }, input }: DbJobCall<{ now: string }>) {
  const rules = earningRulesJson(await readSettings(db, EARNING_RULE_DEFAULTS));
  return judgeHeldRewards(db, input.now, rules.daily_earnable_views);
}

async function judgeHeldRewards(db: Db, now: string, dailyCap: number) {
  const ended = await moveHeldMark(db, now);
  try {
    return await judgeSubjects(db, now, dailyCap, ended);
  } catch (error) {
    // The counters have let these rewards go already: their subjects are judged on a later run instead.
    await markDirty(db, ended);
    throw error;
  }
}

async function judgeSubjects(db: Db, now: string, dailyCap: number, ended: Subject[]) {
  const [dirty, credited, bonuses] = await Promise.all([
    dirtySubjects(db, DIRTY_PER_RUN),
    newlyCredited(db, now),
    findBonusCandidates(db, now),
  ]);
  const subjects = new Map<string, Subject>();
  for (const s of [...dirty, ...credited.subjects, ...ended]) subjects.set(`${s.kind}:${s.subject}`, s);
  const gated = subjects.size ? await gatedSubjects(db, [...subjects.values()]) : null;
  const found = gated
    ? await Promise.all(
        RULES.filter((rule) => gated[rule].length > 0).map(async (rule) => ({
          rule,
          subjects: gated[rule],
          candidates: await findSweepCandidates(db, rule, now, gated[rule]),
        })),
      )
    : [];
  const flags: NewFlag[] = [
    ...found.flatMap(({ rule, candidates }) =>
      candidates.map((c) => ({
        id: newId(),
        rule,
        subject: c.subject,
        userIds: c.userIds,
        evidence: evidenceLines(rule, c, dailyCap),
      })),
    ),
    ...bonuses.map((b) => ({
      id: newId(),
      rule: "bonus_risk" as const,
      subject: b.subject,
      userIds: JSON.stringify([b.userId]),
      evidence: bonusEvidenceLines(b),
    })),
  ];
  const after = [
    ...(dirty.length ? [forgetDirtyStatement(db, dirty)] : []),
    ...(credited.advance ? [credited.advance] : []),
  ];
  if (!flags.length && !after.length) return { flagged: 0, covered: 0 };
  return openFlagsAndCover(
    db,
    now,
    flags,
    found.filter((f) => f.candidates.length > 0).map(({ rule, subjects }) => ({ rule, subjects })),
    after,
  );
}

const hoursBefore = (iso: string, hours: number) => new Date(Date.parse(iso) - hours * 3600_000).toISOString();

/**
 * The shape rules (domain/reviews/shape.ts): creators paid since they were last judged, and not judged since
 * `judgedBefore` (the cron: an hour ago, so a busy creator is judged at most once an hour), judged from their
 * held audiences; a finding opens (or refreshes) the creator's flag under its rule and covers
 * the held rewards of the views it names. A finding whose views are all covered already (a cleared flag
 * included) opens nothing.
 */
async function runShapeRules(db: Db, now: string, judgedBefore: string, holdDays: number) {
  const creators = await creatorsToJudge(db, now, judgedBefore, CREATORS_PER_RUN);
  if (!creators.length) return { flagged: 0, covered: 0 };
  const heldSince = new Date(Date.parse(now) - (holdDays + 1) * DAY_MS).toISOString();
  const { totals, edges } = await heldEdgesOf(db, creators, now, heldSince, AUDIENCE_SAMPLE);
  // Enough of each candidate's audience to tell whether the judged audience is at least GROUP_SHARE of it.
  const limits = new Map(
    [...groupCandidates(totals, edges)].map(([creator, n]) => [creator, Math.floor(n / GROUP_SHARE) + 1]),
  );
  const audienceOf = await heldAudienceCounts(db, now, heldSince, limits);
  // A ring is found from each of its creators: one flag for its members.
  const taken = new Set<string>();
  const findings = judgeShapes(totals, edges, audienceOf).filter((f) => {
    const key = `${f.rule}:${f.creators.join(",")}:${f.viewers.join(",")}`;
    return !taken.has(key) && taken.add(key);
  });
  const uncovered = await uncoveredOf(db, now, findings);
  const flags: ShapeFlag[] = [];
  for (const [i, f] of findings.entries()) {
    if (uncovered[i] === 0) continue;
    // A captive audience's accounts are shown to be a farm's: their viewer side is held whoever they watched.
    const captive = f.rule === "ring" ? [] : f.viewers;
    flags.push({
      id: newId(),
      rule: f.rule,
      creator: f.creator,
      creators: f.creators,
      viewers: f.viewers,
      captive,
      evidence: shapeEvidenceLines(f),
    });
  }
  return openShapeFlags(db, now, heldSince, flags, creators);
}

/**
 * The admin's "Run sweep": the cron's job on demand, checked like every admin service. The flags it opens are
 * the record of what it did (the cron's runs write none either), so it writes no audit row (docs/decisions/041).
 */
export async function sweepReviews({ ctx }: AdminCall<null>) {
  checkAdmin(ctx);
  const now = nowIso();
  return runReviewSweep({ ctx, input: { now, judgedBefore: now } });
}
