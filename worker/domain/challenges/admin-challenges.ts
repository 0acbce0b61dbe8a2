import type { z } from "zod";
import type { challengeChangeBody, challengeCreateBody } from "../../../common/schemas/admin-challenges";
import { insertChallenge, updateChallenge } from "../../db/queries/challenges/challenge-writes";
import { challengeTotals, listChallenges as challengeRows, signOnAwards } from "../../db/queries/challenges/challenges";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { microsFromUsd } from "../../lib/money";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "../admin/admin-context";

// An admin lists, creates and changes sign-on challenges (docs/product-spec.md §2 "Sign-On Challenges"). Each is one
// batch with its audit row (db/queries/challenges/challenge-writes.ts); a change names only the fields it sets, and the
// database keeps the others as they are at that moment, so nothing is read first (docs/decisions/041).

/** Sign-on bonuses the challenges tab lists at most, newest first. */
const AWARDS_LISTED = 200;

/** Every challenge, oldest first; the newest sign-on bonuses with their members' emails; and the totals. */
export async function listChallenges({ ctx }: AdminCall<Record<string, never>>) {
  checkAdmin(ctx);
  const [challenges, awards, totals] = await Promise.all([
    challengeRows(ctx.db),
    signOnAwards(ctx.db, AWARDS_LISTED),
    challengeTotals(ctx.db),
  ]);
  return { challenges, awards, totals };
}

export type NewChallenge = z.output<typeof challengeCreateBody>;
export type ChallengeChange = z.output<typeof challengeChangeBody> & { id: string };

/** The schema allows whole cents only; microsFromUsd refuses anything it could not store exactly. */
function bonusMicros(usd: number) {
  const micros = microsFromUsd(usd);
  if (micros === null) throw badRequest("bonus_amount must have at most 2 decimals");
  return micros;
}

export async function createChallenge({ ctx, input }: AdminCall<NewChallenge>) {
  checkAdmin(ctx);
  return insertChallenge(ctx.db, {
    id: newId(),
    name: input.name,
    description: input.description,
    requirementType: input.requirement_type,
    requirementValue: input.requirement_value,
    bonusMicros: bonusMicros(input.bonus_amount),
    timeLimitHours: input.time_limit_hours,
    isActive: input.is_active,
    now: nowIso(),
    auditId: newId(),
    actorId: ctx.actor.id,
  });
}

export async function changeChallenge({ ctx, input }: AdminCall<ChallengeChange>) {
  checkAdmin(ctx);
  const { row } = await updateChallenge(ctx.db, input.id, {
    name: input.name,
    description: input.description,
    requirementType: input.requirement_type,
    requirementValue: input.requirement_value,
    bonusMicros: input.bonus_amount === undefined ? undefined : bonusMicros(input.bonus_amount),
    timeLimitHours: input.time_limit_hours,
    isActive: input.is_active,
    now: nowIso(),
    auditId: newId(),
    actorId: ctx.actor.id,
  });
  if (!row) throw notFound("Challenge not found");
  return row;
}
