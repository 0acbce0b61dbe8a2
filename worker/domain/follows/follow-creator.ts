import { listFollowedUploads, listFollowing, setFollow } from "../../db/queries/follows/follows";
import { markUploadsReadThrough } from "../../db/queries/notifications/notifications";
import { badRequest, notFound } from "../../lib/errors";
import { nowIso } from "../../lib/time";
import { decodeCursor, encodeCursor } from "../content/cursor";
import type { MemberCall } from "../member-context";
import { uploadsToldSince } from "../notifications/bell";

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

/**
 * The following feed (/following and Home's "From creators you follow"): the newest uploads of the creators the
 * caller follows, a keyset page on when each became public, each marked unread by the bell's rule (decision 101).
 */
export async function followedUploadsOf({ ctx, input }: MemberCall<{ cursor?: string; limit: number }>) {
  const now = nowIso();
  const rows = await listFollowedUploads(ctx.db, {
    userId: ctx.actor.id,
    now,
    uploadsSince: uploadsToldSince(now),
    after: keyset(input.cursor),
    limit: input.limit,
  });
  return page(rows, input.limit, (r) => ({ key: r.publishedAt!, id: r.id }));
}

/**
 * Opening the feed reads what it showed: the uploads read mark moves up to the newest item shown, as the bell's
 * "Mark all read" moves it to now, so the bell's count and the feed's marks drop together (decision 101).
 */
export async function readFollowedUploads({ ctx, input }: MemberCall<{ newestId: string }>) {
  await markUploadsReadThrough(ctx.db, ctx.actor.id, nowIso(), input.newestId);
}
