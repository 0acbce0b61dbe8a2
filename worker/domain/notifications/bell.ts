import { isId } from "../../../common/ids";
import { UPLOAD_NOTICE_DAYS, type NotificationGroup } from "../../../common/notifications";
import { markRead, readBell, setMuted } from "../../db/queries/notifications/notifications";
import { badRequest } from "../../lib/errors";
import { addMs, nowIso } from "../../lib/time";
import type { MemberCall } from "../member-context";

const DAY_MS = 86_400_000;

/** The oldest upload of a followed creator the bell tells at `now` (the feed's unread marks use the same window). */
export const uploadsToldSince = (now: string) => addMs(now, -UPLOAD_NOTICE_DAYS * DAY_MS);

/** The bell: unread count and newest items, own rows merged with followed creators' uploads (docs/decisions/046). */
export async function bellOf({ ctx }: MemberCall<{ now?: string }>) {
  const now = nowIso();
  return readBell(ctx.db, ctx.actor.id, now, uploadsToldSince(now));
}

/** Marks the caller's own notifications read: the listed ids or all of them. */
export async function markNotificationsRead({ ctx, input }: MemberCall<{ ids?: string[]; all?: true }>) {
  const now = nowIso();
  if (input.all) {
    await markRead(ctx.db, ctx.actor.id, now, { all: true });
    return;
  }
  const rowIds: number[] = [];
  const contentIds: string[] = [];
  for (const id of input.ids ?? []) {
    if (/^[1-9][0-9]{0,15}$/.test(id)) rowIds.push(Number(id));
    else if (id.startsWith("u-") && isId(id.slice(2))) contentIds.push(id.slice(2));
    else throw badRequest(`ids: not a notification id: ${id.slice(0, 40)}`);
  }
  await markRead(ctx.db, ctx.actor.id, now, { rowIds, contentIds });
}

/** Turns notification groups off (and the others on again). */
export async function changeNotificationSettings({ ctx, input }: MemberCall<{ muted: NotificationGroup[] }>) {
  const muted = [...new Set(input.muted)];
  await setMuted(ctx.db, ctx.actor.id, muted);
  return { muted };
}
