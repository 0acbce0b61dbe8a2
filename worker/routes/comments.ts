import { type Context, Hono } from "hono";
import {
  commentCreateBody,
  commentEditBody,
  commentOut,
  commentPageOut,
  commentPageQuery,
} from "../../common/schemas/comments";
import { commentReportBody, commentReportOut } from "../../common/schemas/moderation";
import { okOut, type OkResponse } from "../../common/schemas/ok";
import type { AppEnv, SignedInEnv } from "../app-env";
import { createComment, deleteComment, editComment, pinComment } from "../domain/comments/change-comments";
import { listComments } from "../domain/comments/read-comments";
import { reportComment } from "../domain/moderation/report-comment";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { commentLimit, reportLimit } from "../middleware/rate-limit";
import { responds } from "../openapi/responds";
import { commentJson, commentPageJson } from "./serializers/comments";
import { commentReportJson } from "./serializers/moderation";

// Comments under items (docs/decisions/093). Reading is public to whoever may open the item; posting is a write of
// a member in good standing, counted against the per-member comment limit.

const ON_ITEM = `/content/:id${ID_PATTERN}/comments`;
const ONE = `/comments/:id${ID_PATTERN}`;
const UNSEEN = "404 for an unknown or deleted comment, or one on an item the caller may not open.";

const memberOf = (c: Context<SignedInEnv>) => ({ db: c.get("db"), actor: c.get("user") });
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
    return c.json(commentPageJson(page, actor?.id ?? null, actor?.isAdmin ?? false), 200);
  },
);

/** Deleting one's own comment is open to every signed-in member: a suspended member may still tidy up. */
export const commentSignedInRoutes = new Hono<SignedInEnv>().delete(
  ONE,
  responds("Delete a comment", {
    200: {
      description: `The comment is removed: by its author, or by the item's creator. A top comment with replies then shows as removed; any other is no longer listed. 403 (code not_author) for anyone else. ${UNSEEN}`,
      schema: okOut,
    },
  }),
  async (c) => {
    await deleteComment({ ctx: memberOf(c), input: { id: c.req.param("id") } });
    return c.json({ ok: true } satisfies OkResponse, 200);
  },
);

/** Written by a member in good standing: a suspended member posts nothing (docs/decisions/027). */
export const commentActiveRoutes = new Hono<SignedInEnv>()
  .post(
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
  )
  .patch(
    ONE,
    responds("Edit a comment", {
      200: {
        description: `The comment with its new text, marked edited (\`edited_at\`). Only its author (403, code not_author). 400 for empty text or more than 2,000 characters. ${UNSEEN}`,
        schema: commentOut,
      },
    }),
    validate("json", commentEditBody),
    async (c) => {
      const comment = await editComment({ ctx: memberOf(c), input: { id: c.req.param("id"), ...c.req.valid("json") } });
      return c.json(commentJson(comment, c.get("user").id), 200);
    },
  )
  .put(
    `${ONE}/pin`,
    responds("Pin a comment", {
      200: {
        description: `The comment, pinned: it shows first, and any other pinned comment on the item is unpinned. Only the item's creator (403, code not_creator); 400 (code pin_reply) for a reply. ${UNSEEN}`,
        schema: commentOut,
      },
    }),
    async (c) => {
      const comment = await pinComment({ ctx: memberOf(c), input: { id: c.req.param("id"), pinned: true } });
      return c.json(commentJson(comment, c.get("user").id), 200);
    },
  )
  .delete(
    `${ONE}/pin`,
    responds("Unpin a comment", {
      200: {
        description: `The comment, no longer pinned (also when it was not). Only the item's creator (403, code not_creator). ${UNSEEN}`,
        schema: commentOut,
      },
    }),
    async (c) => {
      const comment = await pinComment({ ctx: memberOf(c), input: { id: c.req.param("id"), pinned: false } });
      return c.json(commentJson(comment, c.get("user").id), 200);
    },
  )
  .post(
    `${ONE}/report`,
    responds(
      "Report a comment",
      {
        201: { description: "The caller's new report of the comment.", schema: commentReportOut },
        200: {
          description: "The caller's open report of the comment, updated with this reason and details.",
          schema: commentReportOut,
        },
      },
      `One open report per member and comment (docs/decisions/095). 403 (code own_comment) for one's own comment; ${UNSEEN} Also 404 for a comment taken down or by a suspended member. Counted with item reports: 429 beyond 20 reports an hour (well-formed reports only).`,
    ),
    validate("json", commentReportBody),
    reportLimit,
    async (c) => {
      const { report, created } = await reportComment({
        ctx: { db: c.get("db"), actor: c.get("user") },
        input: { commentId: c.req.param("id"), ...c.req.valid("json") },
      });
      return c.json(commentReportJson(report), created ? 201 : 200);
    },
  );
