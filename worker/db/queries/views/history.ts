import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { type ContentRow, SELECT_ROW } from "../content/content";
import { VISIBLE_ROW } from "../content/visibility";

/**
 * The items of a history page (docs/decisions/045) that the caller may still see, in one statement by primary
 * key: removed, deleted and suspended creators' items are left out, as every list leaves them out.
 */
export async function visibleContentByIds(db: Db, ids: string[]): Promise<ContentRow[]> {
  if (!ids.length) return [];
  return db.all<ContentRow>(sql`select ${SELECT_ROW} from content c join users u on u.id = c.created_by
    where ${inArray(sql`c.id`, ids)} and ${VISIBLE_ROW}`);
}
