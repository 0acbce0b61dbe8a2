import type { SessionUser } from "../../app-env";
import type { Db } from "../../db/client";
import { findContent } from "../../db/queries/content/content";
import { forbidden, notFound } from "../../lib/errors";
import { isDeleted } from "./visibility";

/**
 * The content if it exists, is not deleted, and the user may change it: its creator, or an admin. A deleted
 * item is gone (docs/decisions/028): editing or deleting it again answers 404 like an unknown id.
 */
export async function contentTheUserMayChange(db: Db, user: SessionUser, id: string) {
  const row = await findContent(db, id);
  if (!row || isDeleted(row)) throw notFound("Content not found");
  if (row.createdBy !== user.id && !user.isAdmin) throw forbidden("Only the creator can change this content");
  return row;
}
