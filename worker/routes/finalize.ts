import { Hono } from "hono";
import { z } from "zod";
import type { FinalizeResponse } from "../../common/api-types";
import type { SignedInEnv } from "../app-env";
import { finalizeContent } from "../domain/content/finalize";
import { contentText } from "../domain/content/rules";
import { validate } from "../lib/validate";

const finalizeBody = z.object({
  r2_key: z.string().min(1, "r2_key is required").max(512),
  type: z.enum(["video", "audio"], "type must be video or audio"),
  title: contentText.title,
  description: contentText.description.optional().default(""),
  tags: contentText.tags.optional().default([]),
  thumbnail_key: z.string().min(1).max(512).optional(),
});

/** Signed-in: turns an uploaded file into content (docs/product-spec.md §7 POST /api/content/finalize). */
export const finalizeRoutes = new Hono<SignedInEnv>().post("/content/finalize", validate("json", finalizeBody), async (c) => {
  const result = await finalizeContent({
    db: c.get("db"),
    bucket: c.env.MEDIA,
    user: c.get("user"),
    input: c.req.valid("json"),
  });
  return c.json(result satisfies FinalizeResponse, 201);
});
