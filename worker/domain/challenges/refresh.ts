import type { Db } from "../../db/client";
import { refreshChallengeProgress } from "../../db/queries/challenges/challenge-progress";
import { newId } from "../../lib/ids";

/** Brings the given users' challenges up to date in one batch (after a view qualifies or an upload). */
export async function refreshChallenges(db: Db, userIds: string[], now: string) {
  const unique = [...new Set(userIds)];
  await refreshChallengeProgress(
    db,
    unique.map((userId) => ({ userId, bonusId: newId() })),
    now,
  );
}
