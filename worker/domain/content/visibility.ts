// Who may see an item (docs/decisions/027, 028): a taken-down item, and every item of a suspended creator, is
// hidden from everyone but its creator and admins; a deleted item is gone for everyone, its creator and admins
// included (admins still find it in moderation records and money history). Lists leave hidden and deleted
// items out in SQL (db/queries/content/visibility.ts); these rules decide for one item a caller asks for by id.

export type ItemStanding = {
  createdBy: string;
  removedAt: string | null;
  creatorSuspended: number | boolean;
  deletedAt: string | null;
};
export type Caller = { id: string; isAdmin: boolean } | null;

export const isHidden = (item: ItemStanding) => item.removedAt !== null || Boolean(item.creatorSuspended);

export const isDeleted = (item: Pick<ItemStanding, "deletedAt">) => item.deletedAt !== null;

/** The creator and admins see an item's moderation state (and a hidden item itself). */
export const seesModeration = (item: ItemStanding, caller: Caller) =>
  caller !== null && (caller.isAdmin || caller.id === item.createdBy);

/**
 * Whether the caller may open the item (details, media, thumbnail, like, playback): nobody once it is
 * deleted — a playback start would record a view that pays — else anyone while it is visible, else only its
 * creator and admins.
 */
export const mayOpen = (item: ItemStanding, caller: Caller) =>
  !isDeleted(item) && (!isHidden(item) || seesModeration(item, caller));
