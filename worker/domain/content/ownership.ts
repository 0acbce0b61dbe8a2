import type { SessionUser } from "../../app-env";
import type { Db } from "../../db/client";
import { findContent } from "../../db/queries/content/content";
import { forbidden, notFound } from "../../lib/errors";
import { isDeleted, mayOpen } from "./visibility";

/**
 * The content if it exists, is not deleted, and the user may change it: its creator, or an admin. A deleted
 * item is gone (docs/decisions/028): editing or deleting it again answers 404 like an unknown id; so does another
 * member's private item (docs/decisions/094).
 */
export async function contentTheUserMayChange(db: Db, user: SessionUser, id: string) {
  const row = await findContent(db, id);
  // A member who may not open it (deleted; private, hidden) learns nothing of it, not even that it exists.
  if (!row || isDeleted(row) || !mayOpen(row, user)) throw notFound("Content not found");
  if (row.createdBy !== user.id && !user.isAdmin) throw forbidden("Only the creator can change this content");
  return row;
}
