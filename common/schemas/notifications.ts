import { z } from "zod";
import { NOTIFICATION_GROUPS, NOTIFICATION_KINDS, type NotificationKind } from "../notifications";

const kinds = Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]];

/**
 * POST /api/me/notifications/read: the ids the bell listed (at most 100), or `all: true` for everything up to
 * now. One of the two.
 */
export const notificationsReadBody = z
  .object({
    ids: z
      .array(z.string().max(40, "ids: not a notification id"), { error: "ids must be a list" })
      .max(100, "ids: at most 100 at once")
      .optional(),
    all: z.literal(true, { error: "all must be true" }).optional(),
  })
  .refine((b) => (b.ids !== undefined) !== (b.all !== undefined), {
    message: "ids or all: send one of them",
    path: ["ids"],
  });
export type NotificationsReadBody = z.input<typeof notificationsReadBody>;

/** PUT /api/me/notifications/settings: the groups the member turned off. */
export const notificationSettingsBody = z.object({
  muted: z
    .array(z.enum(NOTIFICATION_GROUPS, { error: `muted: each must be one of ${NOTIFICATION_GROUPS.join(", ")}` }), {
      error: "muted must be a list",
    })
    .max(NOTIFICATION_GROUPS.length),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** One line of the bell. Grouped kinds carry `count` and `amount_usd`; uploads the item and its creator. */
const notificationOut = z.object({
  id: z.string(),
  kind: z.enum(kinds),
  group: z.enum(NOTIFICATION_GROUPS),
  at: z.string(),
  read: z.boolean(),
  count: z.number().int(),
  amount_usd: z.number(),
  /** The item, payment or payout request it is about. */
  subject_id: z.string().nullable(),
  /** The item's title, a reason or a note. */
  detail: z.string(),
  /** Uploads: who uploaded it. */
  creator_id: z.string().nullable(),
  creator_name: z.string().nullable(),
});
export type NotificationJson = z.output<typeof notificationOut>;

/** GET /api/me/notifications: the unread count (capped at 100), the newest items, and the groups turned off. */
export const notificationsOut = z.object({
  unread: z.number().int(),
  items: z.array(notificationOut),
  muted: z.array(z.enum(NOTIFICATION_GROUPS)),
});
export type NotificationsJson = z.output<typeof notificationsOut>;

/** POST /api/me/notifications/read: the unread count after marking. */
export const notificationsReadOut = z.object({ unread: z.number().int() });

/** PUT /api/me/notifications/settings. */
export const notificationSettingsOut = z.object({ muted: z.array(z.enum(NOTIFICATION_GROUPS)) });
