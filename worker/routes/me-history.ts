import { type Context, Hono } from "hono";
import { historyOut, historyQuery } from "../../common/schemas/history";
import { okOut, type OkResponse } from "../../common/schemas/ok";
import type { SignedInEnv } from "../app-env";
import { clearHistory, listHistory } from "../domain/views/watch-history";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { historyJson } from "./serializers/history";
import { thumbsOriginOf } from "./thumbnail-publication";

/** The signed-in member, the database and the bindings (their watch-session object), as the services take them. */
const watcherOf = (c: Context<SignedInEnv>) => ({ db: c.get("db"), actor: c.get("user"), env: c.env });

const cleared = (description: string) => ({ 200: { description, schema: okOut } });
const KEEPS =
  "Views, credits, earnings and every other record stay as they are: only the positions kept for resuming go.";

/**
 * Signed-in: the caller's watch history (docs/decisions/045), kept in their own watch-session object
 * (domain/views/watch-history.ts).
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
    async (c) =>
      c.json(
        historyJson(await listHistory({ ctx: watcherOf(c), input: c.req.valid("query") }), thumbsOriginOf(c)),
        200,
      ),
  )
  .delete(
    "/me/history",
    responds("Clear my watch history", cleared(`The whole history is forgotten. ${KEEPS}`)),
    async (c) => {
      await clearHistory({ ctx: watcherOf(c), input: {} });
      return c.json({ ok: true } satisfies OkResponse, 200);
    },
  )
  .delete(
    `/me/history/:contentId${ID_PATTERN}`,
    responds(
      "Remove an item from my watch history",
      cleared(`The item is forgotten (also when it was not in the history). ${KEEPS}`),
    ),
    async (c) => {
      await clearHistory({ ctx: watcherOf(c), input: { contentId: c.req.param("contentId") } });
      return c.json({ ok: true } satisfies OkResponse, 200);
    },
  );
