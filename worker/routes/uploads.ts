import { Hono, type Context } from "hono";
import { z } from "zod";
import type { UploadPartsResponse } from "../../common/api-types";
import type { SignedInEnv } from "../app-env";
import { findUpload, listParts } from "../db/queries/uploads";
import { uploadTaken } from "../domain/uploads/claim";
import { abortMultipart, completeMultipart, putPart } from "../domain/uploads/multipart";
import { MIME_TYPE_PATTERN } from "../domain/uploads/limits";
import { putUpload } from "../domain/uploads/put-upload";
import { signUpload } from "../domain/uploads/sign-upload";
import { verifyUploadToken } from "../domain/uploads/upload-token";
import { badRequest, notFound, unsupportedMedia } from "../lib/errors";
import { validate } from "../lib/validate";
import { uploadSignLimit } from "../middleware/rate-limit";

const signBody = z.object({
  filename: z.string().trim().min(1, "filename is required").max(255, "filename must be at most 255 characters"),
  contentType: z
    .string("contentType is required")
    .min(1, "contentType is required")
    .max(128, "contentType must be at most 128 characters")
    .regex(MIME_TYPE_PATTERN, "contentType must be a MIME type such as video/mp4"),
  fileSize: z.number().int("fileSize must be a whole number of bytes").min(0).max(Number.MAX_SAFE_INTEGER),
});
const tokenQuery = z.object({ token: z.string().min(1, "token is required").max(4096) });
const partQuery = tokenQuery.extend({ part: z.coerce.number().int().min(1).max(10_000) });

const grantOf = (c: Context<SignedInEnv>, token: string) =>
  verifyUploadToken(c.get("settings").sessionSecret, token, c.get("user").id);

/** The upload the token grants, checked against the caller and its stored state (still open for parts). */
async function grantedUpload(c: Context<SignedInEnv>, token: string) {
  const grant = await grantOf(c, token);
  const row = await findUpload(c.get("db"), grant.key);
  if (!row) throw notFound("Upload not found; please start it again");
  if (row.status !== "signed") throw uploadTaken();
  return { grant, row };
}

async function multipartOf(c: Context<SignedInEnv>, token: string) {
  const { grant, row } = await grantedUpload(c, token);
  const { key, multipartUploadId } = row;
  if (!multipartUploadId) throw badRequest("This upload is not a multipart upload");
  return { grant, row: { key, multipartUploadId } };
}

/** Signed-in: signed uploads into R2 (docs/architecture.md §4 "Uploads"). */
export const uploadRoutes = new Hono<SignedInEnv>()
  .post("/uploads/sign", uploadSignLimit, validate("json", signBody), async (c) => {
    const body = c.req.valid("json");
    const signed = await signUpload({
      db: c.get("db"),
      bucket: c.env.MEDIA,
      secret: c.get("settings").sessionSecret,
      userId: c.get("user").id,
      ...body,
    });
    return c.json(signed, 200);
  })
  .put("/uploads/put", validate("query", tokenQuery), async (c) => {
    const grant = await grantOf(c, c.req.valid("query").token);
    const type = c.req.header("content-type")?.split(";")[0]?.trim();
    if (type !== grant.contentType) throw unsupportedMedia(`Content-Type must be ${grant.contentType}`, "unsupported_media");
    await putUpload(c.get("db"), c.env.MEDIA, grant, c.req.raw);
    return c.json({ key: grant.key }, 200);
  })
  .get("/uploads/multipart", validate("query", tokenQuery), async (c) => {
    const { row } = await multipartOf(c, c.req.valid("query").token);
    const parts = await listParts(c.get("db"), row.key);
    return c.json({ parts: parts.map((p) => ({ part: p.partNumber, size: p.size })) } satisfies UploadPartsResponse, 200);
  })
  .put("/uploads/multipart/part", validate("query", partQuery), async (c) => {
    const { token, part } = c.req.valid("query");
    const { grant, row } = await multipartOf(c, token);
    const size = await putPart(c.get("db"), c.env.MEDIA, grant, row, part, c.req.raw);
    return c.json({ part, size }, 200);
  })
  .post("/uploads/multipart/complete", validate("query", tokenQuery), async (c) => {
    const grant = await grantOf(c, c.req.valid("query").token);
    const key = await completeMultipart(c.get("db"), c.env.MEDIA, grant);
    return c.json({ key }, 200);
  })
  .delete("/uploads/multipart", validate("query", tokenQuery), async (c) => {
    await abortMultipart(c.get("db"), c.env.MEDIA, await grantOf(c, c.req.valid("query").token));
    return c.json({ ok: true }, 200);
  });
