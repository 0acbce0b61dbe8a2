// Who may see an item (docs/decisions/027): a taken-down item, and every item of a suspended creator, is
// hidden from everyone but its creator and admins. Lists leave hidden items out in SQL
// (db/queries/visibility.ts); these rules decide for one item a caller asks for by id.

export type ItemStanding = { createdBy: string; removedAt: string | null; creatorSuspended: number | boolean };
export type Caller = { id: string; isAdmin: boolean } | null;

export const isHidden = (item: ItemStanding) => item.removedAt !== null || Boolean(item.creatorSuspended);

/** The creator and admins see an item's moderation state (and a hidden item itself). */
export const seesModeration = (item: ItemStanding, caller: Caller) => caller !== null && (caller.isAdmin || caller.id === item.createdBy);

/** Whether the caller may open the item: anyone while it is visible, else only its creator and admins. */
export const mayOpen = (item: ItemStanding, caller: Caller) => !isHidden(item) || seesModeration(item, caller);
