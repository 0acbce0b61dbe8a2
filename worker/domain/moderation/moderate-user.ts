import type { UserModerationAction } from "../../../common/moderation";
import { moderateUserBatch, type GrantedAppeal } from "../../db/queries/moderation/moderation-writes";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "../admin/admin-context";
import type { Publication } from "../content/publication";
import { retiredThumbnail, type RetiredThumbnail } from "../content/thumbnail-version";
import type { ModerationContext } from "./moderate-content";

// An admin suspends or reinstates a member (docs/decisions/027), as one conditional batch with its audit row.

/** The administrators (ADMIN_EMAILS): they cannot be suspended, by anyone, themselves included. */
export type MemberModerationContext = ModerationContext & { adminEmails: ReadonlySet<string> };
/** `appeal`: a reinstatement that grants the member's open appeal of the suspension (docs/decisions/092). */
type MemberActionInput = { userId: string; note: string; appeal?: GrantedAppeal };
type Call = AdminCall<MemberActionInput> & { ctx: MemberModerationContext };

const REFUSALS: Record<UserModerationAction, { message: string; code: string }> = {
  suspend: { message: "This member is already suspended", code: "already_suspended" },
  unsuspend: { message: "This member is not suspended", code: "not_suspended" },
};

async function act(action: UserModerationAction, { ctx, input }: Call) {
  checkAdmin(ctx);
  const member = await moderateUserBatch(ctx.db, action, {
    targetId: input.userId,
    actorId: ctx.actor.id,
    now: ctx.now ?? nowIso(),
    note: input.note,
    auditId: newId(),
    adminEmails: [...ctx.adminEmails],
    appeal: input.appeal ?? null,
  });
  if (!member) throw notFound("User not found");
  if (!member.done) {
    if (action === "suspend" && member.isAdmin) throw forbidden("Administrators cannot be suspended", "admin_account");
    throw conflict(REFUSALS[action].message, REFUSALS[action].code);
  }
  const { done: _done, reversedMicros, givenBackMicros, isAdmin: _isAdmin, thumbnails, ...row } = member;
  // A suspension hides every item of the member: their public thumbnail addresses are retired, and the route
  // drops the cached copies of the newest of them (docs/decisions/074).
  const retiredThumbnails: RetiredThumbnail[] =
    action === "suspend"
      ? (JSON.parse(thumbnails) as { id: string; thumbnailKey: string; updatedAt: string }[]).flatMap(retiredThumbnail)
      : [];
  // Their public copies go with a suspension and come back with a reinstatement (docs/decisions/083).
  const publication: Publication = action === "suspend" ? { hide: { creator: row.id } } : { republishCreator: row.id };
  return {
    member: row,
    reversedMicros: Number(reversedMicros),
    givenBackMicros: Number(givenBackMicros),
    retiredThumbnails,
    publication,
  };
}

/**
 * Hides every item of the member, refuses their writes and their earning, and reverses the held rewards of
 * every view they were paid for, as viewer or as creator, both sides. Never an administrator.
 */
export const suspendUser = (call: Call) => act("suspend", call);
/** Lifts the suspension; what it reversed stays reversed, unless this grants an appeal (docs/decisions/096). */
export const unsuspendUser = (call: Call) => act("unsuspend", call);

export const USER_ACTION_SERVICES: Record<UserModerationAction, (call: Call) => ReturnType<typeof act>> = {
  suspend: suspendUser,
  unsuspend: unsuspendUser,
};
