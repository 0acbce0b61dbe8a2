import { NOTIFICATION_KINDS, type NotificationGroup, type NotificationKind } from "../../../common/notifications";
import type { NotificationJson, NotificationsJson } from "../../../common/schemas/notifications";
import type { NotificationRow } from "../../db/queries/notifications/notifications";
import type { bellOf } from "../../domain/notifications/bell";
import { usd } from "../../lib/money";

const notificationJson = (r: NotificationRow): NotificationJson => ({
  id: r.id,
  kind: r.kind as NotificationKind,
  group: NOTIFICATION_KINDS[r.kind as NotificationKind],
  at: r.at,
  read: r.read === 1,
  count: r.count,
  amount_usd: usd(r.amountMicros),
  subject_id: r.subjectId,
  detail: r.detail,
  creator_id: r.creatorId,
  creator_name: r.creatorName,
});

/** The bell (docs/decisions/046): the unread count, the newest notifications and the groups turned off. */
export const bellJson = (bell: Awaited<ReturnType<typeof bellOf>>): NotificationsJson => ({
  unread: bell.unread,
  items: bell.items.map(notificationJson),
  muted: bell.muted as NotificationGroup[],
});
