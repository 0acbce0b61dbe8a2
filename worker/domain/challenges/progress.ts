import { awardedSignOnBonus, progressOf } from "../../db/queries/challenges/challenges";
import type { MemberCall } from "../member-context";

/**
 * The caller's sign-on challenge progress (docs/product-spec.md §3 "Challenge progress"): each challenge of their
 * set with its progress, and the bonus once the earnings job awarded it.
 */
export async function getChallengeProgress({ ctx }: MemberCall<Record<string, never>>) {
  const [progress, bonus] = await Promise.all([
    progressOf(ctx.db, ctx.actor.id),
    awardedSignOnBonus(ctx.db, ctx.actor.id),
  ]);
  return { progress, bonus };
}
