import { Hono } from "hono";
import { followStateOut, type FollowStateJson } from "../../common/schemas/follows";
import type { SignedInEnv } from "../app-env";
import { followCreator, unfollowCreator } from "../domain/follows/follow-creator";
import { ID_PATTERN } from "../lib/ids";
import { followLimit } from "../middleware/rate-limit";
import { responds } from "../openapi/responds";

// Follow and unfollow a creator (docs/decisions/046). Following is a write of a member in good standing;
// unfollowing is open to every signed-in member (a suspended member may still tidy whom they follow). Both
// count against one per-member limit (docs/decisions/064): 429 beyond it, with the same error shape as every limit.
const FOLLOW = `/creators/:id${ID_PATTERN}/follow`;
const STATE = {
  description:
    "Whether the caller follows the creator now, and the creator's follower count. 404 for an unknown or suspended creator; 429 past the caller's follow limit (30 follows and unfollows a minute, 300 an hour).",
  schema: followStateOut,
};

export const followActiveRoutes = new Hono<SignedInEnv>().put(
  FOLLOW,
  responds("Follow a creator", {
    200: {
      ...STATE,
      description: `${STATE.description} Following again changes nothing; 400 (code follow_self) for oneself.`,
    },
  }),
  followLimit,
  async (c) => {
    const state = await followCreator({
      ctx: { db: c.get("db"), actor: c.get("user") },
      input: { creatorId: c.req.param("id") },
    });
    return c.json(state satisfies FollowStateJson, 200);
  },
);

export const followSignedInRoutes = new Hono<SignedInEnv>().delete(
  FOLLOW,
  responds("Unfollow a creator", {
    200: { ...STATE, description: `${STATE.description} Unfollowing when not following changes nothing.` },
  }),
  followLimit,
  async (c) => {
    const state = await unfollowCreator({
      ctx: { db: c.get("db"), actor: c.get("user") },
      input: { creatorId: c.req.param("id") },
    });
    return c.json(state satisfies FollowStateJson, 200);
  },
);
