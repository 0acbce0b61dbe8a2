import type { Db } from "../../db/client";
import { newId } from "../../lib/ids";
import { refreshChallengeStatements } from "./progress";

/** Brings the given users' challenges up to date in one batch (after a view qualifies or an upload). */
export async function refreshChallenges(db: Db, userIds: string[], now: string) {
  const unique = [...new Set(userIds)];
  await db.$client.batch(unique.flatMap((id) => refreshChallengeStatements(db.$client, id, now, newId())));
}
