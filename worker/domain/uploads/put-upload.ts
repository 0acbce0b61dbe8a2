import type { StorageCall } from "../member-context";
import { claimForWriting, uploadTaken, writeClaimed } from "./claim";
import { storeBody } from "./store-body";
import { checkGrant, type UploadGrant } from "./upload-token";

/**
 * The single PUT of a signed upload: claim, then stream the checked body into R2. R2 itself also refuses to
 * replace an object already stored under the key (If-None-Match: *), so a key is written at most once even
 * if something else ever wrote to it beside the claim.
 */
export async function putUpload({
  ctx,
  input: { grant, request },
}: StorageCall<{ grant: UploadGrant; request: Request }>) {
  checkGrant(ctx.actor, grant);
  const { db, bucket } = ctx;
  await claimForWriting(db, grant.key, "single");
  await writeClaimed(db, grant.key, () =>
    storeBody(request, { size: grant.size, contentType: grant.contentType, sniff: true }, async (stream) => {
      const stored = await bucket.put(grant.key, stream, {
        httpMetadata: { contentType: grant.contentType },
        onlyIf: { etagDoesNotMatch: "*" },
      });
      if (!stored) throw uploadTaken();
      return stored;
    }),
  );
}
