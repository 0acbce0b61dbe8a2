import { listFollowedUploads, listFollowing, setFollow } from "../../db/queries/follows/follows";
import { badRequest, notFound } from "../../lib/errors";
import { nowIso } from "../../lib/time";
import { decodeCursor, encodeCursor } from "../content/cursor";
import type { MemberCall } from "../member-context";

// Following creators (docs/decisions/046): idempotent both ways; nobody follows themselves; an unknown
// creator, or a suspended one (hidden, docs/decisions/027), is a 404 as everywhere else.

export async function followCreator({ ctx, input }: MemberCall<{ creatorId: string }>) {
  if (input.creatorId === ctx.actor.id) throw badRequest("You cannot follow yourself", "follow_self");
  const state = await setFollow(ctx.db, { followerId: ctx.actor.id, creatorId: input.creatorId, now: nowIso() }, true);
  if (!state.followable) throw notFound("Creator not found");
  return { following: Boolean(state.following), followers: state.followers };
}

export async function unfollowCreator({ ctx, input }: MemberCall<{ creatorId: string }>) {
  const state = await setFollow(ctx.db, { followerId: ctx.actor.id, creatorId: input.creatorId, now: nowIso() }, false);
  if (!state.found) throw notFound("Creator not found");
  return { following: false, followers: state.followers };
}

const page = <T>(rows: T[], limit: number, keyOf: (row: T) => { key: string; id: string }) => ({
  items: rows.slice(0, limit),
  nextCursor: rows.length > limit ? encodeCursor(keyOf(rows[limit - 1]!)) : null,
});

function keyset(cursor: string | undefined) {
  const after = decodeCursor(cursor);
  if (after && typeof after.key !== "string") throw badRequest("cursor: invalid pagination cursor");
  return after as { key: string; id: string } | null;
}

/** Whom the caller follows, most recent first, a keyset page. */
export async function followingOf({ ctx, input }: MemberCall<{ cursor?: string; limit: number }>) {
  const rows = await listFollowing(ctx.db, ctx.actor.id, keyset(input.cursor), input.limit);
  return page(rows, input.limit, (r) => ({ key: r.followedAt, id: r.id }));
}

/** The newest uploads of the creators the caller follows, a keyset page (Home's "From creators you follow"). */
export async function followedUploadsOf({ ctx, input }: MemberCall<{ cursor?: string; limit: number }>) {
  const rows = await listFollowedUploads(ctx.db, ctx.actor.id, keyset(input.cursor), input.limit);
  return page(rows, input.limit, (r) => ({ key: r.createdAt, id: r.id }));
}
