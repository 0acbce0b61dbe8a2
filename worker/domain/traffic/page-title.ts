import type { PageRow } from "../../db/queries/traffic/traffic";
import { displayName } from "../username";

/**
 * What a top page shows beside its path: the content's title for /content/{id}, the creator's public name
 * for /creator/{id}; nothing for other paths and for ids nothing has (deleted content, a typo).
 */
export function pageTitle(p: PageRow): string | undefined {
  if (p.content_title !== null) return p.content_title;
  if (p.creator_id !== null) return displayName({ id: p.creator_id, username: p.creator_username });
  return undefined;
}
