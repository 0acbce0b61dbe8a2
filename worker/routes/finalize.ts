import { Hono } from "hono";
import type { FinalizeResponse } from "../../common/api-types";
import { contentFinalizeBody } from "../../common/schemas/content";
import type { SignedInEnv } from "../app-env";
import { finalizeContent } from "../domain/content/finalize";
import { validate } from "../lib/validate";

/** Signed-in: turns an uploaded file into content (docs/product-spec.md §7 POST /api/content/finalize). */
export const finalizeRoutes = new Hono<SignedInEnv>().post("/content/finalize", validate("json", contentFinalizeBody), async (c) => {
  const result = await finalizeContent({ ctx: { db: c.get("db"), bucket: c.env.MEDIA, actor: c.get("user") }, input: c.req.valid("json") });
  return c.json(result satisfies FinalizeResponse, 201);
});
