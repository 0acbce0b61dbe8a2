// Who may see an item (docs/decisions/027, 028, 094): a taken-down item, every item of a suspended creator, and an
// item its creator keeps private (private, or scheduled before its time) are hidden from everyone but its creator
// and admins; a deleted item is gone for everyone, its creator and admins included (admins still find it in
// moderation records and money history). An unlisted item opens for anyone with its link. Lists leave hidden,
// private and deleted items out in SQL (db/queries/content/visibility.ts), and unlisted ones too; these rules
// decide for one item a caller asks for by id.

export type ItemStanding = {
  createdBy: string;
  removedAt: string | null;
  creatorSuspended: number | boolean;
  deletedAt: string | null;
  visibility: "public" | "unlisted" | "private";
  publishAt: string | null;
};
export type Caller = { id: string; isAdmin: boolean } | null;

/**
 * Private now: private, and not scheduled for a time already past. A scheduled item is public from its
 * `publish_at` whether or not the cron has written that down yet, so it appears at its time to the minute.
 */
export const isPrivate = (item: Pick<ItemStanding, "visibility" | "publishAt">, nowMs = Date.now()) =>
  item.visibility === "private" && (item.publishAt === null || Date.parse(item.publishAt) > nowMs);

/** Hidden by moderators: taken down, or its creator suspended. */
export const isModerated = (item: Pick<ItemStanding, "removedAt" | "creatorSuspended">) =>
  item.removedAt !== null || Boolean(item.creatorSuspended);

/** Hidden from all but its creator and admins: by moderators (taken down, creator suspended) or by its creator. */
export const isHidden = (item: ItemStanding) => isModerated(item) || isPrivate(item);

export const isDeleted = (item: Pick<ItemStanding, "deletedAt">) => item.deletedAt !== null;

/** The creator and admins see an item's moderation state (and a hidden item itself). */
export const seesModeration = (item: Pick<ItemStanding, "createdBy">, caller: Caller) =>
  caller !== null && (caller.isAdmin || caller.id === item.createdBy);

/**
 * Whether the caller may open the item (details, media, thumbnail, like, comments, playback): nobody once it is
 * deleted — a playback start would record a view that pays — else anyone while it is public or unlisted and not
 * taken down, else only its creator and admins.
 */
export const mayOpen = (item: ItemStanding, caller: Caller) =>
  !isDeleted(item) && (!isHidden(item) || seesModeration(item, caller));
