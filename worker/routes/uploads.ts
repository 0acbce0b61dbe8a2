import { Hono, type Context } from "hono";
import { okOut, type OkResponse } from "../../common/schemas/ok";
import {
  uploadKeyOut,
  uploadPartOut,
  uploadPartQuery,
  uploadPartsOut,
  uploadSignBody,
  uploadSignOut,
  uploadTokenQuery,
  type UploadKeyResponse,
  type UploadPartResponse,
  type UploadPartsResponse,
} from "../../common/schemas/uploads";
import type { SignedInEnv } from "../app-env";
import { abortMultipart, completeMultipart, listUploadParts, putPart } from "../domain/uploads/multipart";
import { putUpload } from "../domain/uploads/put-upload";
import { signUpload } from "../domain/uploads/sign-upload";
import { verifyUploadToken } from "../domain/uploads/upload-token";
import { unsupportedMedia } from "../lib/errors";
import { validate } from "../lib/validate";
import { uploadSignLimit } from "../middleware/rate-limit";
import { responds } from "../openapi/responds";

const grantOf = (c: Context<SignedInEnv>, token: string) =>
  verifyUploadToken(c.get("settings").sessionSecret, token, c.get("user").id);

/** The signed-in member, the request's database and the media bucket, as an upload service's context. */
const storageOf = (c: Context<SignedInEnv>) => ({ db: c.get("db"), bucket: c.env.MEDIA, actor: c.get("user") });

/** Signed-in: signed uploads into R2 (docs/architecture.md §4 "Uploads"). */
export const uploadRoutes = new Hono<SignedInEnv>()
  .post(
    "/uploads/sign",
    responds(
      "Start an upload",
      {
        200: {
          description: "Where to send the file: one PUT to `uploadUrl`, or, for large media, the parts of `multipart`.",
          schema: uploadSignOut,
        },
      },
      "Accepts MP4 video, MP3 audio and JPEG, PNG, WebP or GIF images (415 otherwise), up to their size limits (413) and the member's storage quota.",
    ),
    uploadSignLimit,
    validate("json", uploadSignBody),
    async (c) => {
      const body = c.req.valid("json");
      const signed = await signUpload({
        ctx: storageOf(c),
        input: { secret: c.get("settings").sessionSecret, ...body },
      });
      return c.json(signed, 200);
    },
  )
  .put(
    "/uploads/put",
    responds(
      "Upload a whole file",
      { 200: { description: "Stored: the object's key, for POST /api/content/finalize.", schema: uploadKeyOut } },
      "The body is the file, with the Content-Type it was signed for.",
    ),
    validate("query", uploadTokenQuery),
    async (c) => {
      const grant = await grantOf(c, c.req.valid("query").token);
      const type = c.req.header("content-type")?.split(";")[0]?.trim();
      if (type !== grant.contentType)
        throw unsupportedMedia(`Content-Type must be ${grant.contentType}`, "unsupported_media");
      await putUpload({
        ctx: storageOf(c),
        input: { grant, request: c.req.raw },
      });
      return c.json({ key: grant.key } satisfies UploadKeyResponse, 200);
    },
  )
  .get(
    "/uploads/multipart",
    responds("List an upload's stored parts", {
      200: { description: "The parts already stored, to resume an interrupted upload.", schema: uploadPartsOut },
    }),
    validate("query", uploadTokenQuery),
    async (c) => {
      const grant = await grantOf(c, c.req.valid("query").token);
      const parts = await listUploadParts({ ctx: storageOf(c), input: { grant } });
      return c.json(
        { parts: parts.map((p) => ({ part: p.partNumber, size: p.size })) } satisfies UploadPartsResponse,
        200,
      );
    },
  )
  .put(
    "/uploads/multipart/part",
    responds(
      "Upload one part",
      {
        200: {
          description: "The part stored, and its size in bytes; sending a part again replaces it.",
          schema: uploadPartOut,
        },
      },
      "The body is the part's bytes: `partSize` of the plan for every part but the last.",
    ),
    validate("query", uploadPartQuery),
    async (c) => {
      const { token, part } = c.req.valid("query");
      const grant = await grantOf(c, token);
      const size = await putPart({ ctx: storageOf(c), input: { grant, part, request: c.req.raw } });
      return c.json({ part, size } satisfies UploadPartResponse, 200);
    },
  )
  .post(
    "/uploads/multipart/complete",
    responds("Finish a multipart upload", {
      200: { description: "Stored: the object's key, for POST /api/content/finalize.", schema: uploadKeyOut },
    }),
    validate("query", uploadTokenQuery),
    async (c) => {
      const grant = await grantOf(c, c.req.valid("query").token);
      const key = await completeMultipart({
        ctx: storageOf(c),
        input: { grant },
      });
      return c.json({ key } satisfies UploadKeyResponse, 200);
    },
  )
  .delete(
    "/uploads/multipart",
    responds("Abandon a multipart upload", {
      200: { description: "Aborted: the stored parts are dropped.", schema: okOut },
    }),
    validate("query", uploadTokenQuery),
    async (c) => {
      await abortMultipart({
        ctx: storageOf(c),
        input: { grant: await grantOf(c, c.req.valid("query").token) },
      });
      return c.json({ ok: true } satisfies OkResponse, 200);
    },
  );
