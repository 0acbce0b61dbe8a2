import { Hono } from "hono";
import { contentFinalizeBody, finalizeOut, type FinalizeResponse } from "../../common/schemas/content";
import type { SignedInEnv } from "../app-env";
import { finalizeContent } from "../domain/content/finalize";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";

/** Signed-in: turns an uploaded file into content (docs/product-spec.md §7 POST /api/content/finalize). */
export const finalizeRoutes = new Hono<SignedInEnv>().post(
  "/content/finalize",
  responds(
    "Publish an uploaded file",
    {
      201: {
        description: "The new item's id, and why its views cannot earn (null when they can).",
        schema: finalizeOut,
      },
    },
    "`r2_key` (and `thumbnail_key`) are files the caller uploaded; the server reads the duration from the file itself " +
      "and measures its media against the floors that earn (docs/decisions/063). An item that misses one is still published.",
  ),
  validate("json", contentFinalizeBody),
  async (c) => {
    const result = await finalizeContent({
      ctx: { db: c.get("db"), bucket: c.env.MEDIA, thumbs: c.env.THUMBS, actor: c.get("user") },
      input: c.req.valid("json"),
    });
    return c.json({ id: result.id, earn_block: result.earnBlock } satisfies FinalizeResponse, 201);
  },
);
