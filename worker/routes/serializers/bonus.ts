import type { BonusAwardJson, BonusRiskReason } from "../../../common/schemas/challenges";
import type { BonusRow } from "../../db/queries/rows";
import { usd } from "../../lib/money";
import type { listManualBonuses } from "../../domain/admin/admin-lists";

/** One bonus record as the admin screens show it (manual bonuses and the sign-on history alike). */
export const bonusAwardJson = (b: BonusRow, email: string): BonusAwardJson => ({
  id: b.id,
  user_id: b.userId,
  user_email: email,
  challenge_ids: b.challengeIds,
  total_bonus_amount: usd(b.totalMicros),
  status: b.status,
  awarded_at: b.awardedAt,
  created_at: b.createdAt,
  description: b.description,
  review_reasons: (b.reviewReasons ?? "").split(",").filter(Boolean) as BonusRiskReason[],
  review_note: b.reviewNote,
  reviewed_at: b.reviewedAt,
});

export const bonusAwardsJson = (rows: Awaited<ReturnType<typeof listManualBonuses>>): BonusAwardJson[] =>
  rows.map((r) => bonusAwardJson(r.bonus, r.email));
