import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { vi } from "vitest";
import { GOOGLE_JWKS_URL } from "../domain/auth/google";

const TOKEN_URL = "https://oauth2.googleapis.com/token";

/**
 * Stands in for Google's token endpoint and JWKS with keys made here. Only Google's hosts are stubbed:
 * everything else (our own D1 and R2) stays real. Make one per test file: jose caches Google's keys per
 * isolate, as production does.
 */
export async function stubGoogle() {
  const trusted = await generateKeyPair("RS256", { extractable: true });
  const untrusted = await generateKeyPair("RS256", { extractable: true });
  const kid = `test-${crypto.randomUUID()}`;
  const jwk: JWK = { ...(await exportJWK(trusted.publicKey)), kid, alg: "RS256", use: "sig" };
  const tokenRequests: URLSearchParams[] = [];
  let nextIdToken = "";

  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (request.url === TOKEN_URL) {
      tokenRequests.push(new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer())));
      return Response.json({ access_token: "at", token_type: "Bearer", expires_in: 3600, id_token: nextIdToken });
    }
    if (request.url === GOOGLE_JWKS_URL) return Response.json({ keys: [jwk] });
    return realFetch(input as RequestInfo, init);
  });

  type Claims = { email?: string; email_verified?: boolean; aud?: string; iss?: string; exp?: number; sub?: string };
  async function idToken(claims: Claims, opts: { forged?: boolean } = {}) {
    const { aud = "test-client-id.apps.googleusercontent.com", iss = "https://accounts.google.com" } = claims;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: claims.email, email_verified: claims.email_verified ?? true })
      .setProtectedHeader({ alg: "RS256", kid })
      .setSubject(claims.sub ?? `sub-${crypto.randomUUID()}`)
      .setAudience(aud)
      .setIssuer(iss)
      .setIssuedAt(now - 60)
      .setExpirationTime(claims.exp ?? now + 3600)
      .sign(opts.forged ? untrusted.privateKey : trusted.privateKey);
  }

  return {
    tokenRequests,
    /** The ID token Google's token endpoint will return next. */
    willIssue(token: string) {
      nextIdToken = token;
    },
    idToken,
    restore: () => spy.mockRestore(),
  };
}
