import { memberModeration } from "../../db/queries/moderation/moderation-members";
import { moderationQueue } from "../../db/queries/moderation/moderation-items";
import { commentModerationQueue } from "../../db/queries/moderation/comment-moderation";
import { notFound } from "../../lib/errors";
import { checkAdmin, type AdminCall } from "../admin/admin-context";

// What the moderators read (docs/decisions/027), as services like their actions: each checks the caller first.

/** Items and comments with open reports, or taken down, newest report first. */
export async function listModerationQueue({ ctx, input }: AdminCall<{ status: "open" | "removed" }>) {
  checkAdmin(ctx);
  const [items, comments] = await Promise.all([
    moderationQueue(ctx.db, input.status),
    commentModerationQueue(ctx.db, input.status),
  ]);
  return { items, comments };
}

/** A member's standing: the reports they got and made, and the moderation actions on them and their items. */
export async function getMemberModeration({ ctx, input }: AdminCall<{ userId: string }>) {
  checkAdmin(ctx);
  const found = await memberModeration(ctx.db, input.userId);
  const { member } = found;
  if (!member) throw notFound("User not found");
  return { ...found, member };
}
