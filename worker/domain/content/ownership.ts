import type { SessionUser } from "../../app-env";
import type { Db } from "../../db/client";
import { findContent } from "../../db/queries/content";
import { forbidden, notFound } from "../../lib/errors";

/** The content if it exists and the user may change it: its creator, or an admin. */
export async function contentTheUserMayChange(db: Db, user: SessionUser, id: string) {
  const row = await findContent(db, id);
  if (!row) throw notFound("Content not found");
  if (row.createdBy !== user.id && !user.isAdmin) throw forbidden("Only the creator can change this content");
  return row;
}
