import { publishDueContent } from "../../db/queries/content/content-writes";
import type { DbJobCall } from "../job-context";

/**
 * Writes down that scheduled items whose time has come are public (docs/decisions/094), in one conditional
 * statement on content_publish_due_idx; answers how many. Every read already treats such an item as public from
 * its `publish_at` on, so this only keeps the rows plain: a run that comes late, twice or not at all changes
 * nothing anyone sees. `published_at` was set when the item was scheduled, so followers are told at that time,
 * once, and no row is written per follower. No view and no money is written.
 */
export async function publishDueItems({ ctx: { db }, input: { now } }: DbJobCall<{ now: string }>) {
  return publishDueContent(db, now);
}
