import { visibleContentByIds } from "../../db/queries/views/history";
import { decodeCursor, encodeCursor } from "../content/cursor";
import type { WatcherCall } from "../member-context";
import { watchSessionsOf } from "./watch-sessions-of";

// The caller's watch history (docs/decisions/045), kept in their own watch-session object
// (worker/watch-sessions/history-store.ts): only the caller's own object is ever asked, so there is nobody
// else's history to reach. Views, credits and earnings never depend on it.

/**
 * Where the caller left each item, newest first, a keyset page: one RPC, then one D1 read for the page's items.
 * Items since removed or deleted are left out.
 */
export async function listHistory({
  ctx: { db, actor, env },
  input,
}: WatcherCall<{ cursor?: string; limit: number; unfinished: boolean }>) {
  const after = decodeCursor(input.cursor);
  const rows = await watchSessionsOf(env, actor.id).historyPage({
    after: after && { watchedAtMs: Number(after.key), contentId: after.id },
    limit: input.limit,
    unfinishedOnly: input.unfinished,
  });
  const page = rows.slice(0, input.limit);
  const items = new Map(
    (
      await visibleContentByIds(
        db,
        page.map((r) => r.contentId),
      )
    ).map((row) => [row.id, row]),
  );
  const last = page.at(-1);
  const nextCursor =
    rows.length > input.limit && last ? encodeCursor({ key: last.watchedAtMs, id: last.contentId }) : null;
  const entries = page.flatMap((position) => {
    const item = items.get(position.contentId);
    return item ? [{ item, position }] : [];
  });
  return { entries, nextCursor };
}

/** Forgets one item's position, or every one: what the caller resumes from, nothing that money reads. */
export async function clearHistory({ ctx: { actor, env }, input }: WatcherCall<{ contentId?: string }>) {
  await watchSessionsOf(env, actor.id).clearHistory(input.contentId);
}
