import type { Db } from "../../db/client";
import { findUpload } from "../../db/queries/uploads/uploads";
import { badRequest, conflict, forbidden } from "../../lib/errors";
import type { UploadKind } from "./limits";

/** An upload the user may attach: theirs, of the right kind, fully stored and not yet used. */
export async function usableUpload(
  db: Db,
  user: { id: string },
  key: string,
  kind: UploadKind,
  field: string = fieldOf(kind),
) {
  const row = await findUpload(db, key);
  if (!row) throw badRequest(`${field}: no such upload`);
  if (row.userId !== user.id) throw forbidden(`${field}: not an upload of yours`);
  if (row.kind !== kind)
    throw badRequest(`${field}: this upload is not ${kind === "media" ? "a video or audio file" : "an image"}`);
  // `uploading`: a write holds the claim; its bytes are not complete (nor final) yet.
  if (row.status === "signed" || row.status === "uploading") throw badRequest(`${field}: the upload has not finished`);
  if (row.status === "finalized") throw conflict(`${field}: this upload is already used`, "upload_used");
  return row;
}

const fieldOf = (kind: UploadKind) => (kind === "media" ? "r2_key" : "thumbnail_key");
