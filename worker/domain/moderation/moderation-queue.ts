import { memberModeration } from "../../db/queries/moderation/moderation-members";
import { moderationQueue } from "../../db/queries/moderation/moderation-items";
import { notFound } from "../../lib/errors";
import { checkAdmin, type AdminCall } from "../admin/admin-context";

// What the moderators read (docs/decisions/027), as services like their actions: each checks the caller first.

/** Items with open reports, or taken down, newest report first. */
export async function listModerationQueue({ ctx, input }: AdminCall<{ status: "open" | "removed" }>) {
  checkAdmin(ctx);
  return moderationQueue(ctx.db, input.status);
}

/** A member's standing: the reports they got and made, and the moderation actions on them and their items. */
export async function getMemberModeration({ ctx, input }: AdminCall<{ userId: string }>) {
  checkAdmin(ctx);
  const found = await memberModeration(ctx.db, input.userId);
  const { member } = found;
  if (!member) throw notFound("User not found");
  return { ...found, member };
}
