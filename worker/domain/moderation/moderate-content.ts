import type { ContentModerationAction } from "../../../common/moderation";
import { moderateContentBatch, type GrantedAppeal } from "../../db/queries/moderation/moderation-writes";
import { conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall, type AdminContext } from "../admin/admin-context";
import type { Publication } from "../content/publication";
import { retiredThumbnail } from "../content/thumbnail-version";

// An admin's action on a reported (or any) item (docs/decisions/027). Each is one conditional batch with its
// audit row (db/queries/moderation/moderation-writes.ts): nothing is read first, and "did not apply" comes back from
// the same batch as a 409, "no such item" as a 404.

/** `now` is the clock holds are judged by; tests move it. */
export type ModerationContext = AdminContext & { now?: string };
/** `appeal`: a restore that grants the creator's open appeal of the takedown (docs/decisions/092). */
export type ContentActionInput = { contentId: string; note: string; appeal?: GrantedAppeal };

const REFUSALS: Record<ContentModerationAction, { message: string; code: string }> = {
  dismiss: { message: "This item has no open reports to dismiss", code: "no_open_reports" },
  takedown: { message: "This item is already taken down", code: "already_removed" },
  restore: { message: "This item is not taken down", code: "not_removed" },
};

async function act(
  action: ContentModerationAction,
  { ctx, input }: AdminCall<ContentActionInput> & { ctx: ModerationContext },
) {
  checkAdmin(ctx);
  const item = await moderateContentBatch(ctx.db, action, {
    targetId: input.contentId,
    actorId: ctx.actor.id,
    now: ctx.now ?? nowIso(),
    note: input.note,
    auditId: newId(),
    appeal: input.appeal ?? null,
  });
  if (!item) throw notFound("Content not found");
  if (!item.done) throw conflict(REFUSALS[action].message, REFUSALS[action].code);
  const { done: _done, reversedMicros, givenBackMicros, thumbnailKey, updatedAt, ...row } = item;
  // A takedown retires the item's public thumbnail address: the route drops its cached copy (docs/decisions/074).
  const retiredThumbnails =
    action === "takedown" ? retiredThumbnail({ id: row.contentId, thumbnailKey, updatedAt }) : [];
  // Its public copy goes with a takedown and comes back with a restore (docs/decisions/083).
  const publication: Publication =
    action === "takedown"
      ? { hide: { id: row.contentId } }
      : action === "restore" && thumbnailKey
        ? { publish: [{ id: row.contentId, thumbnailKey }] }
        : null;
  return {
    item: row,
    reversedMicros: Number(reversedMicros),
    givenBackMicros: Number(givenBackMicros),
    retiredThumbnails,
    publication,
  };
}

type Call = AdminCall<ContentActionInput> & { ctx: ModerationContext };

/** Open reports → dismissed; the item stays as it is. */
const dismissReports = (call: Call) => act("dismiss", call);
/** Hidden with the note shown to its creator; open reports → actioned; held rewards of its views reversed. */
export const takeDownContent = (call: Call) => act("takedown", call);
/** Visible again; what the takedown reversed stays reversed, unless this grants an appeal (docs/decisions/096). */
export const restoreContent = (call: Call) => act("restore", call);

export const CONTENT_ACTION_SERVICES: Record<ContentModerationAction, (call: Call) => ReturnType<typeof act>> = {
  dismiss: dismissReports,
  takedown: takeDownContent,
  restore: restoreContent,
};
