import { Hono, type Context } from "hono";
import {
  commentModerationBody,
  commentModerationOut,
  contentModerationBody,
  contentModerationOut,
  moderationQueueOut,
  moderationQueueQuery,
  moderationUserOut,
  userModerationBody,
  userModerationOut,
  type ContentModerationResponse,
  type UserModerationResponse,
} from "../../../common/schemas/moderation";
import { creatorProfileOut, type CreatorProfileJson } from "../../../common/schemas/users";
import type { AppEnv } from "../../app-env";
import { clearProfile } from "../../domain/members/profile";
import { COMMENT_ACTION_SERVICES } from "../../domain/moderation/moderate-comment";
import { CONTENT_ACTION_SERVICES } from "../../domain/moderation/moderate-content";
import { USER_ACTION_SERVICES, type MemberModerationContext } from "../../domain/moderation/moderate-user";
import { getMemberModeration, listModerationQueue } from "../../domain/moderation/moderation-queue";
import { ID_PATTERN } from "../../lib/ids";
import { usd } from "../../lib/money";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import {
  moderatedCommentJson,
  moderatedItemJson,
  moderatedUserJson,
  moderationQueueJson,
  moderationUserJson,
} from "../serializers/moderation";
import { forgetImages, forgetThumbnails, profileImagePath } from "../thumbnail-cache";
import { publishAfter } from "../thumbnail-publication";
import { adminContext } from "./admin-context";

/** Also used by appeals, whose reversal is a restore or a reinstatement (docs/decisions/092). */
export const moderationContext = (c: Context<AppEnv>): MemberModerationContext => ({
  ...adminContext(c),
  adminEmails: c.get("settings").adminEmails,
});

/** Admin: reports, takedowns and suspensions (docs/decisions/027). */
export const adminModerationRoutes = new Hono<AppEnv>()
  .get(
    "/moderation",
    responds("List reported or removed items and comments", {
      200: {
        description:
          "Items and comments with open reports (status=open, the default) or taken down (status=removed), each grouped by item or comment, newest report first.",
        schema: moderationQueueOut,
      },
    }),
    validate("query", moderationQueueQuery),
    async (c) => {
      const rows = await listModerationQueue({ ctx: adminContext(c), input: c.req.valid("query") });
      return c.json(moderationQueueJson(rows), 200);
    },
  )
  .post(
    `/moderation/content/:id${ID_PATTERN}`,
    responds(
      "Dismiss the reports of an item, take it down or restore it",
      {
        200: {
          description:
            "The item after the action (audited), and the held rewards of its views a takedown reversed, in USD.",
          schema: contentModerationOut,
        },
      },
      "A takedown's note is shown to the creator (docs/decisions/027).",
    ),
    validate("json", contentModerationBody),
    async (c) => {
      const { action, note } = c.req.valid("json");
      const { item, reversedMicros, retiredThumbnails, publication } = await CONTENT_ACTION_SERVICES[action]({
        ctx: moderationContext(c),
        input: { contentId: c.req.param("id"), note },
      });
      forgetThumbnails(c, retiredThumbnails);
      await publishAfter(c, publication);
      return c.json(
        { item: moderatedItemJson(item), reversed_usd: usd(reversedMicros) } satisfies ContentModerationResponse,
        200,
      );
    },
  )
  .post(
    `/moderation/comments/:id${ID_PATTERN}`,
    responds(
      "Dismiss the reports of a comment, take it down or restore it",
      {
        200: { description: "The comment after the action (audited, entity `comment`).", schema: commentModerationOut },
      },
      "A taken-down comment is hidden from everyone but its author, who sees the note and may appeal; no money moves (docs/decisions/095). 404 unknown; 409 no_open_reports, already_removed (also for a deleted comment) or not_removed.",
    ),
    validate("json", commentModerationBody),
    async (c) => {
      const { action, note } = c.req.valid("json");
      const { comment } = await COMMENT_ACTION_SERVICES[action]({
        ctx: moderationContext(c),
        input: { commentId: c.req.param("id"), note },
      });
      return c.json({ comment: moderatedCommentJson(comment) }, 200);
    },
  )
  .get(
    `/moderation/users/:id${ID_PATTERN}`,
    responds("Show a member's standing with the moderators", {
      200: {
        description: "The member, the reports they got and made, and the moderation actions on them and their items.",
        schema: moderationUserOut,
      },
    }),
    async (c) => {
      const found = await getMemberModeration({ ctx: adminContext(c), input: { userId: c.req.param("id") } });
      return c.json(moderationUserJson(found, c.get("settings").adminEmails), 200);
    },
  )
  .delete(
    `/moderation/users/:id${ID_PATTERN}/profile`,
    responds(
      "Clear a member's profile",
      {
        200: { description: "The profile as it now is: empty (audited, entity `profile`).", schema: creatorProfileOut },
      },
      "Removes bio, links, avatar and banner, for an abusive profile whose member need not be suspended (docs/decisions/091).",
    ),
    async (c) => {
      const { retired } = await clearProfile({
        ctx: { ...adminContext(c), bucket: c.env.MEDIA },
        input: { userId: c.req.param("id") },
      });
      forgetImages(
        c,
        retired.map((r) => profileImagePath(r.userId, r.slot, r.version)),
      );
      return c.json({ bio: null, links: [], avatar_url: null, banner_url: null } satisfies CreatorProfileJson, 200);
    },
  )
  .post(
    `/moderation/users/:id${ID_PATTERN}`,
    responds(
      "Suspend or unsuspend a member",
      {
        200: {
          description:
            "The member after the action (audited), and the held rewards of their views a suspension reversed, in USD.",
          schema: userModerationOut,
        },
      },
      "Administrators cannot be suspended (docs/decisions/027).",
    ),
    validate("json", userModerationBody),
    async (c) => {
      const { action, note } = c.req.valid("json");
      const { member, reversedMicros, retiredThumbnails, publication } = await USER_ACTION_SERVICES[action]({
        ctx: moderationContext(c),
        input: { userId: c.req.param("id"), note },
      });
      forgetThumbnails(c, retiredThumbnails);
      await publishAfter(c, publication);
      return c.json(
        {
          user: moderatedUserJson(member, c.get("settings").adminEmails),
          reversed_usd: usd(reversedMicros),
        } satisfies UserModerationResponse,
        200,
      );
    },
  );
