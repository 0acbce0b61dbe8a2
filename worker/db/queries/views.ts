import type { Db } from "../client";
import { views } from "../schema";

export type ViewRecord = typeof views.$inferInsert;

/**
 * A view's one write to D1 (when it qualifies, or when it ends without qualifying), as a raw statement so it
 * can share a batch with the challenge refresh. The id is the session's: a retry writes nothing twice.
 */
export function insertViewStatement(db: Db, view: ViewRecord): D1PreparedStatement {
  const query = db.insert(views).values(view).onConflictDoNothing({ target: views.id }).toSQL();
  return db.$client.prepare(query.sql).bind(...query.params);
}
