// What the bell tells a member (docs/decisions/046), and the groups a member can turn off in Profile settings.
// Both sides read these: the server files each kind under its group, the SPA words each kind.

export const NOTIFICATION_GROUPS = ["uploads", "earnings", "payments", "moderation", "comments"] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

export const NOTIFICATION_KINDS = {
  /** A creator the member follows uploaded an item (fan-out on read: never a row per follower). */
  upload: "uploads",
  /** View rewards credited to the member that UTC day (viewer or creator side), grouped. */
  views_credited: "earnings",
  /** View rewards whose hold ends that UTC day, grouped; shows when the hold ends. */
  views_released: "earnings",
  /** View rewards taken back that UTC day (a fraud review, a takedown, a suspension), grouped. */
  views_reversed: "earnings",
  bonus_awarded: "earnings",
  bonus_held: "earnings",
  payment_recorded: "payments",
  payout_paid: "payments",
  payout_rejected: "payments",
  /** The member's payout destination changed; new requests wait 7 days (docs/decisions/066). */
  payout_address_changed: "payments",
  /** A payout batch returned the request: the money is available again. */
  payout_returned: "payments",
  /** A correction reversed a payment: the request was reopened or closed. */
  payout_corrected: "payments",
  item_taken_down: "moderation",
  item_restored: "moderation",
  account_suspended: "moderation",
  /** An admin upheld the member's appeal (docs/decisions/092): the takedown or suspension stands. */
  appeal_upheld: "moderation",
  /** An admin granted the member's appeal: the item is restored, or the suspension lifted. */
  appeal_granted: "moderation",
  /** Moderators took down one of the member's comments (docs/decisions/095); the line names the item it is under. */
  comment_taken_down: "moderation",
  comment_restored: "moderation",
  /** An admin upheld (the comment stays removed) or granted (it is visible again) the member's appeal. */
  comment_appeal_upheld: "moderation",
  comment_appeal_granted: "moderation",
  /** New comments on one of the member's items that UTC day, grouped per item (docs/decisions/093). */
  new_comments: "comments",
} as const satisfies Record<string, NotificationGroup>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

/** How many items the bell lists, and how far back a followed creator's uploads are told. */
export const NOTIFICATIONS_LISTED = 30;
export const UPLOAD_NOTICE_DAYS = 30;
/** The unread count stops counting here (the badge says "99+"). */
export const UNREAD_COUNTED = 100;
