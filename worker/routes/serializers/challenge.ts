import type { AdminChallengesResponse } from "../../../common/schemas/admin-challenges";
import type { ChallengeJson, ChallengeProgressResponse } from "../../../common/schemas/challenges";
import type { ChallengeRow } from "../../db/queries/rows";
import type { listChallenges } from "../../domain/challenges/admin-challenges";
import type { getChallengeProgress } from "../../domain/challenges/progress";
import { usd } from "../../lib/money";
import { bonusAwardJson } from "./bonus";

const HOUR_MS = 3600 * 1000;

export const challengeJson = (r: ChallengeRow): ChallengeJson => ({
  id: r.id,
  name: r.name,
  description: r.description,
  requirement_type: r.requirementType,
  requirement_value: r.requirementValue,
  bonus_amount: usd(r.bonusMicros),
  time_limit_hours: r.timeLimitHours,
  is_active: r.isActive,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

/** The admin's challenges tab: the list, the sign-on bonus history and its totals. */
export function adminChallengesJson({
  challenges,
  awards,
  totals,
}: Awaited<ReturnType<typeof listChallenges>>): AdminChallengesResponse {
  return {
    challenges: challenges.map(challengeJson),
    awards: awards.map(({ bonus, email }) => bonusAwardJson(bonus, email)),
    summary: {
      totalBonusesPaid: usd(totals.paid),
      usersCompleted: Number(totals.completed),
      usersEnrolled: Number(totals.enrolled),
      successRate: totals.enrolled ? Math.round((Number(totals.completed) / Number(totals.enrolled)) * 1000) / 10 : 0,
    },
  };
}

/** The caller's sign-on challenge progress (docs/product-spec.md §3 "Challenge progress"). */
export function challengeProgressJson(
  { progress: rows, bonus }: Awaited<ReturnType<typeof getChallengeProgress>>,
  nowMs: number,
): ChallengeProgressResponse {
  const latestDeadline = Math.max(0, ...rows.map((r) => Date.parse(r.progress.deadlineAt)));
  return {
    // Hours, to two decimals; 0 or less hides the panel.
    timeRemaining: rows.length ? Math.round(((latestDeadline - nowMs) / HOUR_MS) * 100) / 100 : 0,
    progress: rows.map((r) => ({
      id: r.progress.challengeId,
      is_completed: r.progress.completedAt !== null,
      progress_value: r.progress.progressValue,
      challenge: {
        name: r.name,
        description: r.description,
        bonus_amount: usd(r.progress.bonusMicros),
        requirement_type: r.progress.requirementType,
        requirement_value: r.progress.requirementValue,
      },
    })),
    bonus: bonus ? { total_bonus_amount: usd(bonus.totalMicros) } : null,
  };
}
