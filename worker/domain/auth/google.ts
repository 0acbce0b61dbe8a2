import { Google, generateCodeVerifier, generateState } from "arctic";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { AppError, unauthorized, unavailable } from "../../lib/errors";
import type { Settings } from "../../lib/env";

const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
export const GOOGLE_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs";

// One key set per isolate: jose caches Google's keys and refetches on an unknown key id.
const googleKeys = createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));

export type VerifiedIdentity = { email: string; googleSub: string | null };

function googleClient(settings: Settings, origin: string) {
  if (!settings.googleClientId || !settings.googleClientSecret) {
    throw unavailable("Google sign-in is not configured on this server", "google_not_configured");
  }
  return new Google(settings.googleClientId, settings.googleClientSecret, `${origin}/auth/callback`);
}

export function googleAuthorization(settings: Settings, origin: string) {
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url = googleClient(settings, origin).createAuthorizationURL(state, verifier, ["openid", "email", "profile"]);
  return { url: url.toString(), state, verifier };
}

const signInFailed = () => unauthorized("Google sign-in could not be verified", "google_sign_in_failed");

/** Exchanges the code (PKCE) and verifies the ID token's signature, issuer, audience, expiry and email. */
export async function verifyGoogleCode(
  settings: Settings,
  origin: string,
  code: string,
  verifier: string,
): Promise<VerifiedIdentity> {
  const client = googleClient(settings, origin);
  let idToken: string;
  try {
    idToken = (await client.validateAuthorizationCode(code, verifier)).idToken();
  } catch (err) {
    console.warn("google code exchange refused:", (err as Error).message);
    throw signInFailed();
  }
  try {
    const { payload } = await jwtVerify(idToken, googleKeys, {
      issuer: GOOGLE_ISSUERS,
      audience: settings.googleClientId,
      algorithms: ["RS256"],
    });
    if (payload.email_verified !== true || typeof payload.email !== "string" || !payload.sub) throw signInFailed();
    return { email: payload.email.toLowerCase(), googleSub: payload.sub };
  } catch (err) {
    if (err instanceof AppError) throw err;
    console.warn("google id token refused:", (err as Error).message);
    throw signInFailed();
  }
}
