import { countByType } from "../../db/queries/content/content";
import { followStateOf } from "../../db/queries/follows/follows";
import { findUserById } from "../../db/queries/members/users";
import { notFound } from "../../lib/errors";
import type { ReaderCall } from "../member-context";
import { showsProfile } from "./profile";

/**
 * A creator's page, for anyone (docs/decisions/070): the member, their visible items per type with those items'
 * views, their follower count, whether the caller (if signed in) follows them, and whether the caller sees their
 * profile (docs/decisions/091). An unknown id is a 404.
 */
export async function getCreatorPage({ ctx, input }: ReaderCall<{ id: string }>) {
  const [user, counts, follow] = await Promise.all([
    findUserById(ctx.db, input.id),
    countByType(ctx.db, input.id),
    followStateOf(ctx.db, input.id, ctx.actor?.id ?? null),
  ]);
  if (!user) throw notFound("Creator not found");
  return { user, counts, follow, showsProfile: showsProfile(user, ctx.actor) };
}
