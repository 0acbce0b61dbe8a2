import { Hono } from "hono";
import { historyOut, historyQuery, type HistoryResponse } from "../../common/schemas/history";
import { okOut, type OkResponse } from "../../common/schemas/ok";
import type { SignedInEnv } from "../app-env";
import { visibleContentByIds } from "../db/queries/views/history";
import { decodeCursor, encodeCursor } from "../domain/content/cursor";
import { watchSessionsOf } from "../domain/views/watch-sessions-of";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { historyEntryJson } from "./serializers/history";

const cleared = (description: string) => ({ 200: { description, schema: okOut } });
const KEEPS = "Views, credits, earnings and every other record stay as they are: only the positions kept for resuming go.";

/**
 * Signed-in: the caller's watch history (docs/decisions/045), kept in their own watch-session
 * object (worker/watch-sessions/history-store.ts): one RPC, then one D1 read for the page's items. Only the
 * caller's own object is ever asked, so there is nobody else's history to reach.
 */
export const myHistoryRoutes = new Hono<SignedInEnv>()
  .get(
    "/me/history",
    responds("List my watch history", {
      200: {
        description:
          "Where the caller left each item, newest first, a page at a time (`nextCursor` null on the last). With `unfinished=true`, only the items worth resuming (Continue watching). Items since removed or deleted are left out.",
        schema: historyOut,
      },
    }),
    validate("query", historyQuery),
    async (c) => {
      const { cursor, limit, unfinished } = c.req.valid("query");
      const after = decodeCursor(cursor);
      const rows = await watchSessionsOf(c.env, c.get("user").id).historyPage({
        after: after && { watchedAtMs: Number(after.key), contentId: after.id },
        limit,
        unfinishedOnly: unfinished,
      });
      const page = rows.slice(0, limit);
      const items = new Map((await visibleContentByIds(c.get("db"), page.map((r) => r.contentId))).map((row) => [row.id, row]));
      const last = page.at(-1);
      const nextCursor = rows.length > limit && last ? encodeCursor({ key: last.watchedAtMs, id: last.contentId }) : null;
      const entries = page.flatMap((p) => {
        const item = items.get(p.contentId);
        return item ? [historyEntryJson(item, p)] : [];
      });
      return c.json({ items: entries, nextCursor } satisfies HistoryResponse, 200);
    },
  )
  .delete("/me/history", responds("Clear my watch history", cleared(`The whole history is forgotten. ${KEEPS}`)), async (c) => {
    await watchSessionsOf(c.env, c.get("user").id).clearHistory();
    return c.json({ ok: true } satisfies OkResponse, 200);
  })
  .delete(
    `/me/history/:contentId${ID_PATTERN}`,
    responds("Remove an item from my watch history", cleared(`The item is forgotten (also when it was not in the history). ${KEEPS}`)),
    async (c) => {
      await watchSessionsOf(c.env, c.get("user").id).clearHistory(c.req.param("contentId"));
      return c.json({ ok: true } satisfies OkResponse, 200);
    },
  );
