import { type Context, Hono } from "hono";
import { okOut, type OkResponse } from "../../common/schemas/ok";
import { storyboardBody, storyboardOut, storyboardQuery, type StoryboardJson } from "../../common/schemas/storyboards";
import type { AppEnv, SignedInEnv } from "../app-env";
import { deleteStoryboard, getStoryboard, putStoryboard } from "../domain/storyboards/storyboards";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { storyboardJson, storyboardPath } from "./serializers/storyboard";
import { serveObject } from "./serve-object";

// An item's seek previews (docs/decisions/102): one JPEG sprite of small frames the player shows above its seek bar.
const ONE = `/content/:id${ID_PATTERN}/storyboard`;

/** At its current version the image never changes (a new one is a new version): browsers keep it a year. */
const STORYBOARD_IMMUTABLE = "private, max-age=31536000, immutable";

/** Public: the image goes to whoever may open the item (a hidden item's only to its creator and admins). */
export const storyboardPublicRoutes = new Hono<AppEnv>().get(
  ONE,
  responds(
    "Get an item's seek previews",
    {
      200: {
        description:
          "The sprite (image/jpeg). At its current version (`v`, as the item's `storyboard.url` names it) it is immutable and kept by the browser for a year; a hidden item's goes to its creator and admins only, never kept.",
        media: "image/jpeg",
      },
      302: { description: "A missing or old `v`: the current address." },
      304: { description: "Not modified: the ETag in If-None-Match is current." },
    },
    "A hidden item's seek previews answer 404 to everyone but its creator and admins; a deleted item's, or an item without any, to everyone.",
  ),
  validate("query", storyboardQuery),
  async (c) => {
    const id = c.req.param("id");
    const board = await getStoryboard({ ctx: { db: c.get("db"), actor: c.get("user") }, input: { contentId: id } });
    if (board.hidden)
      return serveObject(c, { bucket: c.env.MEDIA, key: board.r2Key, cacheControl: "private, no-store" });
    if (c.req.valid("query").v !== board.version) {
      c.header("Cache-Control", "private, max-age=60");
      return c.redirect(storyboardPath(id, board.version), 302);
    }
    return serveObject(c, { bucket: c.env.MEDIA, key: board.r2Key, cacheControl: STORYBOARD_IMMUTABLE });
  },
);

const storageOf = (c: Context<SignedInEnv>) => ({ db: c.get("db"), actor: c.get("user"), bucket: c.env.MEDIA });

/** Signed-in members in good standing: the item's creator, or an admin, sets and removes its seek previews. */
export const storyboardActiveRoutes = new Hono<SignedInEnv>()
  .put(
    ONE,
    responds(
      "Set an item's seek previews",
      { 200: { description: "Stored: the sprite's address and its layout.", schema: storyboardOut } },
      "Its creator, or an admin, for a video item (400 `storyboard_audio` for audio). `image_key` is a JPEG the " +
        "caller uploaded (POST /api/uploads/sign) of at most 2 MiB (413), `columns` × `frame_width` by `rows` × " +
        "`frame_height` pixels as its own header says (400 otherwise); `count` frames, one every `interval_ms`, fill " +
        "the grid's rows and reach the item's end (400 otherwise). An upload already used answers 409 " +
        "`upload_used`. The previous sprite is deleted.",
    ),
    validate("json", storyboardBody),
    async (c) => {
      const id = c.req.param("id");
      const row = await putStoryboard({ ctx: storageOf(c), input: { contentId: id, body: c.req.valid("json") } });
      return c.json(storyboardJson(row) satisfies StoryboardJson, 200);
    },
  )
  .delete(
    ONE,
    responds(
      "Remove an item's seek previews",
      { 200: { description: "Removed, with the image.", schema: okOut } },
      "Its creator, or an admin; 404 `storyboard_not_found` when the item has none.",
    ),
    async (c) => {
      await deleteStoryboard({ ctx: storageOf(c), input: { contentId: c.req.param("id") } });
      return c.json({ ok: true } satisfies OkResponse, 200);
    },
  );
