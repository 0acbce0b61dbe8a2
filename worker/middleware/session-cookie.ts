import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SESSION_DAYS } from "../domain/auth/sign-in";

// How the session and the sign-in's OAuth state travel: cookies are HTTP, so they live here and the domain
// keeps only how long a session lasts.
// __Host- cookies must be Secure, host-only and Path=/: no subdomain or path can shadow them.
export const SESSION_COOKIE = "__Host-rp_session";
const OAUTH_COOKIE = "__Host-rp_oauth";
const OAUTH_MINUTES = 10;

const base = { path: "/", secure: true, httpOnly: true, sameSite: "Lax" } as const;

export const readSessionCookie = (c: Context) => getCookie(c, SESSION_COOKIE) ?? null;

export function writeSessionCookie(c: Context, token: string) {
  setCookie(c, SESSION_COOKIE, token, { ...base, maxAge: SESSION_DAYS * 24 * 3600 });
}

export const clearSessionCookie = (c: Context) => deleteCookie(c, SESSION_COOKIE, base);

/** The OAuth state and PKCE verifier travel in one short-lived cookie: `state.verifier`. */
export function writeOAuthCookie(c: Context, state: string, verifier: string) {
  setCookie(c, OAUTH_COOKIE, `${state}.${verifier}`, { ...base, maxAge: OAUTH_MINUTES * 60 });
}

export function takeOAuthCookie(c: Context): { state: string; verifier: string } | null {
  const raw = getCookie(c, OAUTH_COOKIE);
  deleteCookie(c, OAUTH_COOKIE, base);
  const [state, verifier] = raw?.split(".") ?? [];
  return state && verifier ? { state, verifier } : null;
}
