import { Hono } from "hono";
import { commentCreateBody, commentOut, commentPageOut, commentPageQuery } from "../../common/schemas/comments";
import type { AppEnv, SignedInEnv } from "../app-env";
import { createComment } from "../domain/comments/change-comments";
import { listComments } from "../domain/comments/read-comments";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { commentLimit } from "../middleware/rate-limit";
import { responds } from "../openapi/responds";
import { commentJson, commentPageJson } from "./serializers/comments";

// Comments under items (docs/decisions/093). Reading is public to whoever may open the item; posting is a write of
// a member in good standing, counted against the per-member comment limit.

const ON_ITEM = `/content/:id${ID_PATTERN}/comments`;
const LIMITED =
  "429 past the caller's comment limit (5 a minute and 60 an hour; 2 and 20 for accounts younger than 7 days).";

export const commentPublicRoutes = new Hono<AppEnv>().get(
  ON_ITEM,
  responds("List an item's comments", {
    200: {
      description:
        "A page of top comments (newest, or top: most replies then newest), each with its first replies, the pinned one first on the first page; with `parent_id`, a page of that comment's replies, oldest first. Comments of suspended members are left out (but for their own). 400 for an unknown sort or a bad cursor; 404 for an item the caller may not open.",
      schema: commentPageOut,
    },
  }),
  validate("query", commentPageQuery),
  async (c) => {
    const { sort, cursor, parent_id } = c.req.valid("query");
    const actor = c.get("user");
    const page = await listComments({
      ctx: { db: c.get("db"), actor },
      input: { contentId: c.req.param("id"), sort, cursor, parentId: parent_id },
    });
    return c.json(commentPageJson(page, actor?.id ?? null), 200);
  },
);

/** Written by a member in good standing: a suspended member posts nothing (docs/decisions/027). */
export const commentActiveRoutes = new Hono<SignedInEnv>().post(
  ON_ITEM,
  responds("Post a comment", {
    201: {
      description: `The new comment, or with \`parent_id\` the new reply (a reply to a reply belongs to its top comment). 400 for empty text or more than 2,000 characters; 404 for an item anyone may not open or a parent comment not on it. ${LIMITED}`,
      schema: commentOut,
    },
  }),
  validate("json", commentCreateBody),
  commentLimit,
  async (c) => {
    const actor = c.get("user");
    const { text, parent_id } = c.req.valid("json");
    const { comment } = await createComment({
      ctx: { db: c.get("db"), actor },
      input: { contentId: c.req.param("id"), text, parentId: parent_id },
    });
    return c.json(commentJson(comment, actor.id), 201);
  },
);
