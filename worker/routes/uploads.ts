import { Hono, type Context } from "hono";
import { z } from "zod";
import type { UploadPartsResponse } from "../api-types";
import type { SignedInEnv } from "../app-env";
import { deleteUpload, findUpload, listParts, markUploaded, recordPart } from "../db/queries/uploads";
import { expectedParts, partSizeFor } from "../domain/uploads/parts";
import { signUpload } from "../domain/uploads/sign-upload";
import { storeBody } from "../domain/uploads/store-body";
import { verifyUploadToken } from "../domain/uploads/upload-token";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";

const signBody = z.object({
  filename: z.string().trim().min(1, "filename is required").max(255, "filename must be at most 255 characters"),
  contentType: z.string().min(1, "contentType is required").max(100),
  fileSize: z.number().int("fileSize must be a whole number of bytes").min(0).max(Number.MAX_SAFE_INTEGER),
});
const tokenQuery = z.object({ token: z.string().min(1, "token is required").max(4096) });
const partQuery = tokenQuery.extend({ part: z.coerce.number().int().min(1).max(10_000) });

/** The upload the token grants, checked against the caller and its stored state. */
async function grantedUpload(c: Context<SignedInEnv>, token: string) {
  const grant = await verifyUploadToken(c.get("settings").sessionSecret, token, c.get("user").id);
  const row = await findUpload(c.get("db"), grant.key);
  if (!row) throw notFound("Upload not found; please start it again");
  if (row.status !== "signed") throw new ApiError(409, "This upload is already complete", "upload_complete");
  return { grant, row };
}

async function multipartOf(c: Context<SignedInEnv>, token: string) {
  const { grant, row } = await grantedUpload(c, token);
  if (!row.multipartUploadId) throw badRequest("This upload is not a multipart upload");
  return { grant, row, mpu: c.env.MEDIA.resumeMultipartUpload(row.key, row.multipartUploadId) };
}

/** Signed-in: signed uploads into R2 (DESIGN.md §4 "Uploads"). */
export const uploadRoutes = new Hono<SignedInEnv>()
  .post("/uploads/sign", validate("json", signBody), async (c) => {
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
    const { grant, row } = await grantedUpload(c, c.req.valid("query").token);
    if (row.multipartUploadId) throw badRequest("This upload goes in parts; use its multipart URLs");
    const type = c.req.header("content-type")?.split(";")[0]?.trim();
    if (type !== grant.contentType) throw new ApiError(415, `Content-Type must be ${grant.contentType}`, "unsupported_media");
    await storeBody(c.req.raw, { size: grant.size, contentType: grant.contentType, sniff: true }, (stream) =>
      c.env.MEDIA.put(grant.key, stream, { httpMetadata: { contentType: grant.contentType } }),
    );
    await markUploaded(c.get("db"), grant.key, nowIso());
    return c.json({ key: grant.key }, 200);
  })
  .get("/uploads/multipart", validate("query", tokenQuery), async (c) => {
    const { row } = await multipartOf(c, c.req.valid("query").token);
    const parts = await listParts(c.get("db"), row.key);
    return c.json({ parts: parts.map((p) => ({ part: p.partNumber, size: p.size })) } satisfies UploadPartsResponse, 200);
  })
  .put("/uploads/multipart/part", validate("query", partQuery), async (c) => {
    const { token, part } = c.req.valid("query");
    const { grant, row, mpu } = await multipartOf(c, token);
    const partSize = partSizeFor(grant.size, part);
    const uploaded = await storeBody(c.req.raw, { size: partSize, contentType: grant.contentType, sniff: part === 1 }, (stream) =>
      mpu.uploadPart(part, stream),
    );
    await recordPart(c.get("db"), { key: row.key, partNumber: part, etag: uploaded.etag, size: partSize });
    return c.json({ part, size: partSize }, 200);
  })
  .post("/uploads/multipart/complete", validate("query", tokenQuery), async (c) => {
    const { grant, row, mpu } = await multipartOf(c, c.req.valid("query").token);
    const parts = await listParts(c.get("db"), row.key);
    const missing = expectedParts(grant.size).filter((n) => !parts.some((p) => p.partNumber === n));
    if (missing.length) throw badRequest(`Parts missing: ${missing.slice(0, 10).join(", ")}`);
    await mpu.complete(parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag })));
    await markUploaded(c.get("db"), row.key, nowIso());
    return c.json({ key: row.key }, 200);
  })
  .delete("/uploads/multipart", validate("query", tokenQuery), async (c) => {
    const { row, mpu } = await multipartOf(c, c.req.valid("query").token);
    await mpu.abort();
    await deleteUpload(c.get("db"), row.key);
    return c.json({ ok: true }, 200);
  });
