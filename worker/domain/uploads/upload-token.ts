import { jwtVerify, SignJWT } from "jose";
import { forbidden } from "../../lib/errors";
import { UPLOAD_TOKEN_SECONDS } from "./limits";

// The upload URL carries a short-lived token bound to key, user, type and size, so a PUT cannot write
// anywhere else, as anyone else, or more bytes than were signed for.
export type UploadGrant = { key: string; userId: string; contentType: string; size: number };

const AUDIENCE = "reelpay-upload";
const keyOf = (secret: string) => new TextEncoder().encode(`upload:${secret}`);

export async function signUploadToken(secret: string, grant: UploadGrant): Promise<string> {
  return new SignJWT({ key: grant.key, ct: grant.contentType, size: grant.size })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(grant.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${UPLOAD_TOKEN_SECONDS}s`)
    .sign(keyOf(secret));
}

/**
 * The upload services' access check: the grant is the caller's own. The route verified the token against the
 * caller already; a service called otherwise (a script, a test) must not write another member's upload.
 */
export function checkGrant(actor: { id: string }, grant: UploadGrant) {
  if (grant.userId !== actor.id)
    throw forbidden("Upload link is invalid or expired; please start the upload again", "bad_upload_token");
}

export async function verifyUploadToken(secret: string, token: string, userId: string): Promise<UploadGrant> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { audience: AUDIENCE, algorithms: ["HS256"] });
    const { key, ct, size, sub } = payload as { key?: unknown; ct?: unknown; size?: unknown; sub?: unknown };
    if (typeof key !== "string" || typeof ct !== "string" || typeof size !== "number" || sub !== userId) {
      throw new Error("grant does not belong to this user");
    }
    return { key, userId, contentType: ct, size };
  } catch {
    throw forbidden("Upload link is invalid or expired; please start the upload again", "bad_upload_token");
  }
}
